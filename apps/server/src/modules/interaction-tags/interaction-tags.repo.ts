import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { interactionTags } from "../../platform/db/schema.ts";

export type InteractionTagRow = typeof interactionTags.$inferSelect;

export function listTags(db: Executor, companyId: number) {
  return db.select().from(interactionTags).where(eq(interactionTags.companyId, companyId)).orderBy(asc(interactionTags.name));
}

export async function insertTag(db: Executor, values: typeof interactionTags.$inferInsert): Promise<InteractionTagRow> {
  const [row] = await db.insert(interactionTags).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateTag(db: Executor, companyId: number, id: number, patch: Partial<typeof interactionTags.$inferInsert>) {
  const [row] = await db
    .update(interactionTags)
    .set(patch)
    .where(and(eq(interactionTags.companyId, companyId), eq(interactionTags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTag(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(interactionTags)
    .where(and(eq(interactionTags.companyId, companyId), eq(interactionTags.id, id)))
    .returning({ id: interactionTags.id });
  return rows.length > 0;
}
