import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { contactIdentities, contacts } from "../../platform/db/schema.ts";

export type ContactRow = typeof contacts.$inferSelect;
export type IdentityRow = typeof contactIdentities.$inferSelect;

export async function insertContact(db: Executor, values: typeof contacts.$inferInsert): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findContact(db: Executor, companyId: number, id: number): Promise<ContactRow | null> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return row ?? null;
}

export async function updateContact(db: Executor, companyId: number, id: number, patch: Partial<typeof contacts.$inferInsert>) {
  await db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
}

export async function findIdentity(db: Executor, channelId: number, externalId: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(contactIdentities).where(and(eq(contactIdentities.channelId, channelId), eq(contactIdentities.externalId, externalId)));
  return row ?? null;
}

export async function findIdentityByToken(db: Executor, tokenHash: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(contactIdentities).where(eq(contactIdentities.visitorTokenHash, tokenHash));
  return row ?? null;
}

export async function findIdentityOfContact(db: Executor, companyId: number, contactId: number, channelId: number): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(contactIdentities)
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.contactId, contactId), eq(contactIdentities.channelId, channelId)));
  return row ?? null;
}

export async function insertIdentity(db: Executor, values: typeof contactIdentities.$inferInsert): Promise<IdentityRow> {
  const [row] = await db.insert(contactIdentities).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function setIdentityToken(db: Executor, identityId: number, tokenHash: string) {
  await db.update(contactIdentities).set({ visitorTokenHash: tokenHash }).where(eq(contactIdentities.id, identityId));
}

export async function findIdentityById(db: Executor, companyId: number, id: number): Promise<IdentityRow | null> {
  const [row] = await db.select().from(contactIdentities).where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, id)));
  return row ?? null;
}

/** Serialises the writes of one customer identity (their messages arrive in order, one interaction at a time). */
export async function lockIdentity(db: Executor, companyId: number, id: number) {
  await db.select({ id: contactIdentities.id }).from(contactIdentities).where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, id))).for("update");
}
