import { UNRESOLVED_ISSUE_STATUSES, type ContactFilters } from "@holboo/core";
import { and, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { channels, contactIdentities, contactMerges, contactTypes, contacts, files, interactions, issues, users } from "../../platform/db/schema.ts";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;
export type IdentityRow = typeof contactIdentities.$inferSelect;

export async function insertContact(db: Executor, values: ContactInsert): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Inserts many rows in one statement; an idempotency key already present is skipped. */
export async function insertContacts(db: Executor, values: ContactInsert[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await db.insert(contacts).values(values).onConflictDoNothing().returning({ id: contacts.id });
  return rows.length;
}

export async function findContact(db: Executor, companyId: number, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return row ?? null;
}

export async function lockContacts(db: Executor, companyId: number, ids: number[]): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)))
    .orderBy(contacts.id)
    .for("update");
}

export async function findByIdempotencyKey(db: Executor, companyId: number, key: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.idempotencyKey, key)));
  return row ?? null;
}

export async function updateContact(db: Executor, companyId: number, id: number, patch: Partial<ContactInsert>) {
  const rows = await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function deleteContact(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Contacts of the company holding any of these e-mails or phones (in either of their two slots). */
export async function findByEmailsOrPhones(db: Executor, companyId: number, emails: string[], phones: string[], exceptId?: number) {
  const matches: SQL[] = [];
  if (emails.length) matches.push(inArray(contacts.email, emails), inArray(contacts.email2, emails));
  if (phones.length) matches.push(inArray(contacts.phone, phones), inArray(contacts.phone2, phones));
  if (!matches.length) return [];
  return db
    .select({ id: contacts.id, email: contacts.email, email2: contacts.email2, phone: contacts.phone, phone2: contacts.phone2 })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(...matches), exceptId ? ne(contacts.id, exceptId) : undefined));
}

export interface Visibility {
  /** Set when the user may only see the contacts they registered. */
  ownerUserId: number | null;
}

