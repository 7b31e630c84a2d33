import type { SavedResponseListQuery } from "@holboo/core";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { savedResponses, users } from "../../platform/db/schema.ts";

const columns = { response: savedResponses, authorFirst: users.firstName, authorLast: users.lastName };

export async function listSavedResponses(db: Executor, companyId: number, query: SavedResponseListQuery) {
  const conditions: SQL[] = [eq(savedResponses.companyId, companyId)];
  if (query.search) {
    const pattern = containsPattern(query.search.replace(/^\//, ""));
    const match = or(ilike(savedResponses.key, pattern), ilike(savedResponses.text, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, [count]] = await Promise.all([
    db
      .select(columns)
      .from(savedResponses)
      .leftJoin(users, eq(users.id, savedResponses.createdByUserId))
      .where(where)
      .orderBy(asc(savedResponses.key))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(savedResponses)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findSavedResponse(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(savedResponses)
    .leftJoin(users, eq(users.id, savedResponses.createdByUserId))
    .where(and(eq(savedResponses.companyId, companyId), eq(savedResponses.id, id)));
  return row ?? null;
}

export async function insertSavedResponse(db: Executor, values: typeof savedResponses.$inferInsert) {
  const [row] = await db.insert(savedResponses).values(values).returning({ id: savedResponses.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateSavedResponse(db: Executor, companyId: number, id: number, patch: { key: string; text: string }) {
  const rows = await db
    .update(savedResponses)
    .set(patch)
    .where(and(eq(savedResponses.companyId, companyId), eq(savedResponses.id, id)))
    .returning({ id: savedResponses.id });
  return rows.length > 0;
}

export async function deleteSavedResponse(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(savedResponses)
    .where(and(eq(savedResponses.companyId, companyId), eq(savedResponses.id, id)))
    .returning({ id: savedResponses.id });
  return rows.length > 0;
}
