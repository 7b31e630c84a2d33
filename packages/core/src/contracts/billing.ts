import { z } from "zod";
import { LIMITS } from "../limits.ts";

/** Plans, terms and invoice states (spec §3, §4, §9). Prices and amounts are whole tugrik (MNT). */
export const PLAN_CODES = ["trial", "business", "enterprise"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PLAN_TERMS = ["day", "month", "year"] as const;
export type PlanTerm = (typeof PLAN_TERMS)[number];
/** A running plan is extended only by month or year. */
export const EXTENSION_TERMS = ["month", "year"] as const satisfies readonly PlanTerm[];
export const INVOICE_STATUSES = ["created", "paid", "activated", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ["trial", "active", "suspended", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Why a company's access is closed. */
export const SUSPENSION_REASONS = ["unpaid", "trial_expired", "term_ended", "admin"] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];
/** What the package counts. */
export const LIMITED_RESOURCES = ["users", "channels", "agents", "articles"] as const;
export type LimitedResource = (typeof LIMITED_RESOURCES)[number];
export const REMINDER_KINDS = ["days_left", "last_day", "pay_today"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** An invoice is payable within this many days of being raised. */
export const INVOICE_PAYABLE_DAYS = 3;

const tugrik = z.number({ error: "invalid_parameters" }).int({ error: "invalid_parameters" }).min(0, { error: "invalid_parameters" }).max(1_000_000_000, {
  error: "invalid_parameters",
});
const limit = z.number({ error: "invalid_parameters" }).int({ error: "invalid_parameters" }).min(1, { error: "invalid_parameters" }).max(100_000).nullable();

export const PlanView = z.object({
  id: z.number().int(),
  code: z.enum(PLAN_CODES),
  /** null: unlimited */
  max_users: z.number().int().nullable(),
  max_channels: z.number().int().nullable(),
  max_agents: z.number().int().nullable(),
  max_articles: z.number().int().nullable(),
  price_day: z.number().int(),
  price_month: z.number().int(),
  price_year: z.number().int(),
  extra_agent_day_price: z.number().int(),
  trial_days: z.number().int(),
});
export type PlanView = z.infer<typeof PlanView>;

/** The platform admin's edit of a plan's limits and prices. */
export const PlanInput = z.object({
  max_users: limit,
  max_channels: limit,
  max_agents: limit,
  max_articles: limit,
  price_day: tugrik,
  price_month: tugrik,
  price_year: tugrik,
  extra_agent_day_price: tugrik,
  trial_days: z
    .number({ error: "invalid_parameters" })
    .int({ error: "invalid_parameters" })
    .min(0, { error: "invalid_parameters" })
    .max(365, { error: "invalid_parameters" }),
});
export type PlanInput = z.infer<typeof PlanInput>;

/** Plans that can be bought (the trial is given at onboarding). */
export const PAID_PLAN_CODES = ["business", "enterprise"] as const satisfies readonly PlanCode[];

export const PurchaseInput = z.object({
  plan: z.enum(PAID_PLAN_CODES, { error: "plan_not_found" }),
  term: z.enum(PLAN_TERMS, { error: "invalid_parameters" }),
  auto_extend: z.boolean({ error: "invalid_parameters" }).default(false),
  /** The terms must be agreed before a purchase. */
  agree_terms: z.boolean({ error: "terms_not_agreed" }),
});
export type PurchaseInput = z.infer<typeof PurchaseInput>;

/** Extends the running plan by a month or a year. */
export const ExtendInput = z.object({
  term: z.enum(PLAN_TERMS, { error: "invalid_parameters" }),
  auto_extend: z.boolean({ error: "invalid_parameters" }).optional(),
});
export type ExtendInput = z.infer<typeof ExtendInput>;

export const AutoExtendInput = z.object({ auto_extend: z.boolean({ error: "invalid_parameters" }) });
export type AutoExtendInput = z.infer<typeof AutoExtendInput>;

export const UsageView = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
export type UsageView = z.infer<typeof UsageView>;

export const InvoiceAgentLine = z.object({
  name: z.string(),
  kind: z.enum(["main", "additional"]),
  bought_at: z.string(),
  days_worked: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceAgentLine = z.infer<typeof InvoiceAgentLine>;

export const InvoiceView = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  plan: z.enum(PLAN_CODES),
  term: z.enum(PLAN_TERMS),
  amount: z.number().int(),
  auto_extend: z.boolean(),
  period_start: z.string(),
  period_end: z.string(),
  due_at: z.string(),
  agents: z.array(InvoiceAgentLine),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

/** What a reminder is about: an unpaid invoice, the trial's end, or the end of a term without auto-extend. */
export const NOTICE_SUBJECTS = ["invoice", "trial", "term"] as const;
export type NoticeSubject = (typeof NOTICE_SUBJECTS)[number];

/** A reminder the app shows as a banner (and mails once). */
export const BillingNotice = z.object({
  kind: z.enum(REMINDER_KINDS),
  about: z.enum(NOTICE_SUBJECTS),
  due_at: z.string(),
  invoice_number: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type BillingNotice = z.infer<typeof BillingNotice>;

const payeeText = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(200, { error: "text_too_long" })
  .refine((value) => !/[\r\n]/.test(value), { error: "invalid_parameters" });

/**
 * Where companies pay by bank transfer: the installation's payee, set by the platform admin. The payment reference
 * is always the invoice's number, so it is not stored.
 */
export const PayeeInput = z.object({
  company_name: payeeText,
  bank_name: payeeText,
  account_number: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(64, { error: "text_too_long" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: "account_number_invalid" }),
  account_holder: payeeText,
});
export type PayeeInput = z.infer<typeof PayeeInput>;
export const PayeeView = z.object({ company_name: z.string(), bank_name: z.string(), account_number: z.string(), account_holder: z.string() });
export type PayeeView = z.infer<typeof PayeeView>;
/** payee null: the platform admin has not set the payment details yet. */
export const PaymentDetailsView = z.object({ payee: PayeeView.nullable() });
export type PaymentDetailsView = z.infer<typeof PaymentDetailsView>;

/** The terms of service a purchase agrees to, in both languages; custom false: the text shipped with the product. */
export const TermsView = z.object({ mn: z.string(), en: z.string(), custom: z.boolean(), updated_at: z.string().nullable() });
export type TermsView = z.infer<typeof TermsView>;
const termsText = z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.termsMaxChars, { error: "text_too_long" });
/** The platform admin's own terms, replacing the shipped ones (DELETE restores those). */
export const TermsInput = z.object({ mn: termsText, en: termsText });
export type TermsInput = z.infer<typeof TermsInput>;

export const AdminBillingSettingsView = z.object({
  payee: PayeeView.nullable(),
  terms: TermsView,
  /** The terms shipped with the product, to start an edit from. */
  default_terms: z.object({ mn: z.string(), en: z.string() }),
});
export type AdminBillingSettingsView = z.infer<typeof AdminBillingSettingsView>;

export const SubscriptionView = z.object({
  plan: PlanView,
  status: z.enum(SUBSCRIPTION_STATUSES),
  term: z.enum(PLAN_TERMS).nullable(),
  auto_extend: z.boolean(),
  trial_ends_at: z.string().nullable(),
  term_ends_at: z.string().nullable(),
  next_invoice_at: z.string().nullable(),
  /** What the next invoice would bill if raised now. */
  next_invoice_amount: z.number().int().nullable(),
  suspended_reason: z.enum(SUSPENSION_REASONS).nullable(),
  /** The unpaid invoice, if any. */
  unpaid_invoice: InvoiceView.nullable(),
  notice: BillingNotice.nullable(),
  usage: z.object({ users: UsageView, channels: UsageView, agents: UsageView, articles: UsageView }),
  plans: z.array(PlanView),
  /** Payment gateways the company may pay an invoice through itself (QPay when the installation configured it). */
  payment_gateways: z.array(z.enum(["qpay"])),
  /** Where to pay by bank transfer (null: not set by the platform admin yet). */
  payee: PayeeView.nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const AdminCompanyBillingView = z.object({
  company_id: z.number().int(),
  subscription: SubscriptionView,
  invoices: z.array(InvoiceView),
});
export type AdminCompanyBillingView = z.infer<typeof AdminCompanyBillingView>;

export const RecordPaymentInput = z.object({
  reference: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(200, { error: "text_too_long" }),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInput>;

export const SuspendInput = z.object({ suspended: z.boolean({ error: "invalid_parameters" }) });
export type SuspendInput = z.infer<typeof SuspendInput>;

export const PlanCodeParams = z.object({ code: z.enum(PLAN_CODES, { error: "plan_not_found" }) });
export type PlanCodeParams = z.infer<typeof PlanCodeParams>;

/** A bank app's link to pay a QPay invoice (QPay's `urls`). */
export const QPayBankLink = z.object({ name: z.string(), description: z.string(), logo: z.string(), link: z.string() });
export type QPayBankLink = z.infer<typeof QPayBankLink>;

/** What the payer needs to pay an invoice by QPay: the QR (text and PNG as base64), the short link and the bank apps' links. */
export const QPayCheckoutView = z.object({
  invoice_id: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  qr_text: z.string(),
  qr_image: z.string(),
  short_url: z.string().nullable(),
  urls: z.array(QPayBankLink),
});
export type QPayCheckoutView = z.infer<typeof QPayCheckoutView>;

/** Test installations only: run the billing cycle as if it were this time. */
export const BillingClockInput = z.object({
  now: z.iso.datetime({ error: "invalid_parameters" }),
  /** One company only, so a test's clock never touches another test's companies. */
  company_id: z.number({ error: "invalid_parameters" }).int({ error: "invalid_parameters" }).positive({ error: "invalid_parameters" }),
});
export type BillingClockInput = z.infer<typeof BillingClockInput>;
