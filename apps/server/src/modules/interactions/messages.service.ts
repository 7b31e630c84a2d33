import type { AttachmentView, MessageView, OwnerType, SenderType, SendMessageInput } from "@holboo/core";
import { fullName, LIMITS, messagePreview } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { findServingAgent } from "../../channels/channels.lookup.ts";
import { lockIdentity } from "../contacts/contacts.service.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { appendEvent, type EventRow } from "./events.repo.ts";
import { findInteraction, findOpenForIdentity, insertInteraction, lockInteraction, lockOpenForIdentity, type InteractionRow } from "./interactions.repo.ts";
import { assertMayWork, assertVisible } from "./interactions.policy.ts";
import { presentMessage } from "./interactions.presenter.ts";
import {
  appendMessage,
  findAttachments,
  findByClientId,
  findByProviderId,
  markSeen,
  type MessageRow,
  type MessageToAppend,
  type ReceivedInStatement,
} from "./messages.repo.ts";
import { carriedByChannel, redeliver } from "./delivery-status.service.ts";
import { autoAssign, changeOwner } from "./ownership.service.ts";
import { publish } from "./publisher.ts";

// What other features read and write of this one: the repository functions they may call, named here so
// the rest of the repository stays private to the feature (ARCHITECTURE.md, "Boundaries").
export {
  findByProviderId,
  findMessage,
  isAttachmentVisibleToIdentity,
  lastInboundAt,
  listMessagesBefore,
  markDeliveredUpTo,
  setMessageDelivery,
} from "./messages.repo.ts";
export { publish } from "./publisher.ts";

/** Attachments for a new message; every id must be a file of the company. */
export async function loadAttachments(db: Executor, companyId: number, ids: string[]): Promise<AttachmentView[]> {
  const found = await findAttachments(db, companyId, ids);
  if (found.length !== new Set(ids).size) fail("file_not_found", { attachment_ids: "file_not_found" });
  return [...new Set(ids)].map((id) => found.find((file) => file.file_id === id)).filter((file): file is AttachmentView => Boolean(file));
}

interface NewMessage {
  direction: "in" | "out";
  senderType: SenderType;
  senderUserId: number | null;
  senderName: string;
  text: string;
  attachments: AttachmentView[];
  isPrivate: boolean;
  isBot: boolean;
  clientId: string | null;
  providerMessageId: string | null;
  /** A reply someone sent outside Holboo ("page_inbox", "app:<id>"); absent for every other message. */
  sentVia?: string | null;
  /** `sending` until a provider confirms; a message the commit itself delivers is `sent` at once. */
  status?: "sending" | "sent";
}

function toAppend(message: NewMessage, now: Date): MessageToAppend {
  const values = {
    direction: message.direction,
    senderType: message.senderType,
    senderUserId: message.senderUserId,
    text: message.text,
    attachments: message.attachments,
    status: message.status ?? "sent",
    isBot: message.isBot,
    isPrivate: message.isPrivate,
    clientId: message.clientId,
    providerMessageId: message.providerMessageId,
    sentVia: message.sentVia ?? null,
    createdAt: now,
  };
  // The statement fills in what the insert assigns: the id, the interaction and the sequence number.
  const view = presentMessage({ ...values, id: 0, companyId: 0, interactionId: 0, seq: 0 }, message.senderName);
  return { ...values, preview: message.isPrivate ? null : messagePreview(message.text, message.attachments), view };
}

/** Writes a message and its message.created event under one sequence number, in one statement. */
export async function recordMessage(
  db: Executor,
  interaction: InteractionRow,
  message: NewMessage,
): Promise<{ row: MessageRow; event: EventRow; interaction: InteractionRow }> {
  const appended = await appendMessage(db, interaction.companyId, { interactionId: interaction.id }, toAppend(message, new Date()));
  if (!appended) throw new Error(`interaction ${interaction.id} not found`);
  return { row: appended.message, event: appended.event, interaction: appended.interaction };
}

async function senderName(db: Executor, row: MessageRow): Promise<string> {
  if (!row.senderUserId) return "";
  const user = await findCompanyUser(db, row.companyId, row.senderUserId);
  return user ? fullName(user.firstName, user.lastName) : "";
}

