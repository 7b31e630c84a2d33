/** A customer's messages in, from any channel, and a reply someone sent outside Holboo that a provider echoed. */
import type { AttachmentView, MessageView, OwnerType } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { findServingAgent } from "../../channels/channels.lookup.ts";
import { lockIdentity } from "../contacts/contacts.service.ts";
import type { EventRow } from "./events.repo.ts";
import { findOpenForIdentity, insertInteraction, lockInteraction, lockOpenForIdentity, type InteractionRow } from "./interactions.repo.ts";
import { presentMessage } from "./interactions.presenter.ts";
import { appendMessage, findByClientId, findByProviderId, type MessageRow, type ReceivedInStatement } from "./messages.repo.ts";
import { autoAssign } from "./ownership.service.ts";
import { recordMessage, toAppend, type NewMessage } from "./messages.service.ts";
import { publish } from "./publisher.ts";

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
