import type { AppContext } from "../context.ts";
import type { DeliveryResult, OutboundDelivery } from "./adapter.ts";
import { deliveredParts, recordDeliveredPart } from "./delivery-parts.repo.ts";

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
