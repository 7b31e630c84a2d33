/** Channels and the web-chat settings of a channel. */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns.ts";
import { companies, virtualAgents } from "./accounts.ts";

export const channels = pgTable(
  "channels",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    name: text("name").notNull(),
    number: text("number"),
    description: text("description").notNull(),
    active: boolean("active").notNull().default(true),
    /** The virtual agent that serves the channel; it answers first only while agent_active is on. */
    agentId: integer("agent_id").references(() => virtualAgents.id, { onDelete: "set null" }),
    agentActive: boolean("agent_active").notNull().default(false),
    /** The provider's settings that are not secret (page id, mailbox host…), per the adapter's schema. */
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    /** Tokens and passwords, AES-256-GCM encrypted (platform/crypto); never sent to a browser. */
    secrets: bytea("secrets"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("channels_company_idx").on(t.companyId, t.type, t.id),
    // Provider webhooks find their channel by this key (POST /webhooks/{type}/{key}) before any company is known.
    uniqueIndex("channels_webhook_key_unique").on(sql`(${t.config}->>'webhook_key')`),
  ],
);

/** Web-chat settings of a channel. The domain is unique across companies: one site, one web chat. */
export const webchatChannels = pgTable(
  "webchat_channels",
  {
    channelId: integer("channel_id")
      .primaryKey()
      .references(() => channels.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    publicKey: text("public_key").notNull(),
    hmacSecret: text("hmac_secret").notNull(),
    nameMn: text("name_mn").notNull(),
    nameEn: text("name_en").notNull().default(""),
    greetingMn: text("greeting_mn").notNull().default(""),
    greetingEn: text("greeting_en").notNull().default(""),
    brandColor: text("brand_color").notNull(),
    textColor: text("text_color").notNull(),
    language: text("language").notNull().default("mn"),
    faq: jsonb("faq").$type<Array<{ question_mn: string; question_en: string; answer_mn: string; answer_en: string }>>().notNull().default([]),
    logoFileId: uuid("logo_file_id"),
  },
  (t) => [
    uniqueIndex("webchat_domain_unique").on(t.domain),
    uniqueIndex("webchat_public_key_unique").on(t.publicKey),
    index("webchat_company_idx").on(t.companyId, t.channelId),
  ],
);

/**
 * Every provider event a webhook accepted, stored before it is answered: a redelivery of the same id is
 * stored once, and a job processes each stored event (channels/events.ts).
 */
export const channelEvents = pgTable(
  "channel_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    providerEventId: text("provider_event_id").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("channel_events_provider_id_unique").on(t.channelId, t.providerEventId),
    index("channel_events_company_idx").on(t.companyId, t.channelId, t.id),
  ],
);

/**
 * An e-mail channel's mailbox: where it is read (IMAP) and sent from (SMTP); the password is in
 * `channels.secrets`. `uid_validity`/`last_uid` say how far it has been read: only what is past them is
 * taken, and `last_uid` moves in the transaction that stores the mail, so a restart loses and repeats nothing.
 */
export const emailMailboxes = pgTable(
  "email_mailboxes",
  {
    channelId: integer("channel_id")
      .primaryKey()
      .references(() => channels.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    imapHost: text("imap_host").notNull(),
    imapPort: integer("imap_port").notNull(),
    imapTls: text("imap_tls").notNull(),
    smtpHost: text("smtp_host").notNull(),
    smtpPort: integer("smtp_port").notNull(),
    smtpTls: text("smtp_tls").notNull(),
    username: text("username").notNull(),
    /** `password`, or `google`/`microsoft`: OAuth2 (XOAUTH2), the refresh and access tokens sealed in `channels.secrets`. */
    auth: text("auth").notNull().default("password"),
    signature: text("signature").notNull().default(""),
    copyToSent: boolean("copy_to_sent").notNull().default(true),
    /** The virtual agent answers mail ("answer") or prepares a draft for a person ("draft"). */
    agentMode: text("agent_mode").notNull().default("answer"),
    folder: text("folder").notNull().default("INBOX"),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
    state: text("state").notNull().default("connecting"),
    lastError: text("last_error"),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
  },
  (t) => [index("email_mailboxes_company_idx").on(t.companyId, t.channelId)],
);

/**
 * Every mail a mailbox received or sent, by its Message-ID: what threads a reply into its conversation
 * (In-Reply-To / References), the sanitised HTML the conversation shows, and mail that was left out (loops).
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    rfcMessageId: text("rfc_message_id").notNull(),
    direction: text("direction").notNull(),
    interactionId: integer("interaction_id"),
    messageId: bigint("message_id", { mode: "number" }),
    subject: text("subject").notNull().default(""),
    fromAddress: text("from_address").notNull().default(""),
    toAddress: text("to_address").notNull().default(""),
    references: jsonb("references").$type<string[]>().notNull().default([]),
    html: text("html"),
    quotedHtml: text("quoted_html"),
    /** Why a received mail did not enter a conversation (auto_reply, bounce, bulk, own_address), else null. */
    ignoredReason: text("ignored_reason"),
    /** Brought in from the mailbox's past when it was connected: its conversation is for people only. */
    imported: boolean("imported").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_messages_rfc_id_unique").on(t.channelId, t.rfcMessageId),
    index("email_messages_company_interaction_idx").on(t.companyId, t.interactionId),
    index("email_messages_company_message_idx").on(t.companyId, t.messageId),
  ],
);

/** An e-mail conversation's subject and the reply token its subjects carry (`[#token]`), unique per mailbox. */
export const emailThreads = pgTable(
  "email_threads",
  {
    interactionId: integer("interaction_id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    replyToken: text("reply_token").notNull(),
    /** In "draft" mode: the virtual agent's draft answer to a customer mail (that message's id), for the composer. */
    draft: jsonb("draft").$type<{
      messageId: number;
      text: string;
      sources: { kind: "qa" | "passage"; sourceId: number; title: string }[];
      confidence: number;
    }>(),
  },
  (t) => [uniqueIndex("email_threads_token_unique").on(t.channelId, t.replyToken), index("email_threads_company_idx").on(t.companyId, t.interactionId)],
);
