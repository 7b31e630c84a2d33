import type {
  InteractionEventView,
  InteractionAbilities,
  InteractionView,
  MessageView,
  Mood,
  OwnerType,
  ChannelType,
  InteractionStatus,
  MessageStatus,
  SenderType,
  InteractionEventType,
} from "@holboo/core";
import { contactKnownName, fullName } from "@holboo/core";
import type { EventRow } from "./events.repo.ts";
import type { InteractionViewRow } from "./interactions.repo.ts";
import type { MessageRow } from "./messages.repo.ts";

type Tag = { interactionId: number; id: number; name: string; important: boolean };

const person = (id: number | null, first: string | null, last: string | null) => (id ? { id, name: fullName(first, last) } : null);

/** An interaction as one member sees it: their unread count and what they may do with it (interactions.policy). */
export function presentInteraction(row: InteractionViewRow, tags: Tag[], can: InteractionAbilities): InteractionView {
  const i = row.interaction;
  return {
    id: i.id,
    title: i.title,
    status: i.status as InteractionStatus,
    channel: i.channelId && row.channelType ? { id: i.channelId, type: row.channelType as ChannelType, name: row.channelName ?? "" } : null,
    // The name, e-mail or phone; "" for an anonymous visitor, whom clients name with contactDisplayName.
    contact: {
      id: i.contactId,
      name: contactKnownName({ id: i.contactId, first_name: row.contactFirst, last_name: row.contactLast, email: row.contactEmail, phone: row.contactPhone }),
      type: null,
    },
    owner_type: i.ownerType as OwnerType,
    assignee: person(i.assigneeUserId, row.assigneeFirst, row.assigneeLast),
    closer: person(i.closedByUserId, row.closerFirst, row.closerLast),
    started_at: i.startedAt.toISOString(),
    first_response_at: i.firstResponseAt?.toISOString() ?? null,
    closed_at: i.closedAt?.toISOString() ?? null,
    duration_ms: i.closedAt ? i.closedAt.getTime() - i.startedAt.getTime() : null,
    mood: i.mood as Mood | null,
    rating: i.rating,
    customer_rating: i.customerRating,
    rating_comment: i.ratingComment,
    unread_count: row.unread,
    tags: tags.filter((tag) => tag.interactionId === i.id).map(({ id, name, important }) => ({ id, name, important })),
    last_seq: i.lastSeq,
    last_message_at: i.lastMessageAt?.toISOString() ?? null,
    last_message_preview: i.lastMessagePreview,
    can,
  };
}

export function presentMessage(row: MessageRow, senderName: string): MessageView {
  return {
    id: row.id,
    interaction_id: row.interactionId,
    seq: row.seq,
    direction: row.direction as "in" | "out",
    sender_type: row.senderType as SenderType,
    sender: { id: row.senderUserId, name: senderName },
    text: row.text,
    attachments: row.attachments,
    status: row.status as MessageStatus,
    is_bot: row.isBot,
    is_private: row.isPrivate,
    client_id: row.clientId,
    sent_via: sentViaOf(row.sentVia),
    created_at: row.createdAt.toISOString(),
  };
}

/** Who sent a reply outside Holboo, from messages.sent_via ("page_inbox", "app:<id>"). */
function sentViaOf(value: string | null): MessageView["sent_via"] {
  if (!value) return null;
  return value === "page_inbox" ? { kind: "page_inbox", app_id: null } : { kind: "other_app", app_id: value.replace(/^app:/, "") || null };
}

export const presentEvent = (row: EventRow): InteractionEventView => ({
  interaction_id: row.interactionId,
  seq: row.seq,
  type: row.type as InteractionEventType,
  payload: row.payload,
  created_at: row.createdAt.toISOString(),
});
