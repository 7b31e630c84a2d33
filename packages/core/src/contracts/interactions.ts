import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { listQueryBase } from "./common.ts";
import { CHANNEL_TYPES } from "./channels.ts";
import { MOODS } from "./constants.ts";

export const INTERACTION_STATUSES = ["open", "closed"] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];
/** Exactly one owner at a time: the AI agent, a person, or the unassigned queue. */
export const OWNER_TYPES = ["ai", "user", "queue"] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export type Mood = (typeof MOODS)[number];
/** A reply is `sending` until its provider takes it (`sent`), then `delivered` to the customer's device and `seen`, or `retry` when it failed. */
export const MESSAGE_STATUSES = ["sending", "sent", "delivered", "seen", "retry"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const SENDER_TYPES = ["contact", "user", "ai", "system"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

export const AttachmentView = z.object({ file_id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
export type AttachmentView = z.infer<typeof AttachmentView>;

export const MessageView = z.object({
  id: z.number().int(),
  interaction_id: z.number().int(),
  seq: z.number().int(),
  direction: z.enum(["in", "out"]),
  sender_type: z.enum(SENDER_TYPES),
  sender: z.object({ id: z.number().int().nullable(), name: z.string() }),
  text: z.string(),
  attachments: z.array(AttachmentView),
  status: z.enum(MESSAGE_STATUSES),
  is_bot: z.boolean(),
  is_private: z.boolean(),
  client_id: z.string().nullable(),
  /**
   * A reply someone sent outside Holboo, as the provider echoed it: from Messenger's Page inbox, or from
   * another app connected to the Page (its app id). Null for every message written in Holboo.
   */
  sent_via: z.object({ kind: z.enum(["page_inbox", "other_app"]), app_id: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type MessageView = z.infer<typeof MessageView>;

export const EVENT_TYPES = [
  "message.created",
  "message.status",
  /** A message's text and attachments changed (a customer's file that arrived late): payload message_id, text, attachments. */
  "message.updated",
  "ownership.changed",
  "interaction.closed",
  "interaction.reopened",
  "tags.changed",
  "rating.requested",
  "rating.received",
  "flow.step",
  "handover.changed",
] as const;
export type InteractionEventType = (typeof EVENT_TYPES)[number];

/** One entry of an interaction's ordered log; `seq` has no gaps within an interaction. */
export const InteractionEventView = z.object({
  interaction_id: z.number().int(),
  seq: z.number().int(),
  type: z.enum(EVENT_TYPES),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type InteractionEventView = z.infer<typeof InteractionEventView>;

/**
 * What the requesting member may do with this interaction, decided by the server's interactions policy (the rule that
 * also guards the routes), so the web offers exactly these actions. `reply` may still meet a channel's own limit
 * (Messenger's 24-hour window), `hand_back` the lack of an active virtual agent: facts outside the conversation.
 */
export const InteractionAbilities = z.object({
  reply: z.boolean(),
  /** A private note for colleagues. */
  note: z.boolean(),
  take_over: z.boolean(),
  escalate: z.boolean(),
  hand_back: z.boolean(),
  assign: z.boolean(),
  tag: z.boolean(),
  request_rating: z.boolean(),
  close: z.boolean(),
});
export type InteractionAbilities = z.infer<typeof InteractionAbilities>;
export type InteractionAction = keyof InteractionAbilities;

export const InteractionView = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(INTERACTION_STATUSES),
  channel: z.object({ id: z.number().int(), type: z.enum(CHANNEL_TYPES), name: z.string() }).nullable(),
  contact: z.object({ id: z.number().int(), name: z.string(), type: z.string().nullable() }),
  owner_type: z.enum(OWNER_TYPES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  closer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  started_at: z.string(),
  first_response_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  mood: z.enum(MOODS).nullable(),
  /** The closer's assessment. */
  rating: z.number().int().nullable(),
  /** The customer's own stars (service-rating page) and comment. */
  customer_rating: z.number().int().nullable(),
  rating_comment: z.string().nullable(),
  /** Customer messages the viewer has not read yet (each person has their own read position). */
  unread_count: z.number().int(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), important: z.boolean() })),
  last_seq: z.number().int(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string().nullable(),
  can: InteractionAbilities,
});
export type InteractionView = z.infer<typeof InteractionView>;

/** Live, never stored: whether the customer has the chat open now (web chat), for the thread header. */
export const ContactPresenceView = z.object({ contact_online: z.boolean() });
export type ContactPresenceView = z.infer<typeof ContactPresenceView>;

const messageText = z.string().max(LIMITS.messageMaxChars, { error: "text_too_long" });
/** A client-chosen id that makes a retried send idempotent. */
export const clientIdSchema = z.string().trim().min(8, { error: "invalid_parameters" }).max(64, { error: "invalid_parameters" });

export const SendMessageInput = z
  .object({
    client_id: clientIdSchema,
    text: messageText.default(""),
    attachment_ids: z
      .array(z.uuid({ error: "file_not_found" }))
      .max(5)
      .default([]),
    is_private: z.boolean().default(false),
  })
  .refine((value) => value.text.trim() !== "" || value.attachment_ids.length > 0, { error: "message_empty", path: ["text"] });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const StartInteractionInput = z.object({
  contact_id: z.number().int().positive({ error: "invalid_parameters" }),
  channel_id: z.number().int().positive({ error: "channel_invalid_id" }),
  title: z
    .string({ error: "interaction_title_required" })
    .trim()
    .min(1, { error: "interaction_title_required" })
    .max(LIMITS.interactionTitleMaxChars, { error: "text_too_long" }),
  text: messageText.optional(),
  client_id: clientIdSchema.optional(),
});
export type StartInteractionInput = z.infer<typeof StartInteractionInput>;

export const AssignInput = z.object({ user_id: z.number().int().positive({ error: "assignee_invalid" }).nullable() });
export type AssignInput = z.infer<typeof AssignInput>;

export const CloseInteractionInput = z.object({
  mood: z.enum(MOODS, { error: "invalid_parameters" }).optional(),
  rating: z.number().int().min(1, { error: "invalid_parameters" }).max(5, { error: "invalid_parameters" }).optional(),
});
export type CloseInteractionInput = z.infer<typeof CloseInteractionInput>;

export const SetTagsInput = z.object({ tag_ids: z.array(z.number().int().positive()).max(20) });
export type SetTagsInput = z.infer<typeof SetTagsInput>;

export const InteractionListQuery = listQueryBase.extend({
  status: z.enum(INTERACTION_STATUSES, { error: "invalid_parameters" }).default("open"),
  channel_id: z.coerce.number().int().positive().optional(),
  assignee_id: z.coerce.number().int().positive().optional(),
  owner_type: z.enum(OWNER_TYPES, { error: "invalid_parameters" }).optional(),
  tag_id: z.coerce.number().int().positive().optional(),
  mood: z.enum(MOODS, { error: "invalid_parameters" }).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  customer_rating: z.coerce.number().int().min(1).max(5).optional(),
  from: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  to: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type InteractionListQuery = z.infer<typeof InteractionListQuery>;

export const EventsQuery = z.object({ after: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(500).default(200) });
export type EventsQuery = z.infer<typeof EventsQuery>;

export const MessagesPageQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type MessagesPageQuery = z.infer<typeof MessagesPageQuery>;

export const SeenInput = z.object({ up_to_seq: z.number().int().min(0) });

export const ServiceRatingView = z.object({
  company_name: z.string(),
  title: z.string(),
  rated: z.boolean(),
  rating: z.number().int().nullable(),
});
export type ServiceRatingView = z.infer<typeof ServiceRatingView>;

export const ServiceRatingInput = z.object({
  rating: z.number({ error: "required" }).int().min(1, { error: "invalid_parameters" }).max(5, { error: "invalid_parameters" }),
  comment: z.string().trim().max(LIMITS.ratingCommentMaxChars, { error: "text_too_long" }).default(""),
});
export type ServiceRatingInput = z.infer<typeof ServiceRatingInput>;
