import { offeredChoices, type ChannelType } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { durable } from "../platform/events/bus.ts";
import { PermanentJobError } from "../platform/jobs/job.ts";
import { findChannel } from "./channels.lookup.ts";
import { findIdentityById } from "../modules/contacts/contacts.service.ts";
import { findInteraction } from "../modules/interactions/interactions.lookup.ts";
import { settleDelivery } from "../modules/interactions/delivery-status.service.ts";
import { findMessage } from "../modules/interactions/messages.service.ts";
import { isUniqueViolation } from "../platform/db/errors.ts";
import { adapterFor, type DeliveryResult } from "./adapter.ts";
import { acceptedDelivery, recordAcceptedDelivery } from "./delivery-parts.ts";

/**
 * Carries one reply out through its channel's provider (a subscriber of message.sent). The message is
 * `sending` until the provider takes it; a temporary failure is tried again with growing pauses; a refusal,
 * or the last failure, makes it `retry` (a person's Retry records message.sent again). Replies of one
 * conversation leave in order. Once a provider took a reply, it is never handed to a provider again: the
 * acceptance is recorded first (`recordAcceptedDelivery`), and a retry that finds it, or the provider's id
 * on the message, only marks the message sent.
 */
export const deliverySubscriber = durable<"message.sent", AppContext>({
  id: "channel.deliver",
  event: "message.sent",
  queue: { prefix: "delivery:", field: "interaction_id" },
  key: { prefix: "deliver:", field: "message_id" },
  maxAttempts: 6,
  async handle(ctx, payload) {
    const message = await findMessage(ctx.db, payload.company_id, payload.message_id);
    if (!message || message.status !== "sending") return;
    const delivery = { companyId: payload.company_id, messageId: payload.message_id };
    const accepted = message.providerMessageId ? { providerMessageId: message.providerMessageId } : await acceptedDelivery(ctx.db, delivery);
    if (accepted) return markSent(ctx, delivery, accepted.providerMessageId);
    const result = await handToProvider(ctx, payload.company_id, message.interactionId, message);
    if (result.ok) {
      await recordAcceptedDelivery(ctx.db, delivery, result.providerMessageId);
      return markSent(ctx, delivery, result.providerMessageId);
    }
    if (!result.retryable) throw new PermanentJobError(result.error);
    throw new Error(result.error);
  },
  async onDead(ctx, payload) {
    await settleDelivery(ctx, payload.company_id, payload.message_id, "retry", null);
  },
});

type Message = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/**
 * The reply is sent. The provider's id is kept on the message for its receipts, unless another message of the
 * company already holds that id (the unique index): then it is sent without it, since failing here would only
 * retry a reply the customer already has.
 */
async function markSent(ctx: AppContext, delivery: { companyId: number; messageId: number }, providerMessageId: string | null) {
  try {
    await settleDelivery(ctx, delivery.companyId, delivery.messageId, "sent", providerMessageId);
  } catch (error) {
    if (!providerMessageId || !isUniqueViolation(error)) throw error;
    ctx.log.warn(
      { messageId: delivery.messageId, providerMessageId },
      "the provider's id of a sent reply is another message's already; the reply is kept as sent without it",
    );
    await settleDelivery(ctx, delivery.companyId, delivery.messageId, "sent", null);
  }
}

async function handToProvider(ctx: AppContext, companyId: number, interactionId: number, message: Message): Promise<DeliveryResult> {
  const interaction = await findInteraction(ctx.db, companyId, interactionId);
  const identity = interaction?.identityId ? await findIdentityById(ctx.db, companyId, interaction.identityId) : null;
  const channel = identity ? await findChannel(ctx.db, companyId, identity.channelId) : null;
  const adapter = channel ? adapterFor(channel.type as ChannelType) : null;
  if (!identity || !adapter) return { ok: false, retryable: false, error: "channel_or_identity_missing" };
  return adapter
    .deliver(
      {
        companyId,
        channelId: identity.channelId,
        externalId: identity.externalId,
        messageId: message.id,
        text: message.text,
        attachments: message.attachments,
        choices: message.isBot ? offeredChoices(message.text) : [],
        byPerson: message.senderType === "user",
      },
      ctx,
    )
    .catch((error: unknown): DeliveryResult => ({ ok: false, retryable: true, error: String(error) }));
}
