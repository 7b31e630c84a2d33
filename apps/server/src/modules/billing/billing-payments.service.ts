import type { AppContext } from "../../context.ts";
import { type AuditActor, recordAudit } from "../audit/audit.service.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { presentInvoice } from "./billing.presenter.ts";
import { applyAccess } from "./billing-access.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";

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
