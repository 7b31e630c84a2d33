import type { AppContext } from "../../context.ts";
import { findChannel } from "../channels.lookup.ts";
import { findIdentity } from "../../modules/contacts/contacts.service.ts";
import { lastInboundAt } from "../../modules/interactions/messages.service.ts";
import type { ChannelAdapter, DeliveryResult, OutboundDelivery } from "../adapter.ts";
import { deliverInParts } from "../delivery-parts.ts";
import { providerMediaUrl } from "../media.ts";
import { channelSecrets } from "../secrets.ts";
import { callGraph, GraphRefused, GraphUnreachable, isTemporaryGraphError } from "./graph.api.ts";
import { messengerConfigOf, type MessengerSecrets } from "./messenger.config.ts";
import { messengerWebhook } from "./messenger.webhook.ts";

const HOUR = 60 * 60 * 1000;
/** Anything may be sent within 24 hours of the customer's last message; a person, with HUMAN_AGENT, within 7 days. */
export const STANDARD_WINDOW_MS = 24 * HOUR;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR;

/** How this reply may be sent now (RESPONSE, or MESSAGE_TAG with HUMAN_AGENT for a person), or null when it may not. */
export function messagingTypeFor(lastInbound: Date | null, byPerson: boolean, now = Date.now()) {
  const since = lastInbound ? now - lastInbound.getTime() : Number.POSITIVE_INFINITY;
  if (since <= STANDARD_WINDOW_MS) return { messaging_type: "RESPONSE" };
  if (byPerson && since <= HUMAN_AGENT_WINDOW_MS) return { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" };
  return null;
}

/** Quick replies carry the choice's number as payload (titles at most 20 characters, at most 13). */
const quickRepliesOf = (choices: string[]) =>
  choices.slice(0, 13).map((title, index) => ({ content_type: "text", title: `${index + 1}. ${title}`.slice(0, 20), payload: String(index + 1) }));

function messagesOf(ctx: AppContext, delivery: OutboundDelivery): Array<Record<string, unknown>> {
  const messages: Array<Record<string, unknown>> = [];
  if (delivery.text.trim()) {
    messages.push({ text: delivery.text.slice(0, 2000), ...(delivery.choices.length ? { quick_replies: quickRepliesOf(delivery.choices) } : {}) });
  }
  for (const file of delivery.attachments) {
    const type = file.mime.startsWith("image/") ? "image" : file.mime.startsWith("audio/") ? "audio" : file.mime.startsWith("video/") ? "video" : "file";
    messages.push({ attachment: { type, payload: { url: providerMediaUrl(ctx, delivery.companyId, file.file_id), is_reusable: false } } });
  }
  return messages;
}

async function deliver(delivery: OutboundDelivery, ctx: AppContext): Promise<DeliveryResult> {
  const channel = await findChannel(ctx.db, delivery.companyId, delivery.channelId);
  const secrets = channel ? channelSecrets<MessengerSecrets>(ctx.secrets, channel) : null;
  const identity = await findIdentity(ctx.db, delivery.channelId, delivery.externalId);
  if (!channel || !secrets || !identity) return { ok: false, retryable: false, error: "messenger_channel_missing" };
  if (identity.threadOwnerAppId) return { ok: false, retryable: false, error: "messenger_thread_in_page_inbox" };
  const type = messagingTypeFor(await lastInboundAt(ctx.db, delivery.companyId, identity.id), delivery.byPerson);
  if (!type) return { ok: false, retryable: false, error: "messenger_window_closed" };
  return deliverInParts(ctx, delivery, messagesOf(ctx, delivery), async (message): Promise<DeliveryResult> => {
    try {
      const sent = await callGraph<{ message_id?: string }>(
        ctx,
        "POST",
        "me/messages",
        { access_token: secrets.page_token },
        { recipient: { id: delivery.externalId }, ...type, message: { ...message, metadata: `holboo:${delivery.messageId}` } },
      );
      return { ok: true, providerMessageId: sent.message_id ? `fb:${sent.message_id}` : null };
    } catch (error) {
      if (error instanceof GraphUnreachable) return { ok: false, retryable: true, error: error.message };
      if (error instanceof GraphRefused) return { ok: false, retryable: isTemporaryGraphError(error.status, error.error), error: error.message };
      throw error;
    }
  });
}

/**
 * Facebook Messenger: a Page connected through Facebook Login, events at the app's one webhook split by
 * Page, replies through the Send API within Meta's windows (the composer is refused outside them).
 */
export const messengerAdapter: ChannelAdapter = {
  type: "messenger",
  live: false,
  deliver,
  webhook: messengerWebhook,
  async cannotSend(ctx, channel, identity) {
    if (identity.threadOwnerAppId) return "messenger_thread_in_page_inbox";
    return messagingTypeFor(await lastInboundAt(ctx.db, channel.companyId, identity.id), true) ? null : "messenger_window_closed";
  },
  async disconnect(ctx, channel) {
    const secrets = channelSecrets<MessengerSecrets>(ctx.secrets, channel);
    if (secrets) await callGraph(ctx, "DELETE", `${messengerConfigOf(channel).page_id}/subscribed_apps`, { access_token: secrets.page_token });
  },
};