function filterConditions(companyId: number, filters: ContactFilters, visibility: Visibility, actorUserId: number): SQL[] {
  const conditions: SQL[] = [eq(contacts.companyId, companyId)];
  if (visibility.ownerUserId !== null) conditions.push(eq(contacts.createdByUserId, visibility.ownerUserId));
  if (filters.search) conditions.push(sql`${contacts.searchText} LIKE ${containsPattern(filters.search.toLowerCase())}`);
  if (filters.type_id) conditions.push(eq(contacts.typeId, filters.type_id));
  if (filters.special !== undefined) conditions.push(eq(contacts.special, filters.special));
  if (filters.created_by === "me") conditions.push(eq(contacts.createdByUserId, actorUserId));
  else if (filters.created_by) conditions.push(eq(contacts.createdBy, filters.created_by));
  if (filters.from) conditions.push(gte(contacts.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lte(contacts.createdAt, new Date(filters.to)));
  if (filters.channel_type) {
    const channelType = filters.channel_type;
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${contactIdentities} JOIN ${channels} ON ${channels.id} = ${contactIdentities.channelId}
            WHERE ${contactIdentities.companyId} = ${companyId} AND ${contactIdentities.contactId} = ${contacts.id} AND ${channels.type} = ${channelType})`,
    );
  }
  return conditions;
}

const viewColumns = { contact: contacts, typeName: contactTypes.name, creatorFirst: users.firstName, creatorLast: users.lastName };
const viewQuery = (db: Executor) =>
  db.select(viewColumns).from(contacts).leftJoin(contactTypes, eq(contactTypes.id, contacts.typeId)).leftJoin(users, eq(users.id, contacts.createdByUserId));
export type ContactViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>["execute"]>>[number];

export async function listContacts(
  db: Executor,
  companyId: number,
  filters: ContactFilters,
  visibility: Visibility,
  actorUserId: number,
  page: { limit: number; offset: number },
) {
  const where = and(...filterConditions(companyId, filters, visibility, actorUserId));
  const [items, [count]] = await Promise.all([
    viewQuery(db).where(where).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contacts)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findContactView(db: Executor, companyId: number, id: number): Promise<ContactViewRow | null> {
  const [row] = await viewQuery(db).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return row ?? null;
}

export async function identitiesOfContact(db: Executor, companyId: number, contactId: number) {
  return db
    .select({ identity: contactIdentities, channelType: channels.type, channelName: channels.name })
    .from(contactIdentities)
    .innerJoin(channels, eq(channels.id, contactIdentities.channelId))
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.contactId, contactId)))
    .orderBy(contactIdentities.id);
}

export async function interactionsOfContact(db: Executor, companyId: number, contactId: number) {
  return db
    .select({ interaction: interactions, channelType: channels.type, channelName: channels.name })
    .from(interactions)
    .leftJoin(channels, eq(channels.id, interactions.channelId))
    .where(and(eq(interactions.companyId, companyId), eq(interactions.contactId, contactId)))
    .orderBy(desc(interactions.startedAt), desc(interactions.id));
}

export async function countOpenInteractions(db: Executor, companyId: number, contactId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.contactId, contactId), eq(interactions.status, "open")));
  return row?.n ?? 0;
}

export async function countUnresolvedIssues(db: Executor, companyId: number, contactId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issues)
    .where(and(eq(issues.companyId, companyId), eq(issues.contactId, contactId), inArray(issues.status, [...UNRESOLVED_ISSUE_STATUSES])));
  return row?.n ?? 0;
}

/** Moves every interaction, issue and channel identity of one contact to another (a merge). */
export async function moveContactRecords(db: Executor, companyId: number, fromId: number, toId: number) {
  await db
    .update(interactions)
    .set({ contactId: toId })
    .where(and(eq(interactions.companyId, companyId), eq(interactions.contactId, fromId)));
  await db
    .update(issues)
    .set({ contactId: toId })
    .where(and(eq(issues.companyId, companyId), eq(issues.contactId, fromId)));
  await db
    .update(contactIdentities)
    .set({ contactId: toId })
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.contactId, fromId)));
}

export async function insertMerge(db: Executor, values: typeof contactMerges.$inferInsert) {
  await db.insert(contactMerges).values(values);
}

/** An import report, served by /api/files/:id. */
export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<string> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

// Used by web chat: a visitor's identity on one channel.

export async function findIdentity(db: Executor, channelId: number, externalId: string): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(contactIdentities)
    .where(and(eq(contactIdentities.channelId, channelId), eq(contactIdentities.externalId, externalId)));
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

/** The identity's contact, under a row lock held until the transaction ends (null: a visitor who has not written yet). */
export async function lockIdentityContact(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, id)))
    .for("update");
  return row ?? null;
}

export async function setIdentityContact(db: Executor, companyId: number, identityId: number, contactId: number) {
  await db
    .update(contactIdentities)
    .set({ contactId })
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, identityId)));
}

export async function setIdentityToken(db: Executor, identityId: number, tokenHash: string) {
  await db.update(contactIdentities).set({ visitorTokenHash: tokenHash }).where(eq(contactIdentities.id, identityId));
}

/** Marks a channel identity as having left the channel (a date) or back on it (null). */
export async function setIdentityUnsubscribed(db: Executor, companyId: number, channelId: number, externalId: string, at: Date | null) {
  await db
    .update(contactIdentities)
    .set({ unsubscribedAt: at })
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.channelId, channelId), eq(contactIdentities.externalId, externalId)));
}

/** Messenger's handover: the app controlling this person's thread when it is not Holboo, or null when Holboo has it. */
export async function setIdentityThreadOwner(db: Executor, companyId: number, identityId: number, appId: string | null) {
  await db
    .update(contactIdentities)
    .set({ threadOwnerAppId: appId })
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, identityId)));
}

export async function findIdentityById(db: Executor, companyId: number, id: number): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(contactIdentities)
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, id)));
  return row ?? null;
}

/** Serialises the writes of one customer identity (their messages arrive in order, one interaction at a time). */
export async function lockIdentity(db: Executor, companyId: number, id: number) {
  await db
    .select({ id: contactIdentities.id })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.companyId, companyId), eq(contactIdentities.id, id)))
    .for("update");
}
