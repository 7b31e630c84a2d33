import type { AttachmentView, ChannelType, MessageView, SenderType, SendMessageInput } from "@holboo/core";
import { fullName, LIMITS } from "@holboo/core";
import type { AppContext } from "../../platform/context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { adapterFor, type ChannelAdapter, type DeliveryResult } from "../../channels/adapter.ts";
import { findChannel } from "../channels/channels.repo.ts";
import { findIdentityById, lockIdentity } from "../contacts/contacts.repo.ts";
import { findCompanyUser } from "../users/users.repo.ts";
import { insertEvent, appendEvent, type EventRow } from "./events.repo.ts";
import { advanceInteraction, findInteraction, insertInteraction, lockInteraction, lockOpenForIdentity, type InteractionRow } from "./interactions.repo.ts";
import { assertOpen, assertVisible } from "./interactions.policy.ts";
import { presentMessage } from "./interactions.presenter.ts";
import { findAttachments, findByClientId, findByProviderId, insertMessage, markSeen, setMessageDelivery, type MessageRow } from "./messages.repo.ts";
import { autoAssign, changeOwner } from "./ownership.service.ts";
import { publish } from "./publisher.ts";

const preview = (text: string, attachments: AttachmentView[]) => (text.trim() || attachments.map((a) => a.name).join(", ")).slice(0, 140);

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
  /** `sending` until a provider confirms; a message the commit itself delivers is `sent` at once. */
  status?: "sending" | "sent";
}

/** Writes a message and its message.created event under one sequence number, in the caller's transaction. */
export async function recordMessage(db: Executor, interaction: InteractionRow, message: NewMessage): Promise<{ row: MessageRow; event: EventRow; interaction: InteractionRow }> {
  const now = new Date();
  const isResponse = message.direction === "out" && !message.isPrivate && !interaction.firstResponseAt;
  // One statement takes the sequence number and, for customer-visible messages, moves the preview.
  const updated = await advanceInteraction(db, interaction.companyId, interaction.id, message.isPrivate ? {} : {
    lastMessageAt: now,
    lastMessagePreview: preview(message.text, message.attachments),
    ...(isResponse ? { firstResponseAt: now } : {}),
  });
  const seq = updated.lastSeq;
  const row = await insertMessage(db, {
    companyId: interaction.companyId,
    interactionId: interaction.id,
    seq,
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
    createdAt: now,
  });
  const view = presentMessage(row, message.senderName);
  const event = await insertEvent(db, interaction.companyId, interaction.id, seq, { type: "message.created", payload: { message: view }, visibleToContact: !message.isPrivate });
  return { row, event, interaction: updated };
}

async function senderName(db: Executor, row: MessageRow): Promise<string> {
  if (!row.senderUserId) return "";
  const user = await findCompanyUser(db, row.companyId, row.senderUserId);
  return user ? fullName(user.firstName, user.lastName) : "";
}

/** The adapter that must carry a reply out, or null when the commit itself delivers it (web chat, notes). */
async function outboundAdapter(ctx: AppContext, interaction: InteractionRow) {
  if (!interaction.channelId || !interaction.identityId) return null;
  const channel = await findChannel(ctx.db, interaction.companyId, interaction.channelId);
  const adapter = channel ? adapterFor(channel.type as ChannelType) : null;
  return adapter && !adapter.live ? adapter : null;
}

/**
 * A staff reply or private note. The client id makes a retry return the first result instead of
 * storing it twice; a retry of a reply whose delivery failed hands the same message to the provider again.
 */
export async function sendAsStaff(ctx: AppContext, actor: MemberActor, interactionId: number, input: SendMessageInput): Promise<MessageView> {
  const existing = await findByClientId(ctx.db, actor.companyId, input.client_id);
  if (existing) {
    if (existing.interactionId !== interactionId) fail("invalid_parameters");
    const interaction = existing.status === "retry" ? assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId)) : null;
    const adapter = interaction ? await outboundAdapter(ctx, interaction) : null;
    const row = interaction && adapter ? await deliverOutbound(ctx, adapter, interaction, existing) : existing;
    return presentMessage(row, await senderName(ctx.db, row));
  }
  const author = (await findCompanyUser(ctx.db, actor.companyId, actor.userId)) ?? fail("unauthorized");
  const visible = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const adapter = input.is_private ? null : await outboundAdapter(ctx, visible);
  const result = await ctx.db.transaction(async (tx) => {
    const before = assertVisible(actor, await lockInteraction(tx, actor.companyId, interactionId));
    assertOpen(before);
    const attachments = await loadAttachments(tx, actor.companyId, input.attachment_ids);
    const events: EventRow[] = [];
    let current = before;
    // Replying to a customer the AI agent or the queue holds makes the person its owner.
    if (!input.is_private && (before.ownerType === "ai" || before.ownerType === "queue")) {
      const change = await changeOwner(tx, before, { ownerType: "user", assigneeUserId: actor.userId, reason: "taken_over", byUserId: actor.userId });
      current = change.row;
      events.push(...change.events);
    }
    const recorded = await recordMessage(tx, current, {
      direction: "out", senderType: "user", senderUserId: actor.userId, senderName: fullName(author.firstName, author.lastName),
      text: input.text, attachments, isPrivate: input.is_private, isBot: false, clientId: input.client_id, providerMessageId: null,
      status: adapter ? "sending" : "sent",
    });
    events.push(recorded.event);
    return { before, after: recorded.interaction, events, row: recorded.row };
  }).catch(async (error: unknown) => {
    // Two retries racing: the loser finds the winner's message.
    const winner = await findByClientId(ctx.db, actor.companyId, input.client_id);
    if (winner) return { before: null, after: null, events: [], row: winner };
    throw error;
  });
  let row = result.row;
  if (result.before && result.after) {
    publish(ctx, [result.before, result.after], result.events);
    if (adapter) row = await deliverOutbound(ctx, adapter, result.after, row);
  }
  return presentMessage(row, await senderName(ctx.db, row));
}

