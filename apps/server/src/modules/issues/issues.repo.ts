import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { IssueListQuery } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { channels, contacts, issueComments, issueEvents, issueSettings, issueTagLinks, issues, users } from "../../platform/db/schema.ts";

export type IssueRow = typeof issues.$inferSelect;
export type IssueCommentRow = typeof issueComments.$inferSelect;
export type IssueEventRow = typeof issueEvents.$inferSelect;

/** Serialises numbering within a company for the rest of the transaction. */
const NUMBER_LOCK = 0x1550e;

export async function nextNumber(db: Executor, companyId: number): Promise<number> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${NUMBER_LOCK}, ${companyId})`);
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${issues.number}), 0)::int` })
    .from(issues)
    .where(eq(issues.companyId, companyId));
  return (row?.last ?? 0) + 1;
}

export async function insertIssue(db: Executor, values: typeof issues.$inferInsert): Promise<IssueRow> {
  const [row] = await db.insert(issues).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findIssue(db: Executor, companyId: number, id: number, forUpdate = false): Promise<IssueRow | null> {
  const query = db
    .select()
    .from(issues)
    .where(and(eq(issues.companyId, companyId), eq(issues.id, id)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateIssue(db: Executor, companyId: number, id: number, patch: Partial<typeof issues.$inferInsert>): Promise<IssueRow> {
  const [row] = await db
    .update(issues)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(issues.companyId, companyId), eq(issues.id, id)))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deleteIssue(db: Executor, companyId: number, id: number) {
  await db.delete(issues).where(and(eq(issues.companyId, companyId), eq(issues.id, id)));
}

export async function setTags(db: Executor, companyId: number, issueId: number, tagIds: number[]) {
  await db.delete(issueTagLinks).where(and(eq(issueTagLinks.companyId, companyId), eq(issueTagLinks.issueId, issueId)));
  if (tagIds.length) await db.insert(issueTagLinks).values(tagIds.map((tagId) => ({ companyId, issueId, tagId })));
}

export async function tagIdsOf(db: Executor, companyId: number, issueId: number): Promise<number[]> {
  const rows = await db
    .select({ id: issueTagLinks.tagId })
    .from(issueTagLinks)
    .where(and(eq(issueTagLinks.companyId, companyId), eq(issueTagLinks.issueId, issueId)));
  return rows.map((r) => r.id);
}

const mentions = (companyId: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${issueComments} WHERE ${issueComments.companyId} = ${companyId} AND ${issueComments.issueId} = ${issues.id} AND ${issueComments.mentionIds} @> ${JSON.stringify([userId])}::jsonb)`;

export async function isMentioned(db: Executor, companyId: number, issueId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.companyId, companyId), eq(issues.id, issueId), mentions(companyId, userId)));
  return Boolean(row);
}

/** `visibleTo` limits the list to issues assigned to, created by or mentioning that user. */
export async function listIssues(db: Executor, companyId: number, query: IssueListQuery, visibleTo: number | null) {
  const where: SQL[] = [eq(issues.companyId, companyId)];
  if (visibleTo !== null) where.push(or(eq(issues.assigneeUserId, visibleTo), eq(issues.createdByUserId, visibleTo), mentions(companyId, visibleTo)) as SQL);
  if (query.status) where.push(eq(issues.status, query.status));
  if (query.priority) where.push(eq(issues.priority, query.priority));
  if (query.type_id) where.push(eq(issues.typeId, query.type_id));
  if (query.assignee_id) where.push(eq(issues.assigneeUserId, query.assignee_id));
  if (query.contact_id) where.push(eq(issues.contactId, query.contact_id));
  if (query.from) where.push(gte(issues.registeredAt, new Date(query.from)));
  if (query.to) where.push(lte(issues.registeredAt, new Date(query.to)));
  if (query.tag_id) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${issueTagLinks} WHERE ${issueTagLinks.companyId} = ${companyId} AND ${issueTagLinks.issueId} = ${issues.id} AND ${issueTagLinks.tagId} = ${query.tag_id})`,
    );
  }
  if (query.search) {
    const number = /^#?(\d{1,9})$/.exec(query.search)?.[1];
    where.push(
      number
        ? (or(eq(issues.number, Number(number)), ilike(issues.name, containsPattern(query.search))) as SQL)
        : ilike(issues.name, containsPattern(query.search)),
    );
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(issues)
      .where(condition)
      .orderBy(desc(issues.registeredAt), desc(issues.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(issues).where(condition),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Names of everything the given issues point at, loaded in one round of queries. */
export async function loadRefs(db: Executor, companyId: number, rows: IssueRow[], extraUserIds: number[] = []) {
  const ids = (pick: (row: IssueRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id !== null))];
  const userIds = [...new Set([...ids((r) => r.assigneeUserId), ...ids((r) => r.createdByUserId), ...extraUserIds])];
  const issueIds = rows.map((r) => r.id);
  const [userRows, contactRows, channelRows, settingRows, tagRows] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, first: users.firstName, last: users.lastName })
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)))
      : [],
    db
      .select({ id: contacts.id, first: contacts.firstName, last: contacts.lastName, email: contacts.email, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids((r) => r.contactId).concat(0)))),
    db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(and(eq(channels.companyId, companyId), inArray(channels.id, ids((r) => r.channelId).concat(0)))),
    db
      .select({ id: issueSettings.id, name: issueSettings.name })
      .from(issueSettings)
      .where(and(eq(issueSettings.companyId, companyId), inArray(issueSettings.id, [...ids((r) => r.typeId), ...ids((r) => r.reasonId), 0]))),
    issueIds.length
      ? db
          .select({ issueId: issueTagLinks.issueId, id: issueSettings.id, name: issueSettings.name, color: issueSettings.color })
          .from(issueTagLinks)
          .innerJoin(issueSettings, eq(issueSettings.id, issueTagLinks.tagId))
          .where(and(eq(issueTagLinks.companyId, companyId), inArray(issueTagLinks.issueId, issueIds)))
          .orderBy(asc(issueSettings.name))
      : [],
  ]);
  return { users: userRows, contacts: contactRows, channels: channelRows, settings: settingRows, tags: tagRows };
}
export type IssueRefs = Awaited<ReturnType<typeof loadRefs>>;

