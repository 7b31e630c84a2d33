import { and, asc, eq, inArray } from "drizzle-orm";
import type { IssueSettingKind } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import { issueSettings } from "../../platform/db/schema.ts";

export type IssueSettingRow = typeof issueSettings.$inferSelect;

const of = (companyId: number, kind: IssueSettingKind) => and(eq(issueSettings.companyId, companyId), eq(issueSettings.kind, kind));

export function listSettings(db: Executor, companyId: number, kind: IssueSettingKind) {
  return db.select().from(issueSettings).where(of(companyId, kind)).orderBy(asc(issueSettings.name));
}

export function findSettings(db: Executor, companyId: number, kind: IssueSettingKind, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(issueSettings)
    .where(and(of(companyId, kind), inArray(issueSettings.id, ids)));
}

export async function insertSetting(db: Executor, values: typeof issueSettings.$inferInsert): Promise<IssueSettingRow> {
  const [row] = await db.insert(issueSettings).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateSetting(db: Executor, companyId: number, kind: IssueSettingKind, id: number, patch: Partial<typeof issueSettings.$inferInsert>) {
  const [row] = await db
    .update(issueSettings)
    .set(patch)
    .where(and(of(companyId, kind), eq(issueSettings.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteSetting(db: Executor, companyId: number, kind: IssueSettingKind, id: number) {
  const rows = await db
    .delete(issueSettings)
    .where(and(of(companyId, kind), eq(issueSettings.id, id)))
    .returning({ id: issueSettings.id });
  return rows.length > 0;
}
