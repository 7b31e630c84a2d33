import type { AppContext } from "../context.ts";
import { appendEvent, lockInteraction } from "../modules/interactions/interactions.service.ts";
import { findByProviderId, publish, setMessageDelivery } from "../modules/interactions/messages.service.ts";

/**
 * A provider's receipt for a reply it took (read by the customer, or failed after all), found by the
 * provider's message id. Seen never goes back; a failure after seen is ignored; anything else is recorded
 * as the bubble's status with its event.
 */
export async function applyReceipt(ctx: AppContext, companyId: number, providerMessageId: string, status: "seen" | "retry") {
  const done = await ctx.db.transaction(async (tx) => {
    const message = await findByProviderId(tx, companyId, providerMessageId);
    if (!message || message.direction !== "out" || message.status === status || message.status === "seen") return null;
    const locked = await lockInteraction(tx, companyId, message.interactionId);
    if (!locked) return null;
    await setMessageDelivery(tx, companyId, message.id, status, null);
    const event = await appendEvent(tx, companyId, locked.id, {
      type: "message.status",
      visibleToContact: status === "seen",
      payload: { message_ids: [message.id], seqs: [message.seq], status },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
}
