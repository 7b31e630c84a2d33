import type { AppContext } from "../../context.ts";
import { type AuditActor, recordAudit } from "../audit/audit.service.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { presentInvoice } from "./billing.presenter.ts";
import { applyAccess } from "./billing-access.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { billingNow } from "./billing-clock.service.ts";

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
  at?: Date,
) {
  const invoice = (await repo.findInvoiceAnyCompany(ctx.db, invoiceId)) ?? fail("invoice_not_found");
  const now = at ?? (await billingNow(ctx, invoice.companyId));
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
 * Marks a confirmed payment: the invoice becomes paid with the provider's payment reference, and activated at once
 * when the period it bills has started (an extension paid ahead stays paid until its period starts, when the billing
 * cycle activates it); the payment is audited and access reopens — all in one transaction under the subscription's
 * lock, so a payment seen twice at once (QPay's callback beside the poll, or a repeated callback) is recorded once.
 * False when the invoice was no longer waiting for payment (already paid, or cancelled): nothing changes. `now` is
 * the company's billing clock.
 */
export async function settleInvoice(
  ctx: AppContext,
  invoice: repo.InvoiceRow,
  payment: { method: string; reference: string },
  actor: AuditActor,
  at?: Date,
): Promise<boolean> {
  const now = at ?? (await billingNow(ctx, invoice.companyId));
  return ctx.db.transaction(async (tx) => {
    const subscription = (await repo.lockSubscription(tx, invoice.companyId)) ?? fail("plan_not_found");
    const current = (await repo.findInvoice(tx, invoice.companyId, invoice.id)) ?? fail("invoice_not_found");
    if (current.status !== "created") return false;
    const started = current.periodStart <= now;
    await repo.updateInvoice(tx, invoice.companyId, invoice.id, {
      status: started ? "activated" : "paid",
      paidAt: now,
      activatedAt: started ? now : null,
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
