import type { AttachmentView } from "@holboo/core";
import { and, desc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { files, interactions, messages, users } from "../../platform/db/schema.ts";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export async function insertMessage(db: Executor, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findByClientId(db: Executor, companyId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.clientId, clientId)));
  return row ?? null;
}

export async function findByProviderId(db: Executor, companyId: number, providerMessageId: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.providerMessageId, providerMessageId)));
  return row ?? null;
}

/** Newest first, for loading a long history backwards page by page. */
export function listMessagesBefore(db: Executor, companyId: number, interactionId: number, beforeSeq: number | undefined, limit: number, contactView: boolean) {
  const conditions = [eq(messages.companyId, companyId), eq(messages.interactionId, interactionId)];
  if (beforeSeq !== undefined) conditions.push(lt(messages.seq, beforeSeq));
  if (contactView) conditions.push(eq(messages.isPrivate, false));
  return db
    .select({ message: messages, senderFirst: users.firstName, senderLast: users.lastName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(...conditions))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** Marks one side's delivered messages up to a sequence as seen; returns the ids that changed. */
export async function markSeen(db: Executor, companyId: number, interactionId: number, direction: "in" | "out", upToSeq: number) {
  return db
    .update(messages)
    .set({ status: "seen" })
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.interactionId, interactionId),
        eq(messages.direction, direction),
        eq(messages.isPrivate, false),
        lte(messages.seq, upToSeq),
        ne(messages.status, "seen"),
      ),
    )
    .returning({ id: messages.id, seq: messages.seq });
}

export async function setMessageDelivery(db: Executor, companyId: number, id: number, status: string, providerMessageId: string | null): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ status, ...(providerMessageId ? { providerMessageId } : {}) })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return row ?? null;
}

/** The stored files behind attachment ids, as attachment views; ids of another company are simply absent. */
export async function findAttachments(db: Executor, companyId: number, ids: string[]): Promise<AttachmentView[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: files.id, name: files.name, mime: files.mime, size: files.size })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids)));
  return rows.map((row) => ({ file_id: row.id, name: row.name, mime: row.mime, size: row.size }));
}

/** Whether a file is attached to a customer-visible message in one of this contact identity's interactions. */
export async function isAttachmentVisibleToIdentity(db: Executor, companyId: number, identityId: number, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(interactions, and(eq(interactions.companyId, messages.companyId), eq(interactions.id, messages.interactionId)))
    .where(and(
      eq(messages.companyId, companyId),
      eq(interactions.identityId, identityId),
      eq(messages.isPrivate, false),
      sql`${messages.attachments} @> ${JSON.stringify([{ file_id: fileId }])}::jsonb`,
    ))
    .limit(1);
  return Boolean(row);
}
