import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { companies, files, virtualAgents } from "../../platform/db/schema.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;

export async function findCompany(db: Executor, companyId: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

export async function companyNameTaken(db: Executor, name: string, exceptCompanyId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = ${name.toLowerCase()}`);
  return !!row && row.id !== exceptCompanyId;
}

export async function insertCompany(db: Executor, values: NewCompanyRow): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateCompany(db: Executor, companyId: number, patch: Partial<NewCompanyRow>): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}

export async function deleteCompany(db: Executor, companyId: number): Promise<void> {
  await db.delete(companies).where(eq(companies.id, companyId));
}

export async function insertFile(db: Executor, companyId: number, mime: string, data: Buffer): Promise<string> {
  const [row] = await db.insert(files).values({ companyId, mime, size: data.length, data }).returning({ id: files.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function findFile(db: Executor, companyId: number, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
  return row ?? null;
}

export async function deleteFile(db: Executor, companyId: number, fileId: string): Promise<void> {
  await db.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
}

export async function insertVirtualAgent(db: Executor, values: typeof virtualAgents.$inferInsert) {
  const [row] = await db.insert(virtualAgents).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findVirtualAgent(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(virtualAgents)
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.id, id)));
  return row ?? null;
}

export function listVirtualAgents(db: Executor, companyId: number) {
  return db.select().from(virtualAgents).where(eq(virtualAgents.companyId, companyId)).orderBy(virtualAgents.id);
}
