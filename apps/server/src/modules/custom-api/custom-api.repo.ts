import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { customApiEndpoints } from "../../platform/db/schema.ts";

export type EndpointRow = typeof customApiEndpoints.$inferSelect;

export function listEndpoints(db: Executor, companyId: number) {
  return db.select().from(customApiEndpoints).where(eq(customApiEndpoints.companyId, companyId)).orderBy(asc(customApiEndpoints.id));
}

export async function findEndpoint(db: Executor, companyId: number, id: number): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(customApiEndpoints)
    .where(and(eq(customApiEndpoints.companyId, companyId), eq(customApiEndpoints.id, id)));
  return row ?? null;
}

export async function insertEndpoint(db: Executor, values: typeof customApiEndpoints.$inferInsert): Promise<number> {
  const [row] = await db.insert(customApiEndpoints).values(values).returning({ id: customApiEndpoints.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateEndpoint(db: Executor, companyId: number, id: number, patch: Partial<typeof customApiEndpoints.$inferInsert>) {
  const rows = await db
    .update(customApiEndpoints)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(customApiEndpoints.companyId, companyId), eq(customApiEndpoints.id, id)))
    .returning({ id: customApiEndpoints.id });
  return rows.length > 0;
}

export async function deleteEndpoint(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(customApiEndpoints)
    .where(and(eq(customApiEndpoints.companyId, companyId), eq(customApiEndpoints.id, id)))
    .returning({ id: customApiEndpoints.id });
  return rows.length > 0;
}
