import type { PlanTerm } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import * as repo from "./billing.repo.ts";
import { agentLines } from "./agent-billing.service.ts";
import { accessClosed, applyAccess } from "./billing-access.service.ts";
import { noticesAt, raiseInvoice, renewalTerm, termPrice } from "./billing.service.ts";
import { reminderMail, remindOnce } from "./billing-reminders.service.ts";
import { testClocks } from "./billing-clock.service.ts";
import { addTerm, DAY_MS } from "./billing.time.ts";

/** At most this many periods are caught up in one run (a server that was off for a while). */
const MAX_CATCH_UP = 400;

export interface CycleResult {
  reviewed: number;
  invoicesRaised: number;
  remindersSent: number;
}

/**
 * The billing rules at `now` (the job passes the real time; tests and the test-only clock pass theirs): invoices paid
 * ahead activate when their period starts, trials end, each ended period is invoiced (payable within 3 days), a term
 * without auto-extend ends, an invoice unpaid past its due day closes access, and each reminder and each "ended" mail
 * goes out once to the owner and admins. Idempotent.
 */
export async function runBillingCycle(ctx: AppContext, now: Date, scope: repo.CycleScope = {}): Promise<CycleResult> {
  await repo.activateStartedInvoices(ctx.db, now, scope);
  await repo.endPastInvoices(ctx.db, now, scope);
  const due = await repo.subscriptionsToReview(ctx.db, now, new Date(now.getTime() + 2 * DAY_MS), scope);
  const result: CycleResult = { reviewed: due.length, invoicesRaised: 0, remindersSent: 0 };
  for (const { companyId } of due) {
    const counts = await ctx.db.transaction((tx) => reviewCompany(ctx, tx, companyId, now));
    if (counts.closed) accessClosed(ctx, companyId);
    result.invoicesRaised += counts.invoices;
    result.remindersSent += counts.reminders;
  }
  return result;
}

async function reviewCompany(ctx: AppContext, tx: Executor, companyId: number, now: Date) {
  const counts = { invoices: 0, reminders: 0, closed: false };
  const locked = await repo.lockSubscription(tx, companyId);
  if (!locked) return counts;
  let subscription: repo.SubscriptionRow = locked;
  const plan = await repo.findPlanById(tx, subscription.planId);
  if (!plan) return counts;

  if (subscription.status === "trial" && subscription.trialEndsAt && subscription.trialEndsAt <= now) {
    subscription = { ...subscription, status: "expired" };
    await repo.updateSubscription(tx, companyId, { status: "expired" });
    const endsAt = subscription.trialEndsAt ?? now;
    counts.reminders += await remindOnce(ctx, tx, companyId, `trial:${endsAt.toISOString()}:ended`, { case: "trial_ended", endsAt });
  }

  for (let i = 0; i < MAX_CATCH_UP && subscription.status === "active" && subscription.nextInvoiceAt && subscription.nextInvoiceAt <= now; i++) {
    const { periodStart, termEndsAt } = subscription;
    const term = subscription.term as PlanTerm | null;
    if (!periodStart || !termEndsAt || !term) break;
    // The ended term's additional agents, per day used, go on this invoice.
    const agents = await agentLines(tx, companyId, plan, periodStart, termEndsAt);
    const extras = agents.reduce((sum, line) => sum + line.amount, 0);
    if (subscription.autoExtend) {
      const renewal = renewalTerm(term);
      const end = addTerm(termEndsAt, renewal);
      const changes: Partial<repo.SubscriptionRow> = { periodStart: termEndsAt, term: renewal, termEndsAt: end, nextInvoiceAt: end };
      await raiseInvoice(ctx, tx, subscription, plan, {
        term: renewal,
        amount: termPrice(plan, renewal) + extras,
        start: termEndsAt,
        end,
        raisedAt: termEndsAt,
        agents,
      });
      subscription = { ...subscription, ...changes };
      await repo.updateSubscription(tx, companyId, changes);
    } else {
      if (extras > 0)
        await raiseInvoice(ctx, tx, subscription, plan, { term, amount: extras, start: termEndsAt, end: termEndsAt, raisedAt: termEndsAt, agents });
      const changes: Partial<repo.SubscriptionRow> = { periodStart: termEndsAt, status: "expired", nextInvoiceAt: null };
      subscription = { ...subscription, ...changes };
      await repo.updateSubscription(tx, companyId, changes);
      counts.reminders += await remindOnce(ctx, tx, companyId, `term:${termEndsAt.toISOString()}:ended`, { case: "term_ended", endsAt: termEndsAt });
    }
    counts.invoices += subscription.status === "active" || extras > 0 ? 1 : 0;
  }

  counts.closed = (await applyAccess(tx, subscription, now)).closed;
  const unpaid = await repo.findUnpaidInvoice(tx, companyId);
  for (const notice of noticesAt(subscription, unpaid, now)) {
    const mail = reminderMail(notice, unpaid);
    if (!mail) continue;
    const subject = notice.about === "invoice" ? `invoice:${unpaid?.id ?? 0}` : `${notice.about}:${notice.due_at}`;
    counts.reminders += await remindOnce(ctx, tx, companyId, `${subject}:${notice.kind}`, mail, notice.about === "invoice" ? unpaid?.id : undefined);
  }
  return counts;
}

/**
 * The hourly run: every company at the real time, except on a test installation those with a test clock, each at
 * its own time (so the real hour never undoes what a test's clock did).
 */
export async function runScheduledBillingCycle(ctx: AppContext): Promise<void> {
  const clocks = await testClocks(ctx);
  await runBillingCycle(ctx, new Date(), { except: clocks.map((clock) => clock.companyId) });
  for (const clock of clocks) await runBillingCycle(ctx, clock.now, { only: clock.companyId });
}
