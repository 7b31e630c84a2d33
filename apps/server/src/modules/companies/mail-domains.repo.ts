import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { mailDomains } from "../../platform/db/schema.ts";

export type MailDomainRow = typeof mailDomains.$inferSelect;

export function listMailDomains(db: Executor, companyId: number) {
  return db.select().from(mailDomains).where(eq(mailDomains.companyId, companyId)).orderBy(asc(mailDomains.domain));
}

export async function findMailDomain(db: Executor, companyId: number, id: number): Promise<MailDomainRow | null> {
  const [row] = await db
    .select()
    .from(mailDomains)
    .where(and(eq(mailDomains.companyId, companyId), eq(mailDomains.id, id)));
  return row ?? null;
}

export async function domainTaken(db: Executor, companyId: number, domain: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mailDomains.id })
    .from(mailDomains)
    .where(and(eq(mailDomains.companyId, companyId), eq(mailDomains.domain, domain)));
  return !!row && row.id !== exceptId;
}

export async function insertMailDomain(db: Executor, values: typeof mailDomains.$inferInsert): Promise<MailDomainRow> {
  const [row] = await db.insert(mailDomains).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateMailDomain(db: Executor, companyId: number, id: number, patch: Partial<typeof mailDomains.$inferInsert>) {
  const [row] = await db
    .update(mailDomains)
    .set(patch)
    .where(and(eq(mailDomains.companyId, companyId), eq(mailDomains.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteMailDomain(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(mailDomains)
    .where(and(eq(mailDomains.companyId, companyId), eq(mailDomains.id, id)))
    .returning({ id: mailDomains.id });
  return rows.length > 0;
}

export async function activeDomainMatches(db: Executor, companyId: number, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailDomains.id })
    .from(mailDomains)
    .where(and(eq(mailDomains.companyId, companyId), eq(mailDomains.status, "active"), sql`${mailDomains.domain} = ${domain.toLowerCase()}`));
  return !!row;
}