/**
 * A staff reply or private note. The client id makes a repeat return the first result instead of storing
 * it twice; a repeat of a reply whose delivery failed (the bubble's Retry) hands it to its channel again.
 */
export async function sendAsStaff(ctx: AppContext, actor: MemberActor, interactionId: number, input: SendMessageInput): Promise<MessageView> {
  const existing = await findByClientId(ctx.db, actor.companyId, input.client_id);
  if (existing) {
    if (existing.interactionId !== interactionId) fail("invalid_parameters");
    const row = existing.status === "retry" ? await redeliver(ctx, actor, existing) : existing;
    return presentMessage(row, await senderName(ctx.db, row));
  }
  const author = (await findCompanyUser(ctx.db, actor.companyId, actor.userId)) ?? fail("unauthorized");
  const visible = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const carried = !input.is_private && (await carriedByChannel(ctx, visible));
  const refusal = carried ? await ctx.channelDelivery.cannotSendReason(ctx, visible) : null;
  if (refusal) fail(refusal);
  const result = await ctx.db
    .transaction(async (tx) => {
      const before = assertVisible(actor, await lockInteraction(tx, actor.companyId, interactionId));
      assertMayWork(actor, before, input.is_private ? "note" : "reply");
      const attachments = await loadAttachments(tx, actor.companyId, input.attachment_ids);
      const events: EventRow[] = [];
      let current = before;
      // Replying to a customer the AI agent or the queue holds makes the person its owner.
      if (!input.is_private && (before.ownerType === "ai" || before.ownerType === "queue")) {
        const change = await changeOwner(ctx, tx, before, { ownerType: "user", assigneeUserId: actor.userId, reason: "taken_over", byUserId: actor.userId });
        current = change.row;
        events.push(...change.events);
      }
      const recorded = await recordMessage(tx, current, {
        direction: "out",
        senderType: "user",
        senderUserId: actor.userId,
        senderName: fullName(author.firstName, author.lastName),
        text: input.text,
        attachments,
        isPrivate: input.is_private,
        isBot: false,
        clientId: input.client_id,
        providerMessageId: null,
        status: carried ? "sending" : "sent",
      });
      events.push(recorded.event);
      if (carried) await ctx.events.record(tx, "message.sent", { company_id: actor.companyId, interaction_id: interactionId, message_id: recorded.row.id });
      return { before, after: recorded.interaction, events, row: recorded.row };
    })
    .catch(async (error: unknown) => {
      // Two retries racing: the loser finds the winner's message.
      const winner = await findByClientId(ctx.db, actor.companyId, input.client_id);
      if (winner) return { before: null, after: null, events: [], row: winner };
      throw error;
    });
  if (result.before && result.after) publish(ctx, [result.before, result.after], result.events);
  return presentMessage(result.row, await senderName(ctx.db, result.row));
}

/**
 * A virtual agent's reply, stored and delivered like a person's and marked as answered by a bot. Only
 * while the agent still owns the open interaction (a person may have taken over meanwhile); the client id
 * ties the reply to the customer message it answers, so answering it again stores nothing.
 */
