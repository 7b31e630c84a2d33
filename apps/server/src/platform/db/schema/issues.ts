/** Issues (customer requests): settings (types, tags with colour, reasons), issues with a per-company
 * number, their tags, comments with mentions, and the activity history. */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { companies, users } from "./accounts.ts";
import { channels } from "./channels.ts";
import { contacts } from "./contacts.ts";
import { interactions } from "./interactions.ts";

/** Issue types, tags and reasons share one shape; `kind` tells them apart, names are unique per kind. */
export const issueSettings = pgTable(
  "issue_settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Tags only. */
    color: text("color"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("issue_settings_company_kind_name_unique").on(t.companyId, t.kind, sql`lower(${t.name})`)],
);

export const issues = pgTable(
  "issues",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Per company, from 1; shown as #number. */
    number: integer("number").notNull(),
    name: text("name").notNull(),
    reasonId: integer("reason_id").references(() => issueSettings.id, { onDelete: "set null" }),
    typeId: integer("type_id").references(() => issueSettings.id, { onDelete: "set null" }),
    priority: text("priority").notNull(),
    status: text("status").notNull(),
    description: text("description").notNull().default(""),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    interactionId: integer("interaction_id").references(() => interactions.id, { onDelete: "set null" }),
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    attachments: jsonb("attachments").$type<Array<{ file_id: string; name: string; mime: string; size: number }>>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("issues_company_number_unique").on(t.companyId, t.number),
    index("issues_company_registered_idx").on(t.companyId, t.registeredAt),
    index("issues_company_assignee_idx").on(t.companyId, t.assigneeUserId, t.status),
    index("issues_company_creator_idx").on(t.companyId, t.createdByUserId),
    index("issues_company_contact_idx").on(t.companyId, t.contactId),
  ],
);

export const issueTagLinks = pgTable(
  "issue_tag_links",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => issueSettings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.tagId] }), index("issue_tag_links_company_tag_idx").on(t.companyId, t.tagId)],
);

export const issueComments = pgTable(
  "issue_comments",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentionIds: jsonb("mention_ids").$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("issue_comments_company_issue_idx").on(t.companyId, t.issueId, t.id)],
);

/** The activity history of an issue, written in the same transaction as the change it records. */
export const issueEvents = pgTable(
  "issue_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("issue_events_company_issue_idx").on(t.companyId, t.issueId, t.id)],
);
