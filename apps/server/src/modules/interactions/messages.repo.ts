import type { AttachmentView } from "@holboo/core";
import { and, desc, eq, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { fromJsonRow } from "../../platform/db/json-row.ts";
import { executeNamed } from "../../platform/db/prepared.ts";
import { files, interactions, messages, users } from "../../platform/db/schema.ts";
import type { EventRow } from "./events.repo.ts";
import type { InteractionRow } from "./interactions.repo.ts";

export type MessageRow = typeof messages.$inferSelect;

/** Builds, from the written message's columns, what the statement records of it (the message.received event's jobs). */
export type ReceivedInStatement = (message: { companyId: SQL; interactionId: SQL; messageId: SQL; ownerType: SQL }) => SQL;

/** The interaction a message goes to: a known one, or the open one of a contact identity. */
export type MessageTarget = { interactionId: number } | { openForIdentityId: number };

export interface AppendedMessage {
  interaction: InteractionRow;
  message: MessageRow;
  event: EventRow;
}

export interface MessageToAppend {
  direction: "in" | "out";
  senderType: string;
  senderUserId: number | null;
  text: string;
  attachments: MessageRow["attachments"];
  status: string;
  isBot: boolean;
  isPrivate: boolean;
  clientId: string | null;
  providerMessageId: string | null;
  /** A reply sent outside Holboo (messages.sent_via). */
  sentVia: string | null;
  createdAt: Date;
  /** Moves the interaction's last-message preview (customer-visible messages only). */
  preview: string | null;
  /** The message.created payload's message, without the values the insert assigns (id, seq). */
  view: Record<string, unknown>;
}

/**
 * One statement, the hot path of every conversation: takes the interaction's next sequence number
 * (the row lock serialises writers, so numbers never repeat or skip), moves its preview and first
 * response time, stores the message and its message.created event. Null when the target is missing,
 * or by identity when none is open. A repeated client or provider id fails the whole statement.
 */
export async function appendMessage(
  db: Executor,
  companyId: number,
  target: MessageTarget,
  message: MessageToAppend,
  agentTurn?: ReceivedInStatement,
): Promise<AppendedMessage | null> {
  const byInteraction = "interactionId" in target;
  const name = `${byInteraction ? "append_message_to_interaction" : "append_message_to_open"}${agentTurn ? "_with_turn" : ""}`;
  const rows = await executeNamed<{ interaction: Record<string, unknown>; message: Record<string, unknown>; event_id: string }>(
    db,
    name,
    () => appendMessageStatement(byInteraction, agentTurn),
    {
      companyId,
      target: byInteraction ? target.interactionId : target.openForIdentityId,
      keepsLastMessage: message.preview === null,
      preview: message.preview,
      isReply: message.direction === "out" && !message.isPrivate,
      direction: message.direction,
      senderType: message.senderType,
      senderUserId: message.senderUserId,
      text: message.text,
      attachments: JSON.stringify(message.attachments),
      status: message.status,
      isBot: message.isBot,
      isPrivate: message.isPrivate,
      clientId: message.clientId,
      providerMessageId: message.providerMessageId,
      sentVia: message.sentVia,
      // As text: pg would format a Date in the process's time zone, field by field.
      createdAt: message.createdAt.toISOString(),
      view: JSON.stringify(message.view),
    },
  );
  const [row] = rows;
  if (!row) return null;
  const stored = fromJsonRow(messages, row.message);
  // The event's payload is what the statement wrote from `view`; it is not read back.
  const event: EventRow = {
    id: Number(row.event_id),
    companyId: stored.companyId,
    interactionId: stored.interactionId,
    seq: stored.seq,
    type: "message.created",
    visibleToContact: !stored.isPrivate,
    payload: { message: { ...message.view, id: stored.id, interaction_id: stored.interactionId, seq: stored.seq } },
    createdAt: stored.createdAt,
  };
  return { interaction: fromJsonRow(interactions, row.interaction), message: stored, event };
}

/**
 * The text of `appendMessage`, built once per variant; the values are placeholders. Volatile calls in a
 * CTE run only when it is read, hence the agent turn's count.
 */
function appendMessageStatement(byInteraction: boolean, agentTurn: ReceivedInStatement | undefined): SQL {
  const value = (name: string) => sql.placeholder(name);
  // By identity, the company is named only inside the subquery: beside `i.id` it let the planner pick the
  // (company_id, status) index and walk every open conversation of the company for each message.
  const which = byInteraction
    ? sql`i.company_id = ${value("companyId")} AND i.id = ${value("target")}`
    : sql`i.id = (SELECT id FROM interactions WHERE company_id = ${value("companyId")} AND identity_id = ${value("target")} AND status = 'open' ORDER BY id DESC LIMIT 1) AND i.status = 'open'`;
  const turn = agentTurn
    ? sql`, turn AS (SELECT ${agentTurn({ companyId: sql`m.company_id`, interactionId: sql`m.interaction_id`, messageId: sql`m.id`, ownerType: sql`a.owner_type` })} FROM advanced a, message m)`
    : sql``;
  const turnCount = agentTurn ? sql`, (SELECT count(*) FROM turn) AS turns` : sql``;
  return sql`
    WITH advanced AS (
      UPDATE interactions i SET
        last_seq = i.last_seq + 1,
        last_message_at = CASE WHEN ${value("keepsLastMessage")}::boolean THEN i.last_message_at ELSE ${value("createdAt")}::timestamptz END,
        last_message_preview = COALESCE(${value("preview")}::text, i.last_message_preview),
        first_response_at = COALESCE(i.first_response_at, CASE WHEN ${value("isReply")}::boolean THEN ${value("createdAt")}::timestamptz END)
      WHERE ${which}
      RETURNING i.*
    ), message AS (
      INSERT INTO messages (company_id, interaction_id, seq, direction, sender_type, sender_user_id, text, attachments, status, is_bot, is_private, client_id, provider_message_id, sent_via, created_at)
      SELECT ${value("companyId")}, a.id, a.last_seq, ${value("direction")}, ${value("senderType")}, ${value("senderUserId")}::integer, ${value("text")}, ${value("attachments")}::jsonb,
        ${value("status")}, ${value("isBot")}::boolean, ${value("isPrivate")}::boolean, ${value("clientId")}::text, ${value("providerMessageId")}::text, ${value("sentVia")}::text, ${value("createdAt")}::timestamptz
      FROM advanced a
      RETURNING *
    ), event AS (
      INSERT INTO interaction_events (company_id, interaction_id, seq, type, payload, visible_to_contact, created_at)
      SELECT m.company_id, m.interaction_id, m.seq, 'message.created',
        jsonb_build_object('message', ${value("view")}::jsonb || jsonb_build_object('id', m.id, 'interaction_id', m.interaction_id, 'seq', m.seq)),
        NOT m.is_private, m.created_at
      FROM message m
      RETURNING id
    )${turn}
    SELECT row_to_json(a) AS interaction, row_to_json(m) AS message, e.id AS event_id${turnCount} FROM advanced a, message m, event e
  `;
}

export async function findMessage(db: Executor, companyId: number, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  return row ?? null;
}

export async function findByClientId(db: Executor, companyId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.clientId, clientId)));
  return row ?? null;
}

