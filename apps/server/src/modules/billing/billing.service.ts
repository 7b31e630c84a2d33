import type {
  BillingNotice,
  ExtendInput,
  InvoiceAgentLine,
  LimitedResource,
  PlanInput,
  PlanTerm,
  PurchaseInput,
  SubscriptionStatus,
  SubscriptionView,
  SuspensionReason,
} from "@holboo/core";
import { INVOICE_PAYABLE_DAYS, LIMITED_RESOURCES } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { presentInvoice, presentPlan } from "./billing.presenter.ts";
import { invoiceRaisedMail, remindOnce } from "./billing-reminders.service.ts";
import { findPayee } from "./billing-settings.service.ts";
import { billingNow } from "./billing-clock.service.ts";
import { addDays, addTerm, DAY_MS } from "./billing.time.ts";
import { limitOf } from "./limits.service.ts";
import { agentLines } from "./agent-billing.service.ts";
import { accessClosed, applyAccess } from "./billing-access.service.ts";
import { qpayConfigured } from "./qpay.provider.ts";

export { assertWithinLimit } from "./limits.service.ts";

export const termPrice = (plan: repo.PlanRow, term: PlanTerm) => (term === "day" ? plan.priceDay : term === "month" ? plan.priceMonth : plan.priceYear);

/** A new company's trial, in onboarding's transaction. */
export async function startTrial(tx: Executor, companyId: number, now = new Date()) {
  const plan = (await repo.findPlanByCode(tx, "trial")) ?? fail("plan_not_found");
  await repo.insertSubscription(tx, { companyId, planId: plan.id, status: "trial", trialEndsAt: addDays(now, plan.trialDays) });
}

/**
 * The reminders due now, the most pressing first: for an unpaid invoice pay-today, then 1 day left, then the last day
 * (pay-today again once overdue); for a trial, or a term that ends without auto-extend, its last two days.
 */
export function noticesAt(subscription: repo.SubscriptionRow, unpaid: repo.InvoiceRow | null, now: Date): BillingNotice[] {
  const notices: BillingNotice[] = [];
  if (unpaid) {
    const left = unpaid.dueAt.getTime() - now.getTime();
    const kind = left > 0 && left <= DAY_MS ? "last_day" : left > DAY_MS && left <= 2 * DAY_MS ? "days_left" : "pay_today";
    notices.push({ kind, about: "invoice", due_at: unpaid.dueAt.toISOString(), invoice_number: unpaid.number, amount: unpaid.amount });
  }
  const trial = subscription.status === "trial";
  const ends = trial ? subscription.trialEndsAt : subscription.status === "active" && !subscription.autoExtend ? subscription.termEndsAt : null;
  if (ends) {
    const left = ends.getTime() - now.getTime();
    if (left > 0 && left <= 2 * DAY_MS)
      notices.push({
        kind: left <= DAY_MS ? "last_day" : "days_left",
        about: trial ? "trial" : "term",
        due_at: ends.toISOString(),
        invoice_number: null,
        amount: null,
      });
  }
  return notices;
}

/** The reminder the app shows now (the banner): the most pressing one. */
export const noticeAt = (subscription: repo.SubscriptionRow, unpaid: repo.InvoiceRow | null, now: Date): BillingNotice | null =>
  noticesAt(subscription, unpaid, now)[0] ?? null;

async function usage(db: Executor, companyId: number, plan: repo.PlanRow) {
  const entries = await Promise.all(
    LIMITED_RESOURCES.map(async (resource) => [resource, { used: await repo.countResource(db, companyId, resource), limit: limitOf(plan, resource) }] as const),
  );
  return Object.fromEntries(entries) as Record<LimitedResource, { used: number; limit: number | null }>;
}

/** What every screen asks (the closed-access screen and the reminder banner): three small reads. */
export async function billingStatus(ctx: AppContext, companyId: number, at?: Date) {
  const now = at ?? (await billingNow(ctx, companyId));
  const [subscription, unpaid, access] = await Promise.all([
    repo.findSubscription(ctx.db, companyId),
    repo.findUnpaidInvoice(ctx.db, companyId),
    repo.companyAccess(ctx.db, companyId),
  ]);
  if (!subscription) return fail("plan_not_found");
  const reason = (access?.suspendedReason ?? null) as SuspensionReason | null;
  const status: SubscriptionStatus = reason === "admin" || reason === "unpaid" ? "suspended" : (subscription.status as SubscriptionStatus);
  return { status, suspended_reason: reason, notice: noticeAt(subscription, unpaid, now) };
}

