import type { AppContext } from "../context.ts";
import { appendEvent, lockInteraction } from "../modules/interactions/interactions.lookup.ts";
import { findByProviderId, markDeliveredUpTo, publish, setMessageDelivery } from "../modules/interactions/messages.service.ts";

/** How far a reply got; a receipt never moves it back (a late `delivered` after `seen` changes nothing). */
const REACHED: Record<string, number> = { sending: 0, sent: 0, retry: 0, delivered: 1, seen: 2 };

/**
 * A provider's receipt for a reply it took (delivered to the customer's device, read, or failed after
 * all), found by the provider's message id and recorded as the bubble's status with its event. A failure
 * after the reply reached the customer is ignored.
 */
export async function applyReceipt(ctx: AppContext, companyId: number, providerMessageId: string, status: "delivered" | "seen" | "retry") {
  const done = await ctx.db.transaction(async (tx) => {
    const message = await findByProviderId(tx, companyId, providerMessageId);
    if (!message || message.direction !== "out" || message.status === status) return null;
    const now = REACHED[message.status] ?? 0;
    if (status === "retry" ? now > 0 : (REACHED[status] ?? 0) <= now) return null;
    const locked = await lockInteraction(tx, companyId, message.interactionId);
    if (!locked) return null;
    await setMessageDelivery(tx, companyId, message.id, status, null);
    const event = await appendEvent(tx, companyId, locked.id, {
      type: "message.status",
      visibleToContact: status !== "retry",
      payload: { message_ids: [message.id], seqs: [message.seq], status },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
}

/**
 * Messenger's delivery watermark without message ids: every reply of the conversation the provider took
 * before that moment reached the customer's device.
 */
export async function applyDeliveryWatermark(ctx: AppContext, companyId: number, interactionId: number, watermark: Date) {
  const done = await ctx.db.transaction(async (tx) => {
    const locked = await lockInteraction(tx, companyId, interactionId);
    const changed = locked ? await markDeliveredUpTo(tx, companyId, interactionId, watermark) : [];
    if (!locked || !changed.length) return null;
    const event = await appendEvent(tx, companyId, locked.id, {
      type: "message.status",
      visibleToContact: true,
      payload: { message_ids: changed.map((m) => m.id), seqs: changed.map((m) => m.seq), status: "delivered" },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
}
