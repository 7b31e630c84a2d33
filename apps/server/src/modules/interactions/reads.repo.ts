import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { interactionReads, interactions, messages } from "../../platform/db/schema.ts";

/**
 * Customer messages of the current interactions row after a read position: a range of
 * `messages_interaction_seq_unique` (company, interaction, seq), so the count costs what is unread, not the thread.
 */
function customerMessagesAfter(lastReadSeq: SQL): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM ${messages} m WHERE m.company_id = ${interactions.companyId} AND m.interaction_id = ${interactions.id} AND m.seq > ${lastReadSeq} AND m.direction = 'in')`;
}

/**
 * The viewer's unread customer messages in the current interactions row (no read position: all of them). Only open
 * conversations wait for someone: a closed one counts none, or a newcomer would find the whole archive unread.
 */
export function unreadFor(userId: number): SQL<number> {
  const position = sql`COALESCE((SELECT r.last_read_seq FROM ${interactionReads} r WHERE r.company_id = ${interactions.companyId} AND r.user_id = ${userId} AND r.interaction_id = ${interactions.id}), 0)`;
  return sql<number>`CASE WHEN ${interactions.status} = 'open' THEN ${customerMessagesAfter(position)} ELSE 0 END`;
}

/**
 * The tab's badge for one person: open conversations they may see with customer messages after their read
 * position, and how many. A conversation with no event after the position is passed over without counting.
 */
export async function unreadSummaryFor(db: Executor, companyId: number, userId: number, visibility: SQL | null) {
  const position = sql`COALESCE(${interactionReads.lastReadSeq}, 0)`;
  const conditions: SQL[] = [eq(interactions.companyId, companyId), eq(interactions.status, "open"), gt(interactions.lastSeq, position)];
  if (visibility) conditions.push(visibility);
  const perConversation = db
    .select({ unread: customerMessagesAfter(position).as("unread") })
    .from(interactions)
    .leftJoin(
      interactionReads,
      and(eq(interactionReads.companyId, interactions.companyId), eq(interactionReads.userId, userId), eq(interactionReads.interactionId, interactions.id)),
    )
    .where(and(...conditions))
    .as("per_conversation");
  const [row] = await db
    .select({
      conversations: sql<number>`count(*) FILTER (WHERE ${perConversation.unread} > 0)::int`,
      messages: sql<number>`COALESCE(sum(${perConversation.unread}), 0)::int`,
    })
    .from(perConversation);
  return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0 };
}

/** Moves a person's read position forward (never back); the new position, or null when it did not move. */
export async function advanceReadPosition(db: Executor, companyId: number, userId: number, interactionId: number, seq: number): Promise<number | null> {
  const [row] = await db
    .insert(interactionReads)
    .values({ companyId, userId, interactionId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [interactionReads.companyId, interactionReads.userId, interactionReads.interactionId],
      set: { lastReadSeq: seq, updatedAt: sql`now()` },
      setWhere: sql`${interactionReads.lastReadSeq} < ${seq}`,
    })
    .returning({ lastReadSeq: interactionReads.lastReadSeq });
  return row?.lastReadSeq ?? null;
}