/**
 * Hands a committed reply to its channel's provider. A failure marks the message `retry` (shown on
 * the bubble); the person's Retry resends with the same client id, so nothing is stored twice.
 */
async function deliverOutbound(ctx: AppContext, adapter: ChannelAdapter, interaction: InteractionRow, message: MessageRow): Promise<MessageRow> {
  const identity = interaction.identityId ? await findIdentityById(ctx.db, interaction.companyId, interaction.identityId) : null;
  const result: DeliveryResult = identity
    ? await adapter.deliver({
        companyId: interaction.companyId, channelId: identity.channelId, externalId: identity.externalId,
        messageId: message.id, text: message.text, attachments: message.attachments,
      }).catch((error: unknown) => ({ ok: false, retryable: true, error: String(error) }))
    : { ok: false, retryable: false, error: "identity_missing" };
  const status = result.ok ? "sent" : "retry";
  const done = await ctx.db.transaction(async (tx) => {
    const locked = (await lockInteraction(tx, interaction.companyId, interaction.id)) ?? interaction;
    const updated = await setMessageDelivery(tx, interaction.companyId, message.id, status, result.ok ? result.providerMessageId : null);
    if (status === message.status) return { locked, updated, event: null };
    const event = await appendEvent(tx, interaction.companyId, interaction.id, {
      type: "message.status", visibleToContact: false, payload: { message_ids: [message.id], seqs: [message.seq], status },
    });
    return { locked, updated, event };
  });
  if (done.event) publish(ctx, [done.locked], [done.event]);
  return done.updated ?? message;
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
}

/**
 * A customer's message from any channel, already normalised by its adapter: continues the open
 * interaction of that identity or opens a new one, which goes to a person (or the queue).
 */
export async function receiveFromContact(ctx: AppContext, inbound: InboundFromContact): Promise<MessageView> {
  const result = await ctx.db.transaction(async (tx) => {
    const events: EventRow[] = [];
    let interaction = await lockOpenForIdentity(tx, inbound.companyId, inbound.identityId);
    const isNew = !interaction;
    if (!interaction) {
      // Serialise the identity so two first messages cannot open two interactions.
      await lockIdentity(tx, inbound.companyId, inbound.identityId);
      interaction = (await lockOpenForIdentity(tx, inbound.companyId, inbound.identityId)) ?? (await insertInteraction(tx, {
        companyId: inbound.companyId,
        channelId: inbound.channelId,
        contactId: inbound.contactId,
        identityId: inbound.identityId,
        title: (inbound.text.trim() || inbound.attachments[0]?.name || "Chat").slice(0, LIMITS.interactionTitleMaxChars / 2),
        ownerType: "queue",
      }));
    }
    const before = interaction;
    const recorded = await recordMessage(tx, interaction, {
      direction: "in", senderType: "contact", senderUserId: null, senderName: inbound.contactName,
      text: inbound.text, attachments: inbound.attachments, isPrivate: false, isBot: false,
      clientId: inbound.clientId, providerMessageId: inbound.providerMessageId,
    });
    events.push(recorded.event);
    let after = recorded.interaction;
    if (isNew && before.lastSeq === 0) {
      const assigned = await autoAssign(tx, after);
      after = assigned.row;
      events.push(...assigned.events);
    }
    return { states: [before, after], events, row: recorded.row };
  }).catch(async (error: unknown) => {
    // A repeated delivery (same client id or provider id) loses on the unique index: answer with the first.
    if (!isUniqueViolation(error)) throw error;
    const first = inbound.clientId
      ? await findByClientId(ctx.db, inbound.companyId, inbound.clientId)
      : inbound.providerMessageId ? await findByProviderId(ctx.db, inbound.companyId, inbound.providerMessageId) : null;
    if (!first || first.direction !== "in") throw error;
    return { states: [], events: [], row: first };
  });
  publish(ctx, result.states, result.events);
  return presentMessage(result.row, inbound.contactName);
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
