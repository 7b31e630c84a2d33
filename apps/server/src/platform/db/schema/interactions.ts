/** Saved responses and interaction tags, interactions, their messages and their ordered event log. */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { companies, users } from "./accounts.ts";
import { channels } from "./channels.ts";
import { contactIdentities, contacts } from "./contacts.ts";

export const savedResponses = pgTable(
  "saved_responses",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    text: text("text").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_responses_company_key_unique").on(t.companyId, sql`lower(${t.key})`)],
);

export const interactionTags = pgTable(
  "interaction_tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    important: boolean("important").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interaction_tags_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

export const interactions = pgTable(
  "interactions",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    identityId: integer("identity_id").references(() => contactIdentities.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status").notNull().default("open"),
    ownerType: text("owner_type").notNull(),
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedByUserId: integer("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    mood: text("mood"),
    /** The closer's assessment of the service, recorded when closing. */
    rating: integer("rating"),
    /** The customer's own stars from the service-rating page: kept apart, so neither overwrites the other. */
    customerRating: integer("customer_rating"),
    ratingComment: text("rating_comment"),
    ratingTokenHash: text("rating_token_hash"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessagePreview: text("last_message_preview"),
    /**
     * The virtual agent's memory of this conversation: answers that missed in a row, and the choices it
     * last offered with the question they clarify.
     */
    botState: jsonb("bot_state").$type<{ misses: number; options: Array<{ id: string; title: string }>; question?: string }>(),
  },
  (t) => [
    // Not on last_message_at: every message moves it, and an unindexed change lets PostgreSQL update
    // the row in place (HOT). The open tab is small enough to sort; the closed one uses closed_at.
    index("interactions_company_status_idx").on(t.companyId, t.status, t.closedAt),
    index("interactions_company_assignee_idx").on(t.companyId, t.assigneeUserId, t.status),
    index("interactions_company_contact_idx").on(t.companyId, t.contactId),
    // Every customer message finds its conversation by the sender's channel identity.
    index("interactions_company_identity_idx").on(t.companyId, t.identityId, t.status),
    index("interactions_company_channel_idx").on(t.companyId, t.channelId, t.status),
    uniqueIndex("interactions_rating_token_unique").on(t.ratingTokenHash),
  ],
);

export const interactionTagLinks = pgTable(
  "interaction_tag_links",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id")
      .notNull()
      .references(() => interactions.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => interactionTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.interactionId, t.tagId] }), index("interaction_tag_links_company_tag_idx").on(t.companyId, t.tagId)],
);

/** The ordered log of an interaction. Written with the change it records, read by resync and pushes. */
export const interactionEvents = pgTable(
  "interaction_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // No foreign key to companies on the two hot tables: the interaction's own key already ties the row
    // to its company (and deletes it with it), and a key check would share-lock the company's row on
    // every message, one write to that row per message.
    companyId: integer("company_id").notNull(),
    interactionId: integer("interaction_id")
      .notNull()
      .references(() => interactions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    /** Whether the customer's side may see it (private notes and staff-only events are not). */
    visibleToContact: boolean("visible_to_contact").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interaction_events_seq_unique").on(t.companyId, t.interactionId, t.seq)],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // See interaction_events: the interaction's key ties a message to its company.
    companyId: integer("company_id").notNull(),
    interactionId: integer("interaction_id")
      .notNull()
      .references(() => interactions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    direction: text("direction").notNull(),
    senderType: text("sender_type").notNull(),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull().default(""),
    attachments: jsonb("attachments").$type<Array<{ file_id: string; name: string; mime: string; size: number }>>().notNull().default([]),
    status: text("status").notNull(),
    isBot: boolean("is_bot").notNull().default(false),
    isPrivate: boolean("is_private").notNull().default(false),
    providerMessageId: text("provider_message_id"),
    clientId: text("client_id"),
    /** A reply someone sent outside Holboo, as the provider echoed it: "page_inbox", or "app:<id>" for another app. */
    sentVia: text("sent_via"),
    createdAt: createdAt(),
  },
  (t) => [
    // One index serves tenant reads, history paging and sequence uniqueness; the id indexes skip NULLs.
    uniqueIndex("messages_interaction_seq_unique").on(t.companyId, t.interactionId, t.seq),
    uniqueIndex("messages_client_id_unique")
      .on(t.companyId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    uniqueIndex("messages_provider_id_unique")
      .on(t.companyId, t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);

/**
 * How far each person has read each conversation (the sequence number of the last event they saw): unread is
 * counted from it at read time, per person, over `messages_interaction_seq_unique`, so writing a message
 * touches no row here. Written only when someone opens or reads a conversation.
 */
export const interactionReads = pgTable(
  "interaction_reads",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id")
      .notNull()
      .references(() => interactions.id, { onDelete: "cascade" }),
    lastReadSeq: integer("last_read_seq").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.interactionId] })],
);

/**
 * The parts of a reply a provider has taken (Messenger and Viber send the text and each attachment as a
 * message of its own), written as soon as each is accepted: a retried delivery skips them, so no part is
 * sent twice.
 */
export const messageDeliveryParts = pgTable(
  "message_delivery_parts",
  {
    companyId: integer("company_id").notNull(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.messageId, t.part] })],
);
