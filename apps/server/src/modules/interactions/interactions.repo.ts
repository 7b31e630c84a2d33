import type { InteractionListQuery } from "@holboo/core";
import { and, asc, desc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { channels, contacts, interactionTagLinks, interactionTags, interactions, messages, users } from "../../platform/db/schema.ts";
import { unreadFor } from "./reads.repo.ts";

export type InteractionRow = typeof interactions.$inferSelect;

const assignee = alias(users, "assignee");
const closer = alias(users, "closer");

/** An interaction as one viewer sees it: `unread` counts from that person's own read position. */
function viewQuery(db: Executor, viewerId: number) {
  return db
    .select({
      interaction: interactions,
      channelType: channels.type,
      channelName: channels.name,
      contactFirst: contacts.firstName,
      contactLast: contacts.lastName,
      contactEmail: contacts.email,
      contactPhone: contacts.phone,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      closerFirst: closer.firstName,
      closerLast: closer.lastName,
      unread: unreadFor(viewerId),
    })
    .from(interactions)
    .leftJoin(channels, eq(channels.id, interactions.channelId))
    .innerJoin(contacts, eq(contacts.id, interactions.contactId))
    .leftJoin(assignee, eq(assignee.id, interactions.assigneeUserId))
    .leftJoin(closer, eq(closer.id, interactions.closedByUserId));
}
export type InteractionViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>["execute"]>>[number];

export async function insertInteraction(db: Executor, values: typeof interactions.$inferInsert): Promise<InteractionRow> {
  const [row] = await db.insert(interactions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findInteraction(db: Executor, companyId: number, id: number): Promise<InteractionRow | null> {
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.id, id)));
  return row ?? null;
}

/** Locks the row for the rest of the transaction, so concurrent changes to one interaction queue up. */
export async function lockInteraction(db: Executor, companyId: number, id: number): Promise<InteractionRow | null> {
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.id, id)))
    .for("update");
  return row ?? null;
}

export async function findInteractionView(db: Executor, companyId: number, id: number, viewerId: number) {
  const [row] = await viewQuery(db, viewerId).where(and(eq(interactions.companyId, companyId), eq(interactions.id, id)));
  return row ?? null;
}

export async function updateInteraction(db: Executor, companyId: number, id: number, patch: Partial<typeof interactions.$inferInsert>) {
  const [row] = await db
    .update(interactions)
    .set(patch)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.id, id)))
    .returning();
  return row ?? null;
}

/** The identity's open interaction, locked for the rest of the transaction. */
export async function lockOpenForIdentity(db: Executor, companyId: number, identityId: number): Promise<InteractionRow | null> {
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.identityId, identityId), eq(interactions.status, "open")))
    .orderBy(desc(interactions.id))
    .limit(1)
    .for("update");
  return row ?? null;
}

export async function findOpenForIdentity(db: Executor, companyId: number, identityId: number): Promise<InteractionRow | null> {
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.identityId, identityId), eq(interactions.status, "open")))
    .orderBy(desc(interactions.id))
    .limit(1);
  return row ?? null;
}

export async function latestForIdentity(db: Executor, companyId: number, identityId: number): Promise<InteractionRow | null> {
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.identityId, identityId)))
    .orderBy(desc(interactions.id))
    .limit(1);
  return row ?? null;
}

export async function countOpenOnChannel(db: Executor, companyId: number, channelId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.channelId, channelId), eq(interactions.status, "open")));
  return row?.total ?? 0;
}

/** What a user without "view all" may see: their own, plus open ones waiting in the queue or with the AI agent. */
export function visibleToUser(userId: number): SQL {
  return or(
    eq(interactions.assigneeUserId, userId),
    eq(interactions.closedByUserId, userId),
    and(eq(interactions.status, "open"), inArray(interactions.ownerType, ["queue", "ai"])),
  ) as SQL;
}

export async function listInteractions(db: Executor, companyId: number, viewerId: number, query: InteractionListQuery, visibility: SQL | null) {
  const conditions: SQL[] = [eq(interactions.companyId, companyId), eq(interactions.status, query.status)];
  if (visibility) conditions.push(visibility);
  if (query.channel_id) conditions.push(eq(interactions.channelId, query.channel_id));
  if (query.assignee_id) conditions.push(eq(interactions.assigneeUserId, query.assignee_id));
  if (query.owner_type) conditions.push(eq(interactions.ownerType, query.owner_type));
  if (query.mood) conditions.push(eq(interactions.mood, query.mood));
  if (query.rating) conditions.push(eq(interactions.rating, query.rating));
  if (query.customer_rating) conditions.push(eq(interactions.customerRating, query.customer_rating));
  if (query.from) conditions.push(gte(interactions.startedAt, new Date(query.from)));
  if (query.to) conditions.push(lte(interactions.startedAt, new Date(query.to)));
  if (query.tag_id) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(interactionTagLinks)
          .where(and(eq(interactionTagLinks.interactionId, interactions.id), eq(interactionTagLinks.tagId, query.tag_id))),
      ),
    );
  }
  if (query.search) {
    const pattern = containsPattern(query.search);
    const inMessages = exists(
      db
        .select({ one: sql`1` })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.interactionId, interactions.id), ilike(messages.text, pattern))),
    );
    const match = or(ilike(interactions.title, pattern), ilike(contacts.firstName, pattern), ilike(contacts.lastName, pattern), inMessages);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const order =
    query.status === "open"
      ? [sql`${interactions.lastMessageAt} DESC NULLS LAST`, desc(interactions.id)]
      : [desc(interactions.closedAt), desc(interactions.id)];
  const [items, [count]] = await Promise.all([
    viewQuery(db, viewerId)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(interactions)
      .innerJoin(contacts, eq(contacts.id, interactions.contactId))
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export function tagsOf(db: Executor, companyId: number, interactionIds: number[]) {
  if (!interactionIds.length) return Promise.resolve([]);
  return db
    .select({ interactionId: interactionTagLinks.interactionId, id: interactionTags.id, name: interactionTags.name, important: interactionTags.important })
    .from(interactionTagLinks)
    .innerJoin(interactionTags, eq(interactionTags.id, interactionTagLinks.tagId))
    .where(and(eq(interactionTagLinks.companyId, companyId), inArray(interactionTagLinks.interactionId, interactionIds)))
    .orderBy(asc(interactionTags.name));
}

export async function replaceTags(db: Executor, companyId: number, interactionId: number, tagIds: number[]) {
  await db.delete(interactionTagLinks).where(and(eq(interactionTagLinks.companyId, companyId), eq(interactionTagLinks.interactionId, interactionId)));
  if (tagIds.length) await db.insert(interactionTagLinks).values(tagIds.map((tagId) => ({ companyId, interactionId, tagId })));
}

export async function existingTagIds(db: Executor, companyId: number, tagIds: number[]): Promise<number[]> {
  if (!tagIds.length) return [];
  const rows = await db
    .select({ id: interactionTags.id })
    .from(interactionTags)
    .where(and(eq(interactionTags.companyId, companyId), inArray(interactionTags.id, tagIds)));
  return rows.map((row) => row.id);
}