export async function insertComment(db: Executor, values: typeof issueComments.$inferInsert): Promise<IssueCommentRow> {
  const [row] = await db.insert(issueComments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function listComments(db: Executor, companyId: number, issueId: number) {
  return db
    .select()
    .from(issueComments)
    .where(and(eq(issueComments.companyId, companyId), eq(issueComments.issueId, issueId)))
    .orderBy(asc(issueComments.id));
}

export async function insertEvent(db: Executor, values: typeof issueEvents.$inferInsert) {
  await db.insert(issueEvents).values(values);
}

export function listEvents(db: Executor, companyId: number, issueId: number) {
  return db
    .select()
    .from(issueEvents)
    .where(and(eq(issueEvents.companyId, companyId), eq(issueEvents.issueId, issueId)))
    .orderBy(asc(issueEvents.id));
}

export function listPeople(db: Executor, companyId: number) {
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, "active"), eq(users.userType, "human")))
    .orderBy(asc(users.firstName), asc(users.id));
}

export function searchContacts(db: Executor, companyId: number, search: string, limit: number) {
  const pattern = containsPattern(search);
  const match = search
    ? or(ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, pattern), ilike(contacts.email, pattern), ilike(contacts.phone, pattern))
    : undefined;
  return db
    .select({ id: contacts.id, first: contacts.firstName, last: contacts.lastName, email: contacts.email, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), match))
    .orderBy(desc(contacts.id))
    .limit(limit);
}

/** Active people of the company among the ids (virtual agents cannot be assigned or mentioned). */
export async function activeColleagues(db: Executor, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), eq(users.status, "active"), eq(users.userType, "human")));
}