export async function subscriptionView(ctx: AppContext, companyId: number, at?: Date): Promise<SubscriptionView> {
  const now = at ?? (await billingNow(ctx, companyId));
  const subscription = (await repo.findSubscription(ctx.db, companyId)) ?? fail("plan_not_found");
  const plan = (await repo.findPlanById(ctx.db, subscription.planId)) ?? fail("plan_not_found");
  const [unpaid, access, plans, payee] = await Promise.all([
    repo.findUnpaidInvoice(ctx.db, companyId),
    repo.companyAccess(ctx.db, companyId),
    repo.listPlans(ctx.db),
    findPayee(ctx.db),
  ]);
  const reason = (access?.suspendedReason ?? null) as SuspensionReason | null;
  const term = subscription.term as PlanTerm | null;
  let nextAmount: number | null = null;
  if (term && subscription.nextInvoiceAt && subscription.periodStart) {
    const lines = await agentLines(ctx.db, companyId, plan, subscription.periodStart, subscription.nextInvoiceAt);
    nextAmount = (subscription.autoExtend ? termPrice(plan, renewalTerm(term)) : 0) + lines.reduce((sum, line) => sum + line.amount, 0);
  }
  const status: SubscriptionStatus = reason === "admin" || reason === "unpaid" ? "suspended" : (subscription.status as SubscriptionStatus);
  return {
    plan: presentPlan(plan),
    status,
    term,
    auto_extend: subscription.autoExtend,
    trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
    term_ends_at: subscription.termEndsAt?.toISOString() ?? null,
    next_invoice_at: subscription.nextInvoiceAt?.toISOString() ?? null,
    next_invoice_amount: nextAmount,
    suspended_reason: reason,
    unpaid_invoice: unpaid ? presentInvoice(unpaid) : null,
    notice: noticeAt(subscription, unpaid, now),
    usage: await usage(ctx.db, companyId, plan),
    plans: plans.map(presentPlan),
    payment_gateways: qpayConfigured(ctx.config) ? ["qpay"] : [],
    payee,
  };
}

/** Auto-extend renews by the same term; a day term renews by a month (a plan is extended only by month or year). */
export const renewalTerm = (term: PlanTerm): PlanTerm => (term === "day" ? "month" : term);

/** Raises an invoice for [start, end) in the caller's transaction, payable within 3 days of `raisedAt`, and tells the owner and admins. */
export async function raiseInvoice(
  ctx: AppContext,
  tx: Executor,
  subscription: repo.SubscriptionRow,
  plan: repo.PlanRow,
  bill: { term: PlanTerm; amount: number; start: Date; end: Date; raisedAt: Date; agents: InvoiceAgentLine[] },
) {
  const invoice = await onUniqueViolation(
    repo.insertInvoice(tx, {
      companyId: subscription.companyId,
      planId: plan.id,
      planCode: plan.code,
      term: bill.term,
      amount: bill.amount,
      autoExtend: subscription.autoExtend,
      periodStart: bill.start,
      periodEnd: bill.end,
      dueAt: addDays(bill.raisedAt, INVOICE_PAYABLE_DAYS),
      agents: bill.agents,
      createdAt: bill.raisedAt,
    }),
    () => fail("invoice_duplicated"),
  );
  await remindOnce(ctx, tx, subscription.companyId, `invoice:${invoice.id}:pay_today`, invoiceRaisedMail(invoice), invoice.id);
  return invoice;
}

/**
 * Buys a plan for a term: the terms must be agreed, the price must not be zero, no invoice may be unpaid, and a company
 * holds one active main purchase (the same plan again is a duplicate; another plan waits for the term to end).
 * The plan starts at once (the purchase is confirmed) and its invoice, payable within 3 days, is raised with it; the next
 * is raised when the term ends (a month later on the month term) if auto-extend is on.
 */
export async function purchase(ctx: AppContext, actor: MemberActor, input: PurchaseInput, at?: Date) {
  const now = at ?? (await billingNow(ctx, actor.companyId));
  if (!input.agree_terms) fail("terms_not_agreed", { agree_terms: "terms_not_agreed" });
  const plan = (await repo.findPlanByCode(ctx.db, input.plan)) ?? fail("plan_not_found");
  if (termPrice(plan, input.term) <= 0) fail("plan_amount_zero");
  await ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, actor.companyId)) ?? fail("plan_not_found");
    if (await repo.findUnpaidInvoice(tx, actor.companyId)) fail("invoice_unpaid");
    if (subscription.status === "active") fail(subscription.planId === plan.id ? "invoice_duplicated" : "active_purchase_exists");
    const termEndsAt = addTerm(now, input.term);
    const changes = {
      planId: plan.id,
      term: input.term,
      status: "active",
      autoExtend: input.auto_extend,
      confirmedAt: now,
      termsAgreedAt: now,
      periodStart: now,
      termEndsAt,
      nextInvoiceAt: termEndsAt,
    } satisfies Partial<repo.SubscriptionRow>;
    await repo.updateSubscription(tx, actor.companyId, changes);
    const agents = await agentLines(tx, actor.companyId, plan, now, now);
    await raiseInvoice(ctx, tx, { ...subscription, ...changes }, plan, {
      term: input.term,
      amount: termPrice(plan, input.term),
      start: now,
      end: termEndsAt,
      raisedAt: now,
      agents,
    });
    await applyAccess(tx, { ...subscription, ...changes }, now);
    await recordAudit(tx, actor, {
      action: "billing.purchase",
      targetType: "subscription",
      after: { plan: plan.code, term: input.term, auto_extend: input.auto_extend },
    });
  });
  return subscriptionView(ctx, actor.companyId, now);
}