export async function findByProviderId(db: Executor, companyId: number, providerMessageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.providerMessageId, providerMessageId)));
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

/** Replies a provider took before a moment (a delivery watermark) marked delivered; the ids that changed. */
export async function markDeliveredUpTo(db: Executor, companyId: number, interactionId: number, upTo: Date) {
  return db
    .update(messages)
    .set({ status: "delivered" })
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.interactionId, interactionId),
        eq(messages.direction, "out"),
        eq(messages.isPrivate, false),
        eq(messages.status, "sent"),
        lte(messages.createdAt, upTo),
      ),
    )
    .returning({ id: messages.id, seq: messages.seq });
}

export async function setMessageDelivery(
  db: Executor,
  companyId: number,
  id: number,
  status: string,
  providerMessageId: string | null,
): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ status, ...(providerMessageId ? { providerMessageId } : {}) })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return row ?? null;
}

/** A message's text and attachments replaced (a provider's file that arrived late); the row after. */
export async function setMessageContent(db: Executor, companyId: number, id: number, content: { text: string; attachments: AttachmentView[] }) {
  const [row] = await db
    .update(messages)
    .set({ text: content.text, attachments: content.attachments })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return row ?? null;
}

/** The conversation's list preview, when this message is still its latest customer-visible one. */
export async function setPreviewIfLatest(db: Executor, companyId: number, interactionId: number, seq: number, preview: string) {
  await db.execute(sql`
    UPDATE interactions SET last_message_preview = ${preview}
    WHERE company_id = ${companyId} AND id = ${interactionId}
      AND NOT EXISTS (SELECT 1 FROM messages WHERE company_id = ${companyId} AND interaction_id = ${interactionId} AND seq > ${seq} AND NOT is_private)`);
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
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(interactions.identityId, identityId),
        eq(messages.isPrivate, false),
        sql`${messages.attachments} @> ${JSON.stringify([{ file_id: fileId }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** When this channel identity last wrote (providers such as Messenger allow replies only for a while after). */
export async function lastInboundAt(db: Executor, companyId: number, identityId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${messages.createdAt})` })
    .from(messages)
    .innerJoin(interactions, and(eq(interactions.companyId, messages.companyId), eq(interactions.id, messages.interactionId)))
    .where(and(eq(messages.companyId, companyId), eq(interactions.identityId, identityId), eq(messages.direction, "in")));
  return row?.at ? new Date(row.at) : null;
}
