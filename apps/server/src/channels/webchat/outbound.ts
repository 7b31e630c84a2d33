import type { ChannelAdapter } from "../adapter.ts";
import { findWebchat } from "./webchat.repo.ts";

/**
 * Web chat has no provider: a committed message reaches the visitor through the realtime push and,
 * if the visitor was away, through their resync. Delivery is therefore complete at commit.
 */
export const webchatAdapter: ChannelAdapter = {
  type: "webchat",
  live: true,
  deliver: async () => ({ ok: true, providerMessageId: null }),
  replyLocale: async (ctx, channel) => ((await findWebchat(ctx.db, channel.companyId, channel.id))?.webchat.language === "en" ? "en" : "mn"),
};
