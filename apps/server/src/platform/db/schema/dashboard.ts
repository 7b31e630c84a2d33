/** The dashboard's rollups: one fact row per interaction, daily sums per company × channel × agent, and the fold's watermark. */
import { DURATION_BUCKETS_S } from "@holboo/core";
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./accounts.ts";

const buckets = (prefix: string) => Array.from({ length: DURATION_BUCKETS_S.length + 1 }, (_, i) => `${prefix}${i}`);

/**
 * Every summed column of a daily rollup row, in order. Durations are counted in fixed buckets
 * (`DURATION_BUCKETS_S`, the last one open), so a median or p90 over any range is a sum of rows.
 */
export const ROLLUP_METRICS = [
  "created",
  "closed",
  "frt_n",
  "frt_sum",
  ...buckets("frt_b"),
  "res_n",
  "res_sum",
  ...buckets("res_b"),
  "rating_1",
  "rating_2",
  "rating_3",
  "rating_4",
  "rating_5",
  "crating_1",
  "crating_2",
  "crating_3",
  "crating_4",
  "crating_5",
  "mood_angry",
  "mood_frowning",
  "mood_normal",
  "mood_grinning",
  "ai_handled",
  "ai_alone",
  "ai_handover",
  "ai_verified",
  "ai_assumed",
  ...Array.from({ length: 24 }, (_, h) => `h${h}`),
] as const;

const metricColumns = Object.fromEntries(
  ROLLUP_METRICS.map((name) => [name, name.endsWith("_sum") ? bigint(name, { mode: "number" }).notNull().default(0) : integer(name).notNull().default(0)]),
);

/**
 * What one interaction adds to the rollups, computed from the interaction and its events. The fold
 * subtracts a row's old contribution and adds its new one; `seq` is the interaction's last_seq it was read at.
 */
export const dashboardFacts = pgTable(
  "dashboard_facts",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id").notNull(),
    seq: integer("seq").notNull(),
    contactId: integer("contact_id").notNull(),
    /** 0: none. */
    channelId: integer("channel_id").notNull(),
    /** The person (or virtual agent) the conversation counts for; 0: the queue. */
    agentId: integer("agent_id").notNull(),
    /** The virtual agent's user when the AI agent took part; 0 otherwise. */
    vaId: integer("va_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    frtS: integer("frt_s"),
    resS: integer("res_s"),
    rating: integer("rating"),
    customerRating: integer("customer_rating"),
    mood: text("mood"),
    /** handed_over, verified, assumed or open (the AI agent took part); null otherwise. */
    ai: text("ai"),
    /** When an assumed AI resolution becomes verified unless the customer comes back. */
    verifyDueAt: timestamp("verify_due_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.interactionId] }),
    index("dashboard_facts_company_started_idx").on(t.companyId, t.startedAt),
    index("dashboard_facts_company_closed_idx").on(t.companyId, t.closedAt),
    // The fold looks across companies for resolutions whose 72 hours have passed: a tiny partial index.
    index("dashboard_facts_verify_due_idx")
      .on(t.verifyDueAt)
      .where(sql`${t.verifyDueAt} IS NOT NULL`),
  ],
);

/** Daily sums per company × local day × channel × agent; the hours of `created` are h0…h23. */
export const dashboardDays = pgTable(
  "dashboard_days",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    channelId: integer("channel_id").notNull(),
    agentId: integer("agent_id").notNull(),
    ...metricColumns,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.channelId, t.agentId] })],
);

/** The same sums per calendar month (`day` is the month's first day): long periods read months, then days. */
export const dashboardMonths = pgTable(
  "dashboard_months",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    channelId: integer("channel_id").notNull(),
    agentId: integer("agent_id").notNull(),
    ...metricColumns,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.channelId, t.agentId] })],
);

/** How far the fold has read: event and interaction ids below which everything is folded (one row). */
export const dashboardWatermark = pgTable("dashboard_watermark", {
  id: integer("id").primaryKey(),
  eventId: bigint("event_id", { mode: "number" }).notNull(),
  interactionId: integer("interaction_id").notNull(),
  foldedAt: timestamp("folded_at", { withTimezone: true }).notNull().defaultNow(),
});
