import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../platform/db/client.ts";
import { channelEvents } from "../platform/db/schema.ts";

export type ChannelEventRow = typeof channelEvents.$inferSelect;

/** Stores an event unless the channel already has one with the provider's id; the new row's id, or null. */
export async function insertEventOnce(
  db: Executor,
  event: { companyId: number; channelId: number; providerEventId: string; payload: unknown },
): Promise<number | null> {
  const [row] = await db.insert(channelEvents).values(event).onConflictDoNothing().returning({ id: channelEvents.id });
  return row?.id ?? null;
}

export async function findUnprocessedEvent(db: Executor, companyId: number, id: number): Promise<ChannelEventRow | null> {
  const [row] = await db
    .select()
    .from(channelEvents)
    .where(and(eq(channelEvents.companyId, companyId), eq(channelEvents.id, id), isNull(channelEvents.processedAt)));
  return row ?? null;
}

/** Those of these events not yet processed, oldest first (the order they were stored in). */
export function findUnprocessedEvents(db: Executor, companyId: number, ids: number[]): Promise<ChannelEventRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(channelEvents)
    .where(and(eq(channelEvents.companyId, companyId), inArray(channelEvents.id, ids), isNull(channelEvents.processedAt)))
    .orderBy(asc(channelEvents.id));
}

export async function markEventProcessed(db: Executor, companyId: number, id: number) {
  await db
    .update(channelEvents)
    .set({ processedAt: sql`now()` })
    .where(and(eq(channelEvents.companyId, companyId), eq(channelEvents.id, id)));
}

export async function countEvents(db: Executor, companyId: number, channelId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channelEvents)
    .where(and(eq(channelEvents.companyId, companyId), eq(channelEvents.channelId, channelId)));
  return row?.n ?? 0;
}