export async function sendAsVirtualAgent(
  ctx: AppContext,
  interaction: InteractionRow,
  agent: { userId: number; name: string },
  text: string,
  clientId: string,
): Promise<MessageRow | null> {
  const carried = await carriedByChannel(ctx, interaction);
  const result = await ctx.db
    .transaction(async (tx) => {
      const before = await lockInteraction(tx, interaction.companyId, interaction.id);
      if (!before || before.status !== "open" || before.ownerType !== "ai") return null;
      const recorded = await recordMessage(tx, before, {
        direction: "out",
        senderType: "ai",
        senderUserId: agent.userId,
        senderName: agent.name,
        text,
        attachments: [],
        isPrivate: false,
        isBot: true,
        clientId,
        providerMessageId: null,
        status: carried ? "sending" : "sent",
      });
      if (carried)
        await ctx.events.record(tx, "message.sent", { company_id: interaction.companyId, interaction_id: interaction.id, message_id: recorded.row.id });
      return { before, after: recorded.interaction, event: recorded.event, row: recorded.row };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (!result) return null;
  publish(ctx, [result.before, result.after], [result.event]);
  return result.row;
}

/**
 * A web-chat FAQ entry's answer to the visitor who tapped its question: shown at once as a bot message,
 * whoever owns the conversation. The client id ties it to the question, so a repeat stores nothing.
 */
export async function answerFromFaq(ctx: AppContext, interaction: InteractionRow, question: MessageRow, text: string): Promise<MessageRow | null> {
  const recorded = await recordMessage(ctx.db, interaction, {
    direction: "out",
    senderType: "system",
    senderUserId: null,
    senderName: "",
    text,
    attachments: [],
    isPrivate: false,
    isBot: true,
    clientId: `faq:${question.id}`,
    providerMessageId: null,
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  if (!recorded) return null;
  publish(ctx, [interaction, recorded.interaction], [recorded.event]);
  return recorded.row;
}

export interface InboundFromContact {
  companyId: number;
  channelId: number;
  identityId: number;
  contactId: number;
  contactName: string;
  text: string;
  attachments: AttachmentView[];
  clientId: string | null;
  providerMessageId: string | null;
  /**
   * Channels whose messages thread by themselves (e-mail): the open conversation the message replies to,
   * or null to start a new one with this title, instead of the identity's open conversation.
   */
  thread?: { interactionId: number | null; title: string; /** A new conversation goes to people, never the virtual agent (imported mail). */ people?: boolean };
}

export interface ReceivedMessage {
  view: MessageView;
  row: MessageRow;
  /** The interaction after the message; null when the message was a repeat already stored. */
  interaction: InteractionRow | null;
}

/**
 * A customer's message from any channel, already normalised by its adapter: continues the open
 * interaction of that identity or opens a new one, which the channel's virtual agent takes when it
 * serves the channel, else a person (or the queue). The message.received event is recorded with the
 * message (in its one statement when the conversation is open), unless `announce` is false: mail imported
 * from a mailbox's past, a thread another app answers, a tapped FAQ question answered at once, which the
 * virtual agent must not answer.
 */
export async function receiveFromContact(ctx: AppContext, inbound: InboundFromContact, announce: boolean): Promise<ReceivedMessage> {
  const message: NewMessage = {
    direction: "in",
    senderType: "contact",
    senderUserId: null,
    senderName: inbound.contactName,
    text: inbound.text,
    attachments: inbound.attachments,
    isPrivate: false,
    isBot: false,
    clientId: inbound.clientId,
    providerMessageId: inbound.providerMessageId,
  };
  const result = await continueOpen(ctx, inbound, message, announce)
    .then((done) => done ?? openAndRecord(ctx, inbound, message, announce, inbound.thread !== undefined))
    .catch(async (error: unknown) => {
      // A repeated delivery (same client id or provider id) loses on the unique index: answer with the first.
      if (!isUniqueViolation(error)) throw error;
      const first = inbound.clientId
        ? await findByClientId(ctx.db, inbound.companyId, inbound.clientId)
        : inbound.providerMessageId
          ? await findByProviderId(ctx.db, inbound.companyId, inbound.providerMessageId)
          : null;
      if (!first || first.direction !== "in") throw error;
      return { states: [], events: [], row: first };
    });
  publish(ctx, result.states, result.events);
  return { view: presentMessage(result.row, inbound.contactName), row: result.row, interaction: result.states.at(-1) ?? null };
}

/** message.received as the message statement records it, from the rows it writes; undefined when nobody listens. */
function receivedInStatement(ctx: AppContext): ReceivedInStatement | undefined {
  if (!ctx.events.isHeard("message.received")) return undefined;
  return (columns) =>
    ctx.events.inStatement("message.received", {
      company_id: columns.companyId,
      interaction_id: columns.interactionId,
      message_id: columns.messageId,
      owner_type: columns.ownerType,
    });
}

interface Recorded {
  states: InteractionRow[];
  events: EventRow[];
  row: MessageRow;
}

/** The common case, one statement with no transaction around it: the identity's interaction is open. */
async function continueOpen(ctx: AppContext, inbound: InboundFromContact, message: NewMessage, announce: boolean): Promise<Recorded | null> {
  if (inbound.thread && inbound.thread.interactionId === null) return null;
  const appended = await appendMessage(
    ctx.db,
    inbound.companyId,
    inbound.thread?.interactionId ? { interactionId: inbound.thread.interactionId } : { openForIdentityId: inbound.identityId },
    toAppend(message, new Date()),
    announce ? receivedInStatement(ctx) : undefined,
  );
  return appended && { states: [appended.interaction], events: [appended.event], row: appended.message };
}

/** The first message of a conversation: opens the interaction, records the message and assigns it. */
async function openAndRecord(ctx: AppContext, inbound: InboundFromContact, message: NewMessage, announce: boolean, alwaysNew: boolean): Promise<Recorded> {
  return ctx.db.transaction(async (tx) => {
    // Serialise the identity so two first messages cannot open two interactions.
    await lockIdentity(tx, inbound.companyId, inbound.identityId);
    const open = alwaysNew ? null : await lockOpenForIdentity(tx, inbound.companyId, inbound.identityId);
    const agent = open || inbound.thread?.people ? null : await findServingAgent(tx, inbound.companyId, inbound.channelId);
    const interaction =
      open ??
      (await insertInteraction(tx, {
        companyId: inbound.companyId,
        channelId: inbound.channelId,
        contactId: inbound.contactId,
        identityId: inbound.identityId,
        title: (inbound.thread?.title.trim() || inbound.text.trim() || inbound.attachments[0]?.name || "Chat").slice(0, LIMITS.interactionTitleMaxChars / 2),
        ownerType: agent ? "ai" : "queue",
      }));
    if (!open) await ctx.events.record(tx, "conversation.opened", { company_id: interaction.companyId, interaction_id: interaction.id });
    const recorded = await recordMessage(tx, interaction, message);
    const events = [recorded.event];
    let after = recorded.interaction;
    if (!open && !agent) {
      const assigned = await autoAssign(ctx, tx, after);
      after = assigned.row;
      events.push(...assigned.events);
    }
    if (announce) {
      await ctx.events.record(tx, "message.received", {
        company_id: after.companyId,
        interaction_id: after.id,
        message_id: recorded.row.id,
        owner_type: after.ownerType as OwnerType,
      });
    }
    return { states: [interaction, after], events, row: recorded.row };
  });
}

/** Read receipts: staff reading inbound messages, or the contact reading outbound ones. */
export async function markRead(ctx: AppContext, interaction: InteractionRow, reader: "staff" | "contact", upToSeq: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const locked = (await lockInteraction(tx, interaction.companyId, interaction.id)) ?? interaction;
    const changed = await markSeen(tx, interaction.companyId, interaction.id, reader === "staff" ? "in" : "out", Math.min(upToSeq, locked.lastSeq));
    if (!changed.length) return { locked, events: [] as EventRow[] };
    const event = await appendEvent(tx, interaction.companyId, interaction.id, {
      type: "message.status",
      visibleToContact: true,
      payload: { message_ids: changed.map((m) => m.id), seqs: changed.map((m) => m.seq), status: "seen" },
    });
    return { locked, events: [event] };
  });
  publish(ctx, [result.locked], result.events);
  return { ok: true as const };
}

/**
 * A reply someone sent outside Holboo, as the provider echoed it (from Messenger's Page inbox, or from
 * another app connected to the Page): shown in the open conversation as sent, by whom (`sentVia`), never
 * handed to the provider again; once per provider id. The stored message, or null when there was none to
 * add it to or it was stored already.
 */
export async function recordProviderReply(
  ctx: AppContext,
  companyId: number,
  identityId: number,
  reply: { text: string; attachments: AttachmentView[]; providerMessageId: string; sentVia: string },
): Promise<MessageRow | null> {
  if (await findByProviderId(ctx.db, companyId, reply.providerMessageId)) return null;
  const done = await ctx.db
    .transaction(async (tx) => {
      const open = await findOpenForIdentity(tx, companyId, identityId);
      const locked = open ? await lockInteraction(tx, companyId, open.id) : null;
      if (!locked || locked.status !== "open") return null;
      const recorded = await recordMessage(tx, locked, {
        direction: "out",
        senderType: "user",
        senderUserId: null,
        senderName: "",
        text: reply.text,
        attachments: reply.attachments,
        isPrivate: false,
        isBot: false,
        clientId: null,
        providerMessageId: reply.providerMessageId,
        sentVia: reply.sentVia,
        status: "sent",
      });
      return { before: locked, after: recorded.interaction, event: recorded.event, row: recorded.row };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (!done) return null;
  publish(ctx, [done.before, done.after], [done.event]);
  return done.row;
}
