import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { contactTypes } from "../../platform/db/schema.ts";

export type ContactTypeRow = typeof contactTypes.$inferSelect;

export async function listContactTypes(db: Executor, companyId: number): Promise<ContactTypeRow[]> {
  return db.select().from(contactTypes).where(eq(contactTypes.companyId, companyId)).orderBy(asc(contactTypes.name));
}

export async function findContactType(db: Executor, companyId: number, id: number): Promise<ContactTypeRow | null> {
  const [row] = await db
    .select()
    .from(contactTypes)
    .where(and(eq(contactTypes.companyId, companyId), eq(contactTypes.id, id)));
  return row ?? null;
}

export async function insertContactType(db: Executor, values: typeof contactTypes.$inferInsert): Promise<ContactTypeRow> {
  const [row] = await db.insert(contactTypes).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateContactType(db: Executor, companyId: number, id: number, patch: { name: string; description: string }) {
  const [row] = await db
    .update(contactTypes)
    .set(patch)
    .where(and(eq(contactTypes.companyId, companyId), eq(contactTypes.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContactType(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(contactTypes)
    .where(and(eq(contactTypes.companyId, companyId), eq(contactTypes.id, id)))
    .returning({ id: contactTypes.id });
  return rows.length > 0;
}
