import { z } from "zod";
import type { ChannelRow } from "../channels.repo.ts";

/** What a Viber channel keeps in `channels.config` (not secret); the bot token lives in the sealed secrets. */
export const ViberConfig = z.object({
  webhook_key: z.string(),
  account_id: z.string(),
  bot_name: z.string(),
  uri: z.string().default(""),
  avatar: z.string().nullable().default(null),
  welcome: z.string().default(""),
  awaiting_approval: z.boolean().default(false),
});
export type ViberConfig = z.infer<typeof ViberConfig>;

export const viberConfigOf = (channel: Pick<ChannelRow, "config">): ViberConfig => ViberConfig.parse(channel.config);

export interface ViberSecrets extends Record<string, string> {
  token: string;
}

/** Viber shows at most 28 characters of a sender's name. */
export const senderOf = (config: ViberConfig) => ({ name: config.bot_name.slice(0, 28), ...(config.avatar ? { avatar: config.avatar } : {}) });
