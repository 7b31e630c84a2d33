/** Companies, their people and agents, sessions and one-time tokens, role permissions, mail domains, stored files and outgoing mail. */
import { LIMITS } from "@holboo/core";
import { and, eq, gt, sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns.ts";

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    contactEmail: text("contact_email"),
    phone: text("phone"),
    sector: text("sector"),
    employeeRange: text("employee_range"),
    logoFileId: uuid("logo_file_id"),
    ownerUserId: integer("owner_user_id").notNull(),
    creatorUserId: integer("creator_user_id").notNull(),
    ownershipTransferredAt: timestamp("ownership_transferred_at", { withTimezone: true }),
    domainRuleEnabled: boolean("domain_rule_enabled").notNull().default(false),
    /** Auto-assignment gives an agent at most this many open interactions. */
    maxOpenPerAgent: integer("max_open_per_agent").notNull().default(LIMITS.maxOpenPerAgentDefault),
    /** Access closed (an unpaid invoice, an ended trial or term, or the platform admin): staff calls answer company_suspended. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** unpaid, trial_expired, term_ended or admin */
    suspendedReason: text("suspended_reason"),
    /** Members without two-step verification are led to set it up before anything else. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("companies_name_unique").on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    email: text("email"),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    role: text("role").notNull().default("admin"),
    userType: text("user_type").notNull().default("human"),
    status: text("status").notNull().default("active"),
    presence: text("presence").notNull().default("offline"),
    /** Until when "online"/"away" holds without a fresh heartbeat from a process holding the person's socket. */
    presenceExpiresAt: timestamp("presence_expires_at", { withTimezone: true }),
    locale: text("locale").notNull().default("mn"),
    photoFileId: uuid("photo_file_id"),
    isApprovedBySuperadmin: boolean("is_approved_by_superadmin").notNull().default(false),
    invitedByUserId: integer("invited_by_user_id"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** Wrong passwords since the last sign-in, from any address; kept here so every process slows the same account. */
    failedLogins: integer("failed_logins").notNull().default(0),
    /** No password is checked for this account before then. */
    loginBlockedUntil: timestamp("login_blocked_until", { withTimezone: true }),
    /** The TOTP secret (RFC 6238), sealed with the secrets box; set once a first code confirmed it. */
    totpSecret: bytea("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** A secret being set up, not yet confirmed by a code. */
    totpPendingSecret: bytea("totp_pending_secret"),
    /** The last time step a code was accepted for: a code of that step or earlier is refused (no replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} IS NOT NULL`),
    index("users_company_idx").on(t.companyId, t.id),
    index("users_company_role_status_idx").on(t.companyId, t.role, t.status),
  ],
);

/** A person online now. An expired presence is a crashed process's leftover: offline, whether or not the sweep has run. */
export const onlineNow = () => and(eq(users.presence, "online"), gt(users.presenceExpiresAt, sql`now()`));

export const virtualAgents = pgTable(
  "virtual_agents",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    agentType: text("agent_type").notNull().default("social_agent"),
    isPrimary: boolean("is_primary").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("virtual_agents_company_idx").on(t.companyId, t.id),
    uniqueIndex("virtual_agents_one_primary")
      .on(t.companyId)
      .where(sql`${t.isPrimary}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use tokens: guard hand-offs, invitations and password resets. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.role, t.permission] })],
);

export const mailDomains = pgTable(
  "mail_domains",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_domains_company_domain_unique").on(t.companyId, t.domain)],
);

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    mime: text("mime").notNull(),
    name: text("name").notNull().default(""),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId, t.id)],
);

/**
 * Outgoing mail. Without SMTP configured it stays here ("kept") so an admin can read it, except a mail that carries a
 * sign-in secret for its recipient alone: its text is never stored without SMTP ("withheld"), and is emptied once SMTP
 * delivered it or gave up.
 */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** A reset or invitation link (or any code that signs its recipient in): never shown to anyone else. */
    carriesSecret: boolean("carries_secret").notNull().default(false),
    status: text("status").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_company_idx").on(t.companyId, t.id)],
);
