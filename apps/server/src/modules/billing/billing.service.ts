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
import { type AuditActor, recordAudit } from "../audit/audit.service.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { presentInvoice, presentPlan } from "./billing.presenter.ts";
import { invoiceNotice, remindOnce } from "./billing-reminders.service.ts";
import { addDays, addTerm, daysBetween, DAY_MS } from "./billing.time.ts";
import { limitOf } from "./limits.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { qpayConfigured } from "./qpay.provider.ts";

export { assertWithinLimit } from "./limits.service.ts";

export const termPrice = (plan: repo.PlanRow, term: PlanTerm) => (term === "day" ? plan.priceDay : term === "month" ? plan.priceMonth : plan.priceYear);

/** A new company's trial, in onboarding's transaction. */
export async function startTrial(tx: Executor, companyId: number, now = new Date()) {
  const plan = (await repo.findPlanByCode(tx, "trial")) ?? fail("plan_not_found");
  await repo.insertSubscription(tx, { companyId, planId: plan.id, status: "trial", trialEndsAt: addDays(now, plan.trialDays) });
}

/**
 * Billing of virtual agents: call in the transaction that creates an agent (after `assertWithinLimit(tx, companyId, "agents")`)
 * and in the one that deletes it. An agent beyond the primary is billed per day it lived in each invoiced period.
 */
export async function recordAgentAdded(tx: Executor, companyId: number, agent: { id: number; name: string; isPrimary: boolean }, now = new Date()) {
  await repo.insertAgentUsage(tx, { companyId, agentId: agent.id, name: agent.name, isPrimary: agent.isPrimary, startedAt: now });
}

export async function recordAgentRemoved(tx: Executor, companyId: number, agentId: number, now = new Date()) {
  await repo.endAgentUsage(tx, companyId, agentId, now);
}

/**
 * An additional agent is billed at least until the next invoice: one added in the running period (since the last
 * invoice was raised) cannot be removed before that invoice. Call before deleting an agent.
 */
/**
 * Whether an additional agent is held until the next invoice (spec §4): one added during the running paid
 * period is billed through it and cannot be removed before the invoice. The primary agent is never held.
 */
export async function agentHeldUntilInvoice(db: Executor, companyId: number, agentId: number, now = new Date()): Promise<boolean> {
  const subscription = await repo.findSubscription(db, companyId);
  if (!subscription?.nextInvoiceAt || subscription.status !== "active" || subscription.nextInvoiceAt <= now) return false;
  const since = subscription.periodStart ?? subscription.confirmedAt;
  const [usage] = await repo.agentUsageIn(db, companyId, now, subscription.nextInvoiceAt).then((rows) => rows.filter((row) => row.agentId === agentId));
  return Boolean(usage && !usage.isPrimary && since && usage.startedAt >= since);
}

export async function assertAgentRemovable(db: Executor, companyId: number, agentId: number, now = new Date()) {
  if (await agentHeldUntilInvoice(db, companyId, agentId, now)) fail("agent_remove_before_invoice");
}

/** The main and additional agents of [start, end): bought day, days worked and what the additional ones cost. */
export async function agentLines(db: Executor, companyId: number, plan: repo.PlanRow, start: Date, end: Date): Promise<InvoiceAgentLine[]> {
  const rows = await repo.agentUsageIn(db, companyId, start, end);
  return rows.map((row) => {
    const from = row.startedAt > start ? row.startedAt : start;
    const to = row.endedAt && row.endedAt < end ? row.endedAt : end;
    const days = daysBetween(from, to);
    return {
      name: row.name,
      kind: row.isPrimary ? "main" : "additional",
      bought_at: row.startedAt.toISOString(),
      days_worked: days,
      amount: row.isPrimary ? 0 : days * plan.extraAgentDayPrice,
    };
  });
}

/** Why the company's access is closed now, if it is: the platform admin, an overdue invoice, an ended trial or term. */
export async function accessReason(db: Executor, subscription: repo.SubscriptionRow, now: Date): Promise<SuspensionReason | null> {
  if (subscription.suspendedByAdmin) return "admin";
  const unpaid = await repo.findUnpaidInvoice(db, subscription.companyId);
  if (unpaid && unpaid.dueAt <= now) return "unpaid";
  if (subscription.status === "expired") return subscription.term ? "term_ended" : "trial_expired";
  return null;
}

/** Brings companies.suspended_at (what the request guard and the agents read) in line with the subscription. */
export async function applyAccess(db: Executor, subscription: repo.SubscriptionRow, now: Date) {
  const reason = await accessReason(db, subscription, now);
  const current = await repo.companyAccess(db, subscription.companyId);
  if ((current?.suspendedReason ?? null) !== reason) await repo.setCompanyAccess(db, subscription.companyId, reason, now);
  /** closed: access was open and is closed now, so the staff's sockets must end once this commits (`accessClosed`). */
  return { reason, closed: reason !== null && !current?.suspendedAt };
}

/** After a commit that closed a company's access: its staff's sockets end with the reason, on every process. */
export function accessClosed(ctx: AppContext, companyId: number) {
  ctx.realtime.closeCompanySockets(companyId);
}

/** Whether the company's access is closed: its virtual agents do not answer then. */
export async function isAccessClosed(db: Executor, companyId: number) {
  return !!(await repo.companyAccess(db, companyId))?.suspendedAt;
}

