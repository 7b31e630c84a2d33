import type { AppContext } from "../../context.ts";
import { findChannel } from "../channels.lookup.ts";
import type { ChannelAdapter, DeliveryResult, OutboundDelivery } from "../adapter.ts";
import { deliverInParts } from "../delivery-parts.ts";
import { providerMediaUrl } from "../media.ts";
import { channelSecrets } from "../secrets.ts";
import { callViber, isTemporaryViberStatus, ViberUnreachable } from "./viber.api.ts";
import { senderOf, viberConfigOf, type ViberSecrets } from "./viber.config.ts";
import { viberWebhook } from "./viber.webhook.ts";

/** The agent's clarifying choices as a keyboard: a tap sends the choice's number, which picks it (packages/core, agent-replies.ts). */
const keyboardOf = (choices: string[]) => ({
  Type: "keyboard",
  DefaultHeight: false,
  Buttons: choices.map((title, index) => ({
    Columns: 6,
    Rows: 1,
    ActionType: "reply",
    ActionBody: String(index + 1),
    Text: `${index + 1}. ${title}`.slice(0, 250),
  })),
});

/** One Viber message per part: the text (with its keyboard), then each picture or file by its public link. */
function partsOf(ctx: AppContext, delivery: OutboundDelivery): Array<Record<string, unknown>> {
  const parts: Array<Record<string, unknown>> = [];
  if (delivery.text.trim()) {
    parts.push({ type: "text", text: delivery.text, ...(delivery.choices.length ? { keyboard: keyboardOf(delivery.choices), min_api_version: 3 } : {}) });
  }
  for (const file of delivery.attachments) {
    const media = providerMediaUrl(ctx, delivery.companyId, file.file_id);
    parts.push(
      file.mime.startsWith("image/") && file.mime !== "image/svg+xml"
        ? { type: "picture", text: "", media }
        : { type: "file", media, size: file.size, file_name: file.name.slice(0, 255) },
    );
  }
  return parts;
}

async function deliver(delivery: OutboundDelivery, ctx: AppContext): Promise<DeliveryResult> {
  const channel = await findChannel(ctx.db, delivery.companyId, delivery.channelId);
  const secrets = channel ? channelSecrets<ViberSecrets>(ctx.secrets, channel) : null;
  if (!channel || !secrets) return { ok: false, retryable: false, error: "viber_channel_missing" };
  const sender = senderOf(viberConfigOf(channel));
  return deliverInParts(ctx, delivery, partsOf(ctx, delivery), async (part): Promise<DeliveryResult> => {
    try {
      const reply = await callViber(ctx, secrets.token, "send_message", {
        receiver: delivery.externalId,
        sender,
        tracking_data: `holboo:${delivery.messageId}`,
        ...part,
      });
      if (reply.status !== 0)
        return { ok: false, retryable: isTemporaryViberStatus(reply.status), error: `viber ${reply.status}: ${reply.status_message ?? ""}` };
      return { ok: true, providerMessageId: reply.message_token === undefined ? null : `viber:${reply.message_token}` };
    } catch (error) {
      if (error instanceof ViberUnreachable) return { ok: false, retryable: true, error: error.message };
      throw error;
    }
  });
}

/**
 * Viber: a bot token connects it (settings), Viber calls POST /webhooks/viber/{key} signed with that token,
 * and replies leave through send_message under the bot's name and avatar. A person who unsubscribed
 * cannot be written to until they write again.
 */
export const viberAdapter: ChannelAdapter = {
  type: "viber",
  live: false,
  deliver,
  webhook: viberWebhook,
  cannotSend: async (_ctx, _channel, identity) => (identity.unsubscribedAt ? "contact_unsubscribed" : null),
  async disconnect(ctx, channel) {
    const secrets = channelSecrets<ViberSecrets>(ctx.secrets, channel);
    // An empty url removes the webhook (Viber's documented way to stop callbacks).
    if (secrets) await callViber(ctx, secrets.token, "set_webhook", { url: "" });
  },
};
