import type { AppContext } from "../../context.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { presentInvoice } from "./billing.presenter.ts";
import { accessClosed, applyAccess } from "./billing-access.service.ts";
import { billingNow } from "./billing-clock.service.ts";

/**
 * How the subscription changes when an unpaid invoice is cancelled: the term that invoice bought is withdrawn. An
 * extension not yet started is taken back (the running term ends at its own end, without auto-extend); a term already
 * running ends now, back to the trial if the trial has days left. An invoice of additional agents only is just waived.
 */
async function withdrawnTerm(db: Executor, subscription: repo.SubscriptionRow, invoice: repo.InvoiceRow, now: Date) {
  const billsLastTerm = subscription.termEndsAt?.getTime() === invoice.periodEnd.getTime() && invoice.periodEnd > invoice.periodStart;
  if (!billsLastTerm || (subscription.status !== "active" && subscription.status !== "expired")) return null;
  const ended = { termEndsAt: invoice.periodStart, autoExtend: false };
  if (invoice.periodStart > now) return { ...ended, nextInvoiceAt: invoice.periodStart } satisfies Partial<repo.SubscriptionRow>;
  if (subscription.trialEndsAt && subscription.trialEndsAt > now) {
    const trial = (await repo.findPlanByCode(db, "trial")) ?? fail("plan_not_found");
    return {
      planId: trial.id,
      status: "trial",
      term: null,
      autoExtend: false,
      confirmedAt: null,
      periodStart: null,
      termEndsAt: null,
      nextInvoiceAt: null,
    } satisfies Partial<repo.SubscriptionRow>;
  }
  return { ...ended, status: "expired", nextInvoiceAt: null } satisfies Partial<repo.SubscriptionRow>;
}

/**
 * The platform admin cancels an unpaid invoice (raised by mistake, or a company that is leaving): it no longer keeps
 * access closed nor blocks a purchase, the term it billed is withdrawn, and the company's audit log records it. Only a
 * `created` invoice can be cancelled; a paid one stays paid.
 */
export async function cancelInvoice(ctx: AppContext, actor: { userId: number; ip: string | null }, invoiceId: number, at?: Date) {
  const invoice = (await repo.findInvoiceAnyCompany(ctx.db, invoiceId)) ?? fail("invoice_not_found");
  const companyId = invoice.companyId;
  const now = at ?? (await billingNow(ctx, companyId));
  const access = await ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, companyId)) ?? fail("plan_not_found");
    const current = (await repo.findInvoice(tx, companyId, invoiceId)) ?? fail("invoice_not_found");
    if (current.status !== "created") fail("invoice_not_cancellable");
    await repo.updateInvoice(tx, companyId, invoiceId, { status: "cancelled", cancelledAt: now });
    const changes = await withdrawnTerm(tx, subscription, current, now);
    if (changes) await repo.updateSubscription(tx, companyId, changes);
    await recordAudit(
      tx,
      { ...actor, companyId },
      { action: "billing.invoice_cancel", targetType: "invoice", targetId: current.number, after: { amount: current.amount } },
    );
    return applyAccess(tx, { ...subscription, ...changes }, now);
  });
  if (access.closed) accessClosed(ctx, companyId);
  return presentInvoice((await repo.findInvoice(ctx.db, companyId, invoiceId)) ?? fail("invoice_not_found"));
}
