import { and, eq } from "drizzle-orm";
import type { Executor } from "../platform/db/client.ts";
import { messageDeliveryParts } from "../platform/db/schema.ts";

/** The parts of a reply its provider already took, by part number, with the provider's id of each. */
export async function deliveredParts(db: Executor, companyId: number, messageId: number): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ part: messageDeliveryParts.part, providerMessageId: messageDeliveryParts.providerMessageId })
    .from(messageDeliveryParts)
    .where(and(eq(messageDeliveryParts.companyId, companyId), eq(messageDeliveryParts.messageId, messageId)));
  return new Map(rows.map((row) => [row.part, row.providerMessageId]));
}

export async function recordDeliveredPart(db: Executor, part: { companyId: number; messageId: number; part: number; providerMessageId: string | null }) {
  await db.insert(messageDeliveryParts).values(part).onConflictDoNothing();
}
