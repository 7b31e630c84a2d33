import type { AuditEntryView, InvoiceView, QPayCheckoutView, SubscriptionView } from "@holboo/core";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { type FakeQPay, QPAY_INVOICE_CODE, QPAY_PASSWORD, QPAY_USERNAME, startFakeQPay } from "../../../test/fake-qpay.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { invoices } from "../../platform/db/schema.ts";

let t: TestApp;
let qpay: FakeQPay;
let root: Client;
beforeAll(async () => {
  qpay = await startFakeQPay();
  t = await startTestApp({
    BILLING_TEST_CLOCK: "true",
    QPAY_API_URL: qpay.url,
    QPAY_USERNAME,
    QPAY_PASSWORD,
    QPAY_INVOICE_CODE,
  });
  qpay.routeTo(t.config.PUBLIC_URL, t.url);
  root = await platformAdmin(t);
});
afterEach(() => {
  qpay.failAll(false);
  expect(qpay.violations).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await qpay.close();
});

async function boughtCompany() {
  const admin = await companyAdmin(t);
  const bought = await admin.client.post<SubscriptionView>("/api/billing/purchase", { plan: "business", term: "month", auto_extend: true, agree_terms: true });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const invoice = bought.body.unpaid_invoice;
  if (!invoice) throw new Error("no invoice");
  return { admin, invoice, subscription: bought.body };
}

