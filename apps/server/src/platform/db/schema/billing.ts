/** Plans and their limits, each company's subscription, its invoices, per-day agent usage and the reminders already sent. */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { companies } from "./accounts.ts";

/** The plans the platform admin sells; a null limit is unlimited. Prices are whole tugrik (MNT). Seeded by the migration. */
export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  /** trial, business or enterprise */
  code: text("code").notNull().unique(),
  maxUsers: integer("max_users"),
  maxChannels: integer("max_channels"),
  maxAgents: integer("max_agents"),
  maxArticles: integer("max_articles"),
  priceDay: integer("price_day").notNull().default(0),
  priceMonth: integer("price_month").notNull().default(0),
  priceYear: integer("price_year").notNull().default(0),
  /** An agent beyond the first, per day it exists. */
  extraAgentDayPrice: integer("extra_agent_day_price").notNull().default(0),
  /** How long a trial on this plan lasts (the trial plan only). */
  trialDays: integer("trial_days").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * One row per company: its plan, term and where it stands. status: trial, active, suspended (an invoice unpaid past its
 * due day, or the platform admin), expired (the trial or a term without auto-extend ended). companies.suspended_at
 * mirrors "access closed" for the request guard.
 */
export const subscriptions = pgTable("subscriptions", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  planId: integer("plan_id")
    .notNull()
    .references(() => plans.id),
  /** day, month or year; null on the trial */
  term: text("term"),
  status: text("status").notNull(),
  autoExtend: boolean("auto_extend").notNull().default(false),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  /** When the purchase was confirmed (the post-paid period starts). */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  termsAgreedAt: timestamp("terms_agreed_at", { withTimezone: true }),
  /** The start of the period the next invoice bills. */
  periodStart: timestamp("period_start", { withTimezone: true }),
  /** The end of the bought term (no auto-extend: the company's last day). */
  termEndsAt: timestamp("term_ends_at", { withTimezone: true }),
  /** When the billing job raises the next invoice. */
  nextInvoiceAt: timestamp("next_invoice_at", { withTimezone: true }),
  /** closed by the platform admin by hand (not lifted by a payment) */
  suspendedByAdmin: boolean("suspended_by_admin").notNull().default(false),
  updatedAt: updatedAt(),
});

/** status: created → paid → activated, or cancelled. Raised after the period it bills (post-paid). */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Unique across the platform: HB-YYYYMM-<id>. */
    number: text("number").notNull().unique(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    planCode: text("plan_code").notNull(),
    term: text("term").notNull(),
    status: text("status").notNull().default("created"),
    /** Whole tugrik. */
    amount: integer("amount").notNull(),
    autoExtend: boolean("auto_extend").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The main agent and the additional ones: name, bought day, days worked, amount. */
    agents: jsonb("agents")
      .notNull()
      .default(sql`'[]'::jsonb`),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    /** A payment gateway's own invoice (QPay's invoice_id) and what the payer needs: QR text and image, bank app links. */
    providerInvoiceId: text("provider_invoice_id"),
    providerCheckout: jsonb("provider_checkout"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The platform admin cancelled it unpaid; the term it billed was withdrawn. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("invoices_company_idx").on(t.companyId, t.id),
    /** One invoice a period: a job run twice, or two clicks, cannot bill the same period again (a cancelled one does not count). */
    uniqueIndex("invoices_company_period_unique")
      .on(t.companyId, t.periodStart)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("invoices_provider_invoice_unique").on(t.providerInvoiceId),
  ],
);

/** Each virtual agent's billed life: from the day it was added to the day it was removed (null while it lives). */
export const agentUsage = pgTable(
  "agent_usage",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Not a foreign key: the row outlives the agent, which is what it bills. */
    agentId: integer("agent_id").notNull(),
    name: text("name").notNull(),
    isPrimary: boolean("is_primary").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("agent_usage_company_idx").on(t.companyId, t.agentId)],
);

/** A reminder sent once: key names the invoice or trial and the kind (days_left, last_day, pay_today). */
export const billingReminders = pgTable(
  "billing_reminders",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("billing_reminders_unique").on(t.companyId, t.key)],
);

/**
 * The installation's billing settings, one row (id is always true): the payee companies pay by bank transfer (all
 * null until the platform admin sets it) and the terms of service (null: the text shipped with the product).
 */
export const billingSettings = pgTable(
  "billing_settings",
  {
    id: boolean("id").primaryKey().default(true),
    payeeCompanyName: text("payee_company_name"),
    payeeBankName: text("payee_bank_name"),
    payeeAccountNumber: text("payee_account_number"),
    payeeAccountHolder: text("payee_account_holder"),
    termsMn: text("terms_mn"),
    termsEn: text("terms_en"),
    termsUpdatedAt: timestamp("terms_updated_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check("billing_settings_one_row", sql`${t.id}`)],
);

/**
 * Test installations only (BILLING_TEST_CLOCK): how far a company's billing clock runs ahead of (or behind) real
 * time, so every date billing writes for it comes from the same clock. Never read otherwise.
 */
export const billingTestClocks = pgTable("billing_test_clocks", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull(),
});
