import type { UnreadSummary } from "@holboo/core";
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { interactionReads, interactions, messages } from "../../platform/db/schema.ts";

/**
 * Customer messages of the current interactions row after a read position: a range of
 * `messages_interaction_seq_unique` (company, interaction, seq), so the count costs what is unread, not the thread.
 */
const customerMessagesAfter = (lastReadSeq: SQL) =>
  sql`SELECT count(*)::int AS unread FROM ${messages} m WHERE m.company_id = ${interactions.companyId} AND m.interaction_id = ${interactions.id} AND m.seq > ${lastReadSeq} AND m.direction = 'in'`;

/**
 * The viewer's unread customer messages in the current interactions row (no read position: all of them). Only open
 * conversations wait for someone: a closed one counts none, or a newcomer would find the whole archive unread.
 */
export function unreadFor(userId: number): SQL<number> {
  const position = sql`COALESCE((SELECT r.last_read_seq FROM ${interactionReads} r WHERE r.company_id = ${interactions.companyId} AND r.user_id = ${userId} AND r.interaction_id = ${interactions.id}), 0)`;
  return sql<number>`CASE WHEN ${interactions.status} = 'open' THEN (${customerMessagesAfter(position)}) ELSE 0 END`;
}

/**
 * The tab's badge for one person: open conversations they may see with customer messages after their read
 * position, and how many. A conversation with no event after the position is passed over without counting; the
 * count is a lateral join, so each conversation's is taken once for both figures.
 */
export async function unreadSummaryFor(db: Executor, companyId: number, userId: number, visibility: SQL | null): Promise<UnreadSummary> {
  const position = sql`COALESCE(${interactionReads.lastReadSeq}, 0)`;
  const { rows } = await db.execute<UnreadSummary>(sql`
    SELECT count(*) FILTER (WHERE counted.unread > 0)::int AS conversations, COALESCE(sum(counted.unread), 0)::int AS messages
    FROM ${interactions}
    LEFT JOIN ${interactionReads} ON ${interactionReads.companyId} = ${interactions.companyId} AND ${interactionReads.userId} = ${userId} AND ${interactionReads.interactionId} = ${interactions.id}
    CROSS JOIN LATERAL (${customerMessagesAfter(position)}) counted
    WHERE ${interactions.companyId} = ${companyId} AND ${interactions.status} = 'open' AND ${interactions.lastSeq} > ${position}${visibility ? sql` AND ${visibility}` : sql``}
  `);
  return rows[0] ?? { conversations: 0, messages: 0 };
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