const invoiceRow = async (id: number) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("paying an invoice by QPay", () => {
  it("makes one QPay invoice with the QR and bank links; duplicate callbacks, the poll and 'I paid' at once record the payment once", async () => {
    const { admin, invoice, subscription } = await boughtCompany();
    expect(subscription.payment_gateways).toEqual(["qpay"]);

    const [first, second] = await Promise.all([
      admin.client.post<QPayCheckoutView>(`/api/billing/invoices/${invoice.id}/qpay`),
      admin.client.post<QPayCheckoutView>(`/api/billing/invoices/${invoice.id}/qpay`),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ invoice_id: invoice.id, status: "created", qr_image: expect.any(String), qr_text: expect.any(String) });
    // Bank apps' links come through; a link that is not an app's (javascript:) is dropped.
    expect(first.body.urls.map((url) => url.name)).toEqual(["Khan bank", "Golomt bank"]);
    const sent = qpay.invoiceFor(invoice.number);
    if (!sent) throw new Error("no QPay invoice");
    expect([...qpay.invoices.values()].filter((made) => made.body.sender_invoice_no === invoice.number)).toHaveLength(1);
    expect(sent.body).toMatchObject({ invoice_code: QPAY_INVOICE_CODE, amount: invoice.amount, invoice_receiver_code: `company-${admin.me.company_id}` });

    // Before anyone pays, a callback (anyone can send one) and "I paid" change nothing.
    expect(await qpay.callback(sent, "forged")).toEqual({ status: 200, body: "SUCCESS" });
    expect((await admin.client.post<{ state: string }>(`/api/billing/invoices/${invoice.id}/qpay/check`)).body).toEqual({ state: "open" });
    expect((await invoiceRow(invoice.id))?.status).toBe("created");

    const payment = qpay.pay(sent);
    await makeWaitingJobsDue(t);
    const results = await Promise.all([
      qpay.callback(sent, payment.payment_id),
      qpay.callback(sent, payment.payment_id),
      qpay.callback(sent, payment.payment_id),
      admin.client.post<{ state: string }>(`/api/billing/invoices/${invoice.id}/qpay/check`),
    ]);
    expect(results.slice(0, 3).map((result) => result.status)).toEqual([200, 200, 200]);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: "activated", paymentMethod: "qpay", paymentReference: payment.payment_id });
    // The poll ran (or runs) too; wait until it has, then check there is still one payment.
    await waitFor(
      () => t.database.pool.query(`SELECT count(*)::int AS n FROM ${t.config.JOBS_SCHEMA}.jobs WHERE task_identifier = 'billing.qpay_check'`),
      (result) => result.rows[0]?.n === 0,
    );
    const audit = await admin.client.get<{ items: AuditEntryView[] }>("/api/audit?action=billing.payment");
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({
      actor: null,
      target_type: "invoice",
      target_id: invoice.number,
      after: { method: "qpay", reference: payment.payment_id },
    });
    expect(((await invoiceRow(invoice.id))?.paidAt ?? new Date(0)).getTime()).toBe(row?.paidAt?.getTime());
    expect((await admin.client.post(`/api/billing/invoices/${invoice.id}/qpay`)).status).toBe(409);
  });

  it("the poll alone finds a payment whose callback never came, and reopens a closed company", async () => {
    const { admin, invoice } = await boughtCompany();
    await root.post("/api/admin/test/billing-cycle", { now: new Date(Date.parse(invoice.due_at) + 60_000).toISOString(), company_id: admin.me.company_id });
    expect(errorCode(await admin.client.get("/api/users"))).toBe("company_suspended");

    const checkout = await admin.client.post<QPayCheckoutView>(`/api/billing/invoices/${invoice.id}/qpay`);
    expect(checkout.status).toBe(200);
    const sent = qpay.invoiceFor(invoice.number);
    if (!sent) throw new Error("no QPay invoice");
    // Paid too little, and a failed payment: still open.
    const part = qpay.pay(sent, { amount: invoice.amount - 1 });
    qpay.pay(sent, { status: "FAILED" });
    expect((await admin.client.post<{ state: string }>(`/api/billing/invoices/${invoice.id}/qpay/check`)).body).toEqual({ state: "open" });
    expect((await invoiceRow(invoice.id))?.status).toBe("created");

    const payment = qpay.pay(sent);
    const paid = await waitFor(
      async () => {
        await makeWaitingJobsDue(t);
        return invoiceRow(invoice.id);
      },
      (row) => row?.status === "activated",
    );
    expect(paid).toMatchObject({ status: "activated", paymentReference: `${part.payment_id},${payment.payment_id}` });
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });

  it("signs in again when QPay drops its token; QPay down is a translated 503 and stores nothing; a forged callback address is 404", async () => {
    const { admin, invoice } = await boughtCompany();
    qpay.failAll(true);
    const down = await admin.client.post(`/api/billing/invoices/${invoice.id}/qpay`);
    expect(down.status).toBe(503);
    expect(errorCode(down)).toBe("payment_gateway_unavailable");
    expect((await invoiceRow(invoice.id))?.providerInvoiceId).toBeNull();
    qpay.failAll(false);

    qpay.expireTokens();
    const signIns = qpay.calls.filter((call) => call === "POST /v2/auth/token").length;
    expect((await admin.client.post(`/api/billing/invoices/${invoice.id}/qpay`)).status).toBe(200);
    expect(qpay.calls.filter((call) => call === "POST /v2/auth/token").length).toBe(signIns + 1);

    const checks = qpay.calls.length;
    expect((await fetch(`${t.url}/api/billing/qpay/callback/${invoice.id}/${"0".repeat(64)}`)).status).toBe(404);
    expect(qpay.calls.length).toBe(checks);
  });

  it("another company can neither see nor pay, nor check, this company's invoice", async () => {
    const { invoice } = await boughtCompany();
    const other = await companyAdmin(t);
    expect((await other.client.post(`/api/billing/invoices/${invoice.id}/qpay`)).status).toBe(404);
    expect((await other.client.post(`/api/billing/invoices/${invoice.id}/qpay/check`)).status).toBe(404);
    expect((await invoiceRow(invoice.id))?.providerInvoiceId).toBeNull();
  });

  it("the platform admin's bank-transfer record is audited with its reference", async () => {
    const { admin, invoice } = await boughtCompany();
    const paid = await root.post<InvoiceView>(`/api/admin/invoices/${invoice.id}/payment`, { reference: "Хаан банк TR-77" });
    expect(paid.body.status).toBe("activated");
    const audit = await admin.client.get<{ items: AuditEntryView[] }>("/api/audit?action=billing.payment");
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ target_id: invoice.number, after: { method: "bank_transfer", reference: "Хаан банк TR-77" } });
    expect(audit.body.items[0]?.actor).not.toBeNull();
  });
});
