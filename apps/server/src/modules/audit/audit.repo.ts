import type { AuditListQuery } from "@holboo/core";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { auditLog, users } from "../../platform/db/schema.ts";

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, "id" | "actorName" | "createdAt">;

/** One statement; the actor's name is copied from their row as it is now, so the entry still reads after they go. */
export async function insertAuditEntry(db: Executor, values: NewAuditRow): Promise<void> {
  const actorName =
    values.actorUserId == null
      ? null
      : sql`(SELECT trim(${users.firstName} || ' ' || ${users.lastName}) FROM ${users} WHERE ${users.id} = ${values.actorUserId})`;
  await db.insert(auditLog).values({ ...values, actorName });
}

export async function listAuditEntries(db: Executor, companyId: number, query: AuditListQuery): Promise<{ items: AuditRow[]; total: number }> {
  const filters: SQL[] = [eq(auditLog.companyId, companyId)];
  if (query.actor_id) filters.push(eq(auditLog.actorUserId, query.actor_id));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, new Date(query.to)));
  const where = and(...filters);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}
