import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { MatrixPermission } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import { companies, interactions, onlineNow, rolePermissions, users } from "../../platform/db/schema.ts";

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

/**
 * Online (and not expired), active people who may work interactions (admins, or a role holding `permission`, which the
 * interactions policy names), with their count of open interactions, fewest first; ties go to whoever was assigned
 * longest ago.
 */
export async function assignableAgents(db: Executor, companyId: number, permission: MatrixPermission) {
  const editorRoles = db
    .select({ role: rolePermissions.role })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.permission, permission)));
  const openCount = sql<number>`(SELECT count(*)::int FROM interactions i WHERE i.company_id = ${companyId} AND i.assignee_user_id = users.id AND i.status = 'open')`;
  const lastAssigned = sql`(SELECT max(i.started_at) FROM interactions i WHERE i.company_id = ${companyId} AND i.assignee_user_id = users.id)`;
  return db
    .select({ id: users.id, openCount })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.userType, "human"),
        eq(users.status, "active"),
        onlineNow(),
        or(eq(users.role, "admin"), inArray(users.role, editorRoles)),
      ),
    )
    .orderBy(asc(openCount), sql`${lastAssigned} ASC NULLS FIRST`, asc(users.id));
}

export async function isAssignable(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.userType, "human"), eq(users.status, "active")));
  return !!row;
}

export async function queuedInteractions(db: Executor, companyId: number, limit: number) {
  return db
    .select({ id: interactions.id })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.status, "open"), eq(interactions.ownerType, "queue")))
    .orderBy(asc(interactions.startedAt))
    .limit(limit);
}