/** Extends the running plan by a month or a year (never by a day); an unpaid invoice must be paid first. */
export async function extend(ctx: AppContext, actor: MemberActor, input: ExtendInput, at?: Date) {
  const now = at ?? (await billingNow(ctx, actor.companyId));
  if (input.term === "day") fail("plan_extend_term_invalid", { term: "plan_extend_term_invalid" });
  await ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, actor.companyId)) ?? fail("plan_not_found");
    if (subscription.status !== "active" || !subscription.termEndsAt) return fail("plan_not_found");
    const plan = (await repo.findPlanById(tx, subscription.planId)) ?? fail("plan_not_found");
    if (termPrice(plan, input.term) <= 0) fail("plan_amount_zero");
    if (await repo.findUnpaidInvoice(tx, actor.companyId)) fail("invoice_unpaid");
    // The extension is its own term after the running one, invoiced now; the agents of the running term stay for its end.
    const start = subscription.termEndsAt;
    const end = addTerm(start, input.term);
    const changes = { term: input.term, termEndsAt: end, nextInvoiceAt: end, ...(input.auto_extend !== undefined ? { autoExtend: input.auto_extend } : {}) };
    await repo.updateSubscription(tx, actor.companyId, changes);
    await raiseInvoice(ctx, tx, { ...subscription, ...changes }, plan, {
      term: input.term,
      amount: termPrice(plan, input.term),
      start,
      end,
      raisedAt: now,
      agents: [],
    });
    await recordAudit(tx, actor, { action: "billing.extend", targetType: "subscription", after: { plan: plan.code, term: input.term } });
  });
  return subscriptionView(ctx, actor.companyId, now);
}

export async function setAutoExtend(ctx: AppContext, actor: MemberActor, autoExtend: boolean, at?: Date) {
  const now = at ?? (await billingNow(ctx, actor.companyId));
  await ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, actor.companyId)) ?? fail("plan_not_found");
    if (subscription.status !== "active") fail("plan_not_found");
    await repo.updateSubscription(tx, actor.companyId, { autoExtend });
    await recordAudit(tx, actor, {
      action: "billing.auto_extend",
      targetType: "subscription",
      before: { auto_extend: subscription.autoExtend },
      after: { auto_extend: autoExtend },
    });
  });
  return subscriptionView(ctx, actor.companyId, now);
}

export async function listInvoices(ctx: AppContext, companyId: number) {
  const rows = await repo.listInvoices(ctx.db, companyId);
  return { items: rows.map(presentInvoice), total: rows.length };
}

export async function findInvoice(ctx: AppContext, companyId: number, invoiceId: number) {
  return (await repo.findInvoice(ctx.db, companyId, invoiceId)) ?? fail("invoice_not_found");
}

export const invoiceView = async (ctx: AppContext, companyId: number, invoiceId: number) => presentInvoice(await findInvoice(ctx, companyId, invoiceId));

/** The platform admin closes or reopens a company by hand; reopening leaves closed what billing keeps closed. */
export async function setSuspendedByAdmin(ctx: AppContext, companyId: number, suspended: boolean, at?: Date) {
  const now = at ?? (await billingNow(ctx, companyId));
  const access = await ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, companyId)) ?? fail("company_not_found");
    await repo.updateSubscription(tx, companyId, { suspendedByAdmin: suspended });
    return applyAccess(tx, { ...subscription, suspendedByAdmin: suspended }, now);
  });
  if (access.closed) accessClosed(ctx, companyId);
  return subscriptionView(ctx, companyId, now);
}

export async function listPlans(ctx: AppContext) {
  const rows = await repo.listPlans(ctx.db);
  return { items: rows.map(presentPlan), total: rows.length };
}

export async function updatePlan(ctx: AppContext, code: string, input: PlanInput) {
  const row = await repo.updatePlan(ctx.db, code, {
    maxUsers: input.max_users,
    maxChannels: input.max_channels,
    maxAgents: input.max_agents,
    maxArticles: input.max_articles,
    priceDay: input.price_day,
    priceMonth: input.price_month,
    priceYear: input.price_year,
    extraAgentDayPrice: input.extra_agent_day_price,
    trialDays: input.trial_days,
  });
  return presentPlan(row ?? fail("plan_not_found"));
}

export async function adminCompanyBilling(ctx: AppContext, companyId: number, now?: Date) {
  return { company_id: companyId, subscription: await subscriptionView(ctx, companyId, now), invoices: (await listInvoices(ctx, companyId)).items };
}

export const invoicePayableDays = INVOICE_PAYABLE_DAYS;
