import type { AppContext } from "../context.ts";
import type { Executor } from "../platform/db/client.ts";
import type { DeliveryResult, OutboundDelivery } from "./adapter.ts";
import { deliveredParts, recordDeliveredPart } from "./delivery-parts.repo.ts";

/** The part number that records the whole reply as taken by its provider (its parts are 0…n-1). */
const WHOLE_REPLY = -1;

/**
 * Records that the provider took the whole reply, with its id: written the moment the provider answered,
 * before anything that can fail (marking the message sent can), into a table whose insert has nothing to
 * clash with, so a retried delivery finds it and settles instead of sending again. Recording twice is harmless.
 */
export async function recordAcceptedDelivery(db: Executor, delivery: { companyId: number; messageId: number }, providerMessageId: string | null) {
  await recordDeliveredPart(db, { companyId: delivery.companyId, messageId: delivery.messageId, part: WHOLE_REPLY, providerMessageId });
}

/** The provider's acceptance of a whole reply, if one was recorded: `{ providerMessageId }` (which may be null), else null. */
export async function acceptedDelivery(db: Executor, delivery: { companyId: number; messageId: number }): Promise<{ providerMessageId: string | null } | null> {
  const parts = await deliveredParts(db, delivery.companyId, delivery.messageId);
  return parts.has(WHOLE_REPLY) ? { providerMessageId: parts.get(WHOLE_REPLY) ?? null } : null;
}

/**
 * Sends a reply that leaves as several provider messages (the text, then each attachment) so that a retry
 * never sends a part twice: each part is recorded as soon as the provider took it, and a retried delivery
 * (a temporary failure, or a person's Retry) goes on from the first part not taken. The reply's provider id
 * is the first part's. A refusal stops at that part and is returned as it is; a throw goes up to the caller.
 * A reply of one part needs no record: the message's own provider id already marks it sent.
 */
export async function deliverInParts<Part>(
  ctx: AppContext,
  delivery: Pick<OutboundDelivery, "companyId" | "messageId">,
  parts: Part[],
  send: (part: Part) => Promise<DeliveryResult>,
): Promise<DeliveryResult> {
  const taken = parts.length > 1 ? await deliveredParts(ctx.db, delivery.companyId, delivery.messageId) : new Map<number, string | null>();
  for (const [index, part] of parts.entries()) {
    if (taken.has(index)) continue;
    const result = await send(part);
    if (!result.ok) return result;
    if (parts.length > 1)
      await recordDeliveredPart(ctx.db, {
        companyId: delivery.companyId,
        messageId: delivery.messageId,
        part: index,
        providerMessageId: result.providerMessageId,
      });
    taken.set(index, result.providerMessageId);
  }
  const ids = parts.map((_, index) => taken.get(index) ?? null);
  return { ok: true, providerMessageId: ids.find((id) => id !== null) ?? null };
}
