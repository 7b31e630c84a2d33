import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { channels, emailMailboxes, emailMessages, emailThreads } from "../../platform/db/schema.ts";

export type MailboxRow = typeof emailMailboxes.$inferSelect;
export type EmailMessageRow = typeof emailMessages.$inferSelect;
export type EmailThreadRow = typeof emailThreads.$inferSelect;
export type MailboxWithChannel = NonNullable<Awaited<ReturnType<typeof findMailbox>>>;

export async function findMailbox(db: Executor, companyId: number, channelId: number) {
  const [row] = await db
    .select({ channel: channels, mailbox: emailMailboxes })
    .from(channels)
    .innerJoin(emailMailboxes, eq(emailMailboxes.channelId, channels.id))
    .where(and(eq(channels.companyId, companyId), eq(channels.id, channelId)));
  return row ?? null;
}

export function listMailboxes(db: Executor, companyId: number) {
  return db
    .select({ channel: channels, mailbox: emailMailboxes })
    .from(channels)
    .innerJoin(emailMailboxes, eq(emailMailboxes.channelId, channels.id))
    .where(eq(channels.companyId, companyId))
    .orderBy(asc(channels.id));
}

/** Every active mailbox of the installation (not those waiting for an OAuth2 reconnect): the readers' one entry point that starts without a company. */
export function listActiveMailboxes(db: Executor) {
  return db
    .select({ companyId: emailMailboxes.companyId, channelId: emailMailboxes.channelId })
    .from(emailMailboxes)
    .innerJoin(channels, eq(channels.id, emailMailboxes.channelId))
    .where(and(eq(channels.active, true), ne(emailMailboxes.state, "reconnect")));
}

export async function insertMailbox(db: Executor, values: typeof emailMailboxes.$inferInsert) {
  await db.insert(emailMailboxes).values(values);
}

export async function updateMailbox(db: Executor, companyId: number, channelId: number, patch: Partial<typeof emailMailboxes.$inferInsert>) {
  await db
    .update(emailMailboxes)
    .set(patch)
    .where(and(eq(emailMailboxes.companyId, companyId), eq(emailMailboxes.channelId, channelId)));
}

/** Marks the mailbox as waiting for a new OAuth2 sign-in; false when it already was. */
export async function markNeedsReconnect(db: Executor, companyId: number, channelId: number, lastError: string): Promise<boolean> {
  const rows = await db
    .update(emailMailboxes)
    .set({ state: "reconnect", lastError })
    .where(and(eq(emailMailboxes.companyId, companyId), eq(emailMailboxes.channelId, channelId), ne(emailMailboxes.state, "reconnect")))
    .returning({ channelId: emailMailboxes.channelId });
  return rows.length > 0;
}

/** Moves the read position forward only (a late writer never moves it back). */
export async function advanceLastUid(db: Executor, companyId: number, channelId: number, uidValidity: number, lastUid: number) {
  await db
    .update(emailMailboxes)
    .set({ lastUid: sql`GREATEST(${emailMailboxes.lastUid}, ${lastUid})`, lastSyncAt: sql`now()` })
    .where(and(eq(emailMailboxes.companyId, companyId), eq(emailMailboxes.channelId, channelId), eq(emailMailboxes.uidValidity, uidValidity)));
}

/** Stores a mail's record unless the mailbox already has its Message-ID; true when it was new. */
export async function insertEmailMessageOnce(db: Executor, values: typeof emailMessages.$inferInsert): Promise<boolean> {
  const rows = await db.insert(emailMessages).values(values).onConflictDoNothing().returning({ id: emailMessages.id });
  return rows.length > 0;
}

export async function linkEmailMessage(db: Executor, companyId: number, channelId: number, rfcMessageId: string, interactionId: number, messageId: number) {
  await db
    .update(emailMessages)
    .set({ interactionId, messageId })
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.channelId, channelId), eq(emailMessages.rfcMessageId, rfcMessageId)));
}

export async function findEmailMessageByRfcId(db: Executor, companyId: number, channelId: number, rfcMessageId: string) {
  const [row] = await db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.channelId, channelId), eq(emailMessages.rfcMessageId, rfcMessageId)));
  return row ?? null;
}

export async function findEmailMessageOf(db: Executor, companyId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.messageId, messageId)));
  return row ?? null;
}

/** The conversation the newest of these Message-IDs belongs to (mail of the mailbox, received or sent). */
export async function findInteractionByRfcIds(db: Executor, companyId: number, channelId: number, rfcIds: string[]): Promise<number | null> {
  if (!rfcIds.length) return null;
  const [row] = await db
    .select({ interactionId: emailMessages.interactionId })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        eq(emailMessages.channelId, channelId),
        inArray(emailMessages.rfcMessageId, rfcIds),
        sql`${emailMessages.interactionId} IS NOT NULL`,
      ),
    )
    .orderBy(desc(emailMessages.id))
    .limit(1);
  return row?.interactionId ?? null;
}

/** The mail of a conversation in order: the References chain of a reply, and the mail it quotes. */
export function listConversationMail(db: Executor, companyId: number, interactionId: number) {
  return db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.interactionId, interactionId)))
    .orderBy(asc(emailMessages.id));
}

export async function findThread(db: Executor, companyId: number, interactionId: number) {
  const [row] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.companyId, companyId), eq(emailThreads.interactionId, interactionId)));
  return row ?? null;
}

export async function findThreadByToken(db: Executor, companyId: number, channelId: number, token: string) {
  const [row] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.companyId, companyId), eq(emailThreads.channelId, channelId), eq(emailThreads.replyToken, token)));
  return row ?? null;
}

export async function saveThreadDraft(db: Executor, companyId: number, interactionId: number, draft: EmailThreadRow["draft"]) {
  await db
    .update(emailThreads)
    .set({ draft })
    .where(and(eq(emailThreads.companyId, companyId), eq(emailThreads.interactionId, interactionId)));
}

export async function insertThreadOnce(db: Executor, values: typeof emailThreads.$inferInsert) {
  await db.insert(emailThreads).values(values).onConflictDoNothing();
}

/** The channel's sealed secrets, its row locked until the transaction ends: one process refreshes a mailbox's token at a time. */
export async function lockChannelSecrets(db: Executor, companyId: number, channelId: number) {
  const [row] = await db
    .select({ secrets: channels.secrets })
    .from(channels)
    .where(and(eq(channels.companyId, companyId), eq(channels.id, channelId)))
    .for("update");
  return row ?? null;
}
