/** A message as stored (its record and sequence number, shared by receiving and replying), read receipts, and what other features read of messages. */
import type { AttachmentView, SenderType } from "@holboo/core";
import { messagePreview } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { appendEvent, type EventRow } from "./events.repo.ts";
import { lockInteraction, type InteractionRow } from "./interactions.repo.ts";
import { presentMessage } from "./interactions.presenter.ts";
import { appendMessage, findAttachments, markSeen, type MessageRow, type MessageToAppend } from "./messages.repo.ts";
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

export interface NewMessage {
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

export function toAppend(message: NewMessage, now: Date): MessageToAppend {
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
