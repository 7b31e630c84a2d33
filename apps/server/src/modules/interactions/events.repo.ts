import type { InteractionEventType } from "@holboo/core";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { interactionEvents, interactions } from "../../platform/db/schema.ts";

export type EventRow = typeof interactionEvents.$inferSelect;

/**
 * Takes the next sequence number of the interaction (the row lock serialises writers, so numbers
 * never repeat or skip) and records the event in the caller's transaction.
 */
export async function nextSeq(db: Executor, companyId: number, interactionId: number): Promise<number> {
  const [next] = await db
    .update(interactions)
    .set({ lastSeq: sql`${interactions.lastSeq} + 1` })
    .where(and(eq(interactions.companyId, companyId), eq(interactions.id, interactionId)))
    .returning({ seq: interactions.lastSeq });
  if (!next) throw new Error(`interaction ${interactionId} not found for event`);
  return next.seq;
}

export interface NewEvent {
  type: InteractionEventType;
  payload: Record<string, unknown>;
  visibleToContact: boolean;
}

async function insertEvent(db: Executor, companyId: number, interactionId: number, seq: number, event: NewEvent): Promise<EventRow> {
  const [row] = await db
    .insert(interactionEvents)
    .values({ companyId, interactionId, seq, ...event })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function appendEvent(db: Executor, companyId: number, interactionId: number, event: NewEvent): Promise<EventRow> {
  return insertEvent(db, companyId, interactionId, await nextSeq(db, companyId, interactionId), event);
}

export function listEventsAfter(db: Executor, companyId: number, interactionId: number, afterSeq: number, limit: number, contactView: boolean) {
  const conditions = [eq(interactionEvents.companyId, companyId), eq(interactionEvents.interactionId, interactionId), gt(interactionEvents.seq, afterSeq)];
  if (contactView) conditions.push(eq(interactionEvents.visibleToContact, true));
  return db
    .select()
    .from(interactionEvents)
    .where(and(...conditions))
    .orderBy(asc(interactionEvents.seq))
    .limit(limit);
}
