import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { companies, interactions, onlineNow, users } from "../../platform/db/schema.ts";
import type { AssignmentCandidate } from "./interactions.policy.ts";

const ASSIGNMENT_LOCK = 7301;

/**
 * Serialises assignment decisions within a company for the rest of the transaction. An advisory lock,
 * not a row lock: inserts that reference the company take share locks on its row, and a row lock here
 * would deadlock with them.
 */
export async function lockCompanyForAssignment(db: Executor, companyId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ASSIGNMENT_LOCK}, ${companyId})`);
  const [row] = await db.select({ maxOpen: companies.maxOpenPerAgent }).from(companies).where(eq(companies.id, companyId));
  return row?.maxOpen ?? 0;
}

/** The company's people with what the assignment rule weighs (interactions.policy `pickAssignee` decides). */
export async function assignmentCandidates(db: Executor, companyId: number): Promise<AssignmentCandidate[]> {
  const openCount = sql<number>`(SELECT count(*)::int FROM interactions i WHERE i.company_id = ${companyId} AND i.assignee_user_id = users.id AND i.status = 'open')`;
  const lastAssignedAt =
    sql<Date | null>`(SELECT max(i.started_at) FROM interactions i WHERE i.company_id = ${companyId} AND i.assignee_user_id = users.id)`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    );
  const online = sql<boolean>`coalesce(${onlineNow() ?? sql`false`}, false)`;
  return db
    .select({ id: users.id, role: users.role, userType: users.userType, status: users.status, online, openCount, lastAssignedAt })
    .from(users)
    .where(eq(users.companyId, companyId));
}

export async function queuedInteractions(db: Executor, companyId: number, limit: number) {
  return db
    .select({ id: interactions.id })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.status, "open"), eq(interactions.ownerType, "queue")))
    .orderBy(asc(interactions.startedAt))
    .limit(limit);
}