/** The reminder due now: for an unpaid invoice pay-today, then 1 day left, then the last day; for a trial its last two days. */
export function noticeAt(subscription: repo.SubscriptionRow, unpaid: repo.InvoiceRow | null, now: Date): BillingNotice | null {
  const due = unpaid ? unpaid.dueAt : subscription.status === "trial" ? subscription.trialEndsAt : null;
  if (!due) return null;
  const left = due.getTime() - now.getTime();
  const base = { due_at: due.toISOString(), invoice_number: unpaid?.number ?? null, amount: unpaid?.amount ?? null };
  if (left <= 0) return unpaid ? { kind: "pay_today", ...base } : null;
  if (left <= DAY_MS) return { kind: "last_day", ...base };
  if (left <= 2 * DAY_MS) return { kind: "days_left", ...base };
  return unpaid ? { kind: "pay_today", ...base } : null;
}

async function usage(db: Executor, companyId: number, plan: repo.PlanRow) {
  const entries = await Promise.all(
    LIMITED_RESOURCES.map(async (resource) => [resource, { used: await repo.countResource(db, companyId, resource), limit: limitOf(plan, resource) }] as const),
  );
  return Object.fromEntries(entries) as Record<LimitedResource, { used: number; limit: number | null }>;
}

/** What every screen asks (the closed-access screen and the reminder banner): three small reads. */
export async function billingStatus(ctx: AppContext, companyId: number, now = new Date()) {
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

export async function subscriptionView(ctx: AppContext, companyId: number, now = new Date()): Promise<SubscriptionView> {
  const subscription = (await repo.findSubscription(ctx.db, companyId)) ?? fail("plan_not_found");
  const plan = (await repo.findPlanById(ctx.db, subscription.planId)) ?? fail("plan_not_found");
  const [unpaid, access, plans] = await Promise.all([repo.findUnpaidInvoice(ctx.db, companyId), repo.companyAccess(ctx.db, companyId), repo.listPlans(ctx.db)]);
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
  await remindOnce(ctx, tx, subscription.companyId, `invoice:${invoice.id}:pay_today`, invoiceNotice(invoice));
  return invoice;
}

/**
 * Buys a plan for a term: the terms must be agreed, the price must not be zero, no invoice may be unpaid, and a company
 * holds one active main purchase (the same plan again is a duplicate; another plan waits for the term to end).
 * The plan starts at once (the purchase is confirmed) and its invoice, payable within 3 days, is raised with it; the next
 * is raised when the term ends (a month later on the month term) if auto-extend is on.
 */
export async function purchase(ctx: AppContext, actor: MemberActor, input: PurchaseInput, now = new Date()) {
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
export async function extend(ctx: AppContext, actor: MemberActor, input: ExtendInput, now = new Date()) {
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

export async function setAutoExtend(ctx: AppContext, actor: MemberActor, autoExtend: boolean, now = new Date()) {
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

/**
 * A payment for an invoice, through a payment provider (the platform admin's bank-transfer record by default):
 * created → paid → activated in one transaction, and the company's access is reopened at once when nothing else keeps it closed.
 */
export async function applyPayment(
  ctx: AppContext,
  actor: { userId: number; ip: string | null },
  invoiceId: number,
  provider: PaymentProvider,
  reference: string,
  now = new Date(),
) {
  const invoice = (await repo.findInvoiceAnyCompany(ctx.db, invoiceId)) ?? fail("invoice_not_found");
  const confirmed = (await provider.confirm({ invoiceNumber: invoice.number, amount: invoice.amount, reference })) ?? fail("payment_not_received");
  const settled = await settleInvoice(
    ctx,
    invoice,
    { method: provider.method, reference: confirmed.reference },
    { ...actor, companyId: invoice.companyId },
    now,
  );
  if (!settled) fail("invoice_not_payable");
  return presentInvoice((await repo.findInvoice(ctx.db, invoice.companyId, invoiceId)) ?? fail("invoice_not_found"));
}

/**
 * Marks a confirmed payment: the invoice goes created → paid → activated with the provider's payment reference, the
 * payment is audited, and access reopens — all in one transaction under the subscription's lock, so a payment seen
 * twice at once (QPay's callback beside the poll, or a repeated callback) is recorded once. False when the invoice was
 * no longer waiting for payment (already paid): nothing changes.
 */
export async function settleInvoice(
  ctx: AppContext,
  invoice: repo.InvoiceRow,
  payment: { method: string; reference: string },
  actor: AuditActor,
  now = new Date(),
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, invoice.companyId)) ?? fail("plan_not_found");
    const current = (await repo.findInvoice(tx, invoice.companyId, invoice.id)) ?? fail("invoice_not_found");
    if (current.status !== "created") return false;
    await repo.updateInvoice(tx, invoice.companyId, invoice.id, {
      status: "activated",
      paidAt: now,
      activatedAt: now,
      endedAt: current.periodEnd <= now ? current.periodEnd : null,
      paymentMethod: payment.method,
      paymentReference: payment.reference,
    });
    await applyAccess(tx, subscription, now);
    await recordAudit(tx, actor, {
      action: "billing.payment",
      targetType: "invoice",
      targetId: current.number,
      after: { method: payment.method, reference: payment.reference, amount: current.amount },
    });
    return true;
  });
}

/** The platform admin closes or reopens a company by hand; reopening leaves closed what billing keeps closed. */
export async function setSuspendedByAdmin(ctx: AppContext, companyId: number, suspended: boolean, now = new Date()) {
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

export async function adminCompanyBilling(ctx: AppContext, companyId: number, now = new Date()) {
  return { company_id: companyId, subscription: await subscriptionView(ctx, companyId, now), invoices: (await listInvoices(ctx, companyId)).items };
}

export const invoicePayableDays = INVOICE_PAYABLE_DAYS;
