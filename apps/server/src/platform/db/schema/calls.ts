/** The call center: a company's PBX connection, its lines and extensions, and every call. */
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns.ts";
import { companies, users } from "./accounts.ts";
import { channels } from "./channels.ts";
import { contacts } from "./contacts.ts";
import { interactions } from "./interactions.ts";

/**
 * How Holboo reaches a company's PBX: Asterisk's ARI (URL, user, Stasis app) or the generic CTI webhook
 * (the PBX calls us, signed with a shared secret). Passwords and the signing secret are sealed in `secrets`.
 */
export const pbxConnections = pgTable(
  "pbx_connections",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    url: text("url").notNull().default(""),
    username: text("username").notNull().default(""),
    appName: text("app_name").notNull().default(""),
    /** The CTI webhook's address key (POST /webhooks/cti/{key}). */
    webhookKey: text("webhook_key").notNull(),
    /** AES-256-GCM sealed { password } or { signing_secret } (platform/crypto); never sent to a browser. */
    secrets: bytea("secrets"),
    /** connecting | connected | failed: the events socket's state, as its owner last saw it. */
    state: text("state").notNull().default("connecting"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pbx_connections_company_unique").on(t.companyId), uniqueIndex("pbx_connections_webhook_key_unique").on(t.webhookKey)],
);

/**
 * How a company's call center works, whatever its PBX: how long an extension rings before the next is tried, the
 * after-call work during which a person who just finished a call is not offered another, whether answered calls are
 * recorded (ARI), and the wait within which an answered call counts as answered in time. No row: the defaults.
 */
export const callCenterSettings = pgTable("call_center_settings", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  ringSeconds: integer("ring_seconds").notNull().default(20),
  afterCallSeconds: integer("after_call_seconds").notNull().default(10),
  recordCalls: boolean("record_calls").notNull().default(false),
  answeredWithinSeconds: integer("answered_within_seconds").notNull().default(20),
  updatedAt: updatedAt(),
});

/** A number (trunk or DID) the PBX answers; its calls belong to a phone channel. */
export const callLines = pgTable(
  "call_lines",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    name: text("name").notNull(),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("call_lines_company_number_unique").on(t.companyId, t.number)],
);

/** A person's extension on the PBX, unique per company. */
export const callExtensions = pgTable(
  "call_extensions",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    extension: text("extension").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("call_extensions_company_extension_unique").on(t.companyId, t.extension),
    uniqueIndex("call_extensions_company_user_unique").on(t.companyId, t.userId),
  ],
);

/**
 * Every call: waiting → talking → ended, or missed / cancelled. `provider_call_id` is the PBX's id
 * (ARI channel id, CTI callId), unique per connection, so a repeated event changes the same row.
 */
export const calls = pgTable(
  "calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => pbxConnections.id, { onDelete: "cascade" }),
    providerCallId: text("provider_call_id").notNull(),
    number: text("number").notNull(),
    lineId: integer("line_id").references(() => callLines.id, { onDelete: "set null" }),
    extension: text("extension"),
    direction: text("direction").notNull(),
    status: text("status").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** When the caller began waiting for people: at once, or when the call operator's menu transferred them; null if never. */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    waitSeconds: integer("wait_seconds"),
    talkSeconds: integer("talk_seconds"),
    answeredByUserId: integer("answered_by_user_id").references(() => users.id, { onDelete: "set null" }),
    recordingUrl: text("recording_url"),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    interactionId: integer("interaction_id").references(() => interactions.id, { onDelete: "set null" }),
    /** The thread's message that shows this call (its bubble). */
    messageId: integer("message_id"),
    /** Event ids already applied (CTI event ids, ARI event keys): a repeat changes nothing. */
    seenEvents: jsonb("seen_events").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calls_connection_provider_unique").on(t.connectionId, t.providerCallId),
    index("calls_company_status_idx").on(t.companyId, t.status, t.startedAt),
    index("calls_company_started_idx").on(t.companyId, t.startedAt),
    index("calls_company_interaction_idx")
      .on(t.companyId, t.interactionId)
      .where(sql`${t.interactionId} IS NOT NULL`),
    index("calls_company_contact_idx").on(t.companyId, t.contactId),
    // Each extension's last finished call: after-call work and the longest-idle order of the ring rule.
    index("calls_company_extension_ended_idx")
      .on(t.companyId, t.extension, t.endedAt)
      .where(sql`${t.extension} IS NOT NULL`),
  ],
);

/**
 * A generic PBX's webhook event as received (signature checked): stored once per connection and event id,
 * in the transaction that adds the job applying it, so a repeat adds no second job.
 */
export const ctiEvents = pgTable(
  "cti_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => pbxConnections.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("cti_events_connection_event_unique").on(t.connectionId, t.eventId), index("cti_events_company_idx").on(t.companyId, t.id)],
);
