import { QPayCheckJobPayload, type QPayCheckoutView } from "@holboo/core";
import { jobKind } from "../../platform/jobs/job.ts";
import type { AppContext } from "../../context.ts";
import type { Config } from "../../platform/config.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { settleInvoice } from "./billing-payments.service.ts";
import { type QPayCheckout, QPayClient, qpayConfigured } from "./qpay.provider.ts";

/** One client per configuration (per process), so its token is reused. */
const clients = new WeakMap<Config, QPayClient>();

export function qpayClient(ctx: AppContext): QPayClient {
  if (!qpayConfigured(ctx.config)) fail("payment_gateway_unavailable");
  let client = clients.get(ctx.config);
  if (!client) clients.set(ctx.config, (client = new QPayClient(ctx.config)));
  return client;
}

/** While an invoice waits for its QPay payment, it is asked about this often (a lost callback costs at most this). */
export const QPAY_POLL_MS = 30_000;
/** After an hour the payer has likely left the screen: then every 10 minutes, while the invoice is unpaid. */
export const QPAY_SLOW_POLL_MS = 600_000;
const FAST_POLL_FOR_MS = 3_600_000;

/** The address QPay calls when the invoice is paid; the MAC only spares us calls for invoices we never sent. */
export const qpayCallbackPath = (ctx: AppContext, invoiceId: number) => `/api/billing/qpay/callback/${invoiceId}/${ctx.secrets.mac(`qpay:${invoiceId}`)}`;
export const qpayCallbackValid = (ctx: AppContext, invoiceId: number, mac: string) => mac === ctx.secrets.mac(`qpay:${invoiceId}`);

interface StoredCheckout extends Omit<QPayCheckout, "qpayInvoiceId"> {
  createdAt: string;
}

const present = (invoice: repo.InvoiceRow, checkout: StoredCheckout): QPayCheckoutView => ({
  invoice_id: invoice.id,
  status: invoice.status as QPayCheckoutView["status"],
  qr_text: checkout.qrText,
  qr_image: checkout.qrImage,
  short_url: checkout.shortUrl,
  urls: checkout.urls,
});

/**
 * The QPay invoice for one of the company's unpaid invoices: made once (the invoice row is locked meanwhile, so two
 * clicks make one) and stored with its QR and bank links; the poll job starts in the same transaction.
 */
export async function qpayCheckout(ctx: AppContext, companyId: number, invoiceId: number): Promise<QPayCheckoutView> {
  const client = qpayClient(ctx);
  return ctx.db.transaction(async (tx) => {
    const invoice = (await repo.lockInvoice(tx, companyId, invoiceId)) ?? fail("invoice_not_found");
    if (invoice.status !== "created") fail("invoice_not_payable");
    if (invoice.providerInvoiceId && invoice.providerCheckout) return present(invoice, invoice.providerCheckout as StoredCheckout);
    const { qpayInvoiceId, ...checkout } = await client.createInvoice({
      number: invoice.number,
      amount: invoice.amount,
      companyId,
      description: `Holboo ${invoice.number}`,
      callbackUrl: `${ctx.config.PUBLIC_URL}${qpayCallbackPath(ctx, invoice.id)}`,
    });
    const stored: StoredCheckout = { ...checkout, createdAt: new Date().toISOString() };
    const updated = await repo.updateInvoice(tx, companyId, invoice.id, { providerInvoiceId: qpayInvoiceId, providerCheckout: stored });
    await ctx.jobs.add(tx, qpayCheck, { invoice_id: invoice.id }, { key: `qpay-check:${invoice.id}`, runAt: new Date(Date.now() + QPAY_POLL_MS) });
    return present(updated ?? invoice, stored);
  });
}

/**
 * Asks QPay whether the invoice is paid and, if it is, records the payment (once, whoever asks first: the callback,
 * the poll, or the payer's "I paid" button). Returns the invoice's state after.
 */
export async function checkQPayInvoice(ctx: AppContext, invoiceId: number, ip: string | null = null): Promise<"paid" | "open" | "closed"> {
  const invoice = await repo.findInvoiceAnyCompany(ctx.db, invoiceId);
  if (!invoice?.providerInvoiceId) return "closed";
  if (invoice.status !== "created") return invoice.paymentMethod === "qpay" ? "paid" : "closed";
  const client = qpayClient(ctx);
  const payment = await client.confirm({ invoiceNumber: invoice.number, amount: invoice.amount, reference: invoice.providerInvoiceId });
  if (!payment) return "open";
  await settleInvoice(ctx, invoice, { method: client.method, reference: payment.reference }, { userId: null, companyId: invoice.companyId, ip });
  return "paid";
}

/**
 * While an invoice waits for its QPay payment, QPay's payment check is asked (QPay's callback is unsigned and
 * may be lost): one waiting job per invoice, by key; qpay.job.ts runs it.
 */
export const qpayCheck = jobKind<QPayCheckJobPayload>({ id: "billing.qpay_check", payload: QPayCheckJobPayload, maxAttempts: 3 });

/** The poll: asks again later while the invoice waits, quickly during the first hour after the checkout was made. */
export async function pollQPayInvoice(ctx: AppContext, invoiceId: number, stop: AbortSignal) {
  const state = await checkQPayInvoice(ctx, invoiceId).catch(() => "open" as const);
  if (state !== "open" || stop.aborted) return;
  const invoice = await repo.findInvoiceAnyCompany(ctx.db, invoiceId);
  const created = Date.parse((invoice?.providerCheckout as StoredCheckout | null)?.createdAt ?? "") || 0;
  const wait = Date.now() - created < FAST_POLL_FOR_MS ? QPAY_POLL_MS : QPAY_SLOW_POLL_MS;
  await ctx.jobs.add(ctx.db, qpayCheck, { invoice_id: invoiceId }, { key: `qpay-check:${invoiceId}`, runAt: new Date(Date.now() + wait) });
}
