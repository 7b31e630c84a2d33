import type { AuditEntryView, InvoiceView, SubscriptionView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { at, billingKit } from "../../../test/billing.ts";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
  root = await platformAdmin(t);
});
afterAll(() => t.close());
const kit = () => billingKit(t, () => root);
const invoice = async (client: Client, id: number) => (await client.get<InvoiceView>(`/api/billing/invoices/${id}`)).body;

describe("an invoice's status", () => {
  it("an extension paid ahead is paid until its period starts, then activated on its start date; the list, the detail and the PDF say so", async () => {
    const admin = await companyAdmin(t);
    const bought = await kit().buy(admin.client);
    const first = await kit().pay(bought.unpaid_invoice?.id ?? 0);
    expect(first).toMatchObject({ status: "activated", activated_at: first.paid_at });

    const extended = (await admin.client.post<SubscriptionView>("/api/billing/extend", { term: "month" })).body.unpaid_invoice;
    if (!extended) throw new Error("no extension invoice");
    expect(extended.period_start).toBe(bought.term_ends_at);
    const paid = await kit().pay(extended.id);
    expect(paid).toMatchObject({ status: "paid", activated_at: null });
    expect(paid.paid_at).not.toBeNull();
    expect(await invoice(admin.client, extended.id)).toMatchObject({ status: "paid" });
    expect((await kit().invoices(admin.client)).map((item) => item.status)).toEqual(["paid", "activated"]);
    expect(await kit().pdfText(admin.client, extended.id, "mn")).toContain("Төлөв: Төлсөн");
    expect(await kit().pdfText(admin.client, extended.id, "en")).toContain("Status: Paid");
    // Paid already: not payable again, not cancellable.
    expect((await root.post(`/api/admin/invoices/${extended.id}/payment`, { reference: "again" })).status).toBe(409);
    expect(errorCode(await root.post(`/api/admin/invoices/${extended.id}/cancel`))).toBe("invoice_not_cancellable");

    expect((await kit().cycle(admin.me.company_id, at(extended.period_start, -60_000))).invoicesRaised).toBe(0);
    expect((await invoice(admin.client, extended.id)).status).toBe("paid");
    await kit().cycle(admin.me.company_id, at(extended.period_start, 60_000));
    expect(await invoice(admin.client, extended.id)).toMatchObject({ status: "activated", activated_at: extended.period_start });
    expect((await invoice(admin.client, first.id)).ended_at).toBe(first.period_end);
    expect(await kit().pdfText(admin.client, extended.id, "mn")).toContain("Төлөв: Идэвхжсэн");
    // The paid-ahead term runs on: nothing else was raised and access stays open.
    expect((await kit().invoices(admin.client)).map((item) => item.status)).toEqual(["activated", "activated"]);
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });

  it("an unpaid invoice shows as unpaid in the PDF and is another company's 404", async () => {
    const admin = await companyAdmin(t);
    const id = (await kit().buy(admin.client)).unpaid_invoice?.id ?? 0;
    expect(await kit().pdfText(admin.client, id, "mn")).toContain("Төлөв: Төлөгдөөгүй");
    expect(await kit().pdfText(admin.client, id, "en")).toContain("Status: Unpaid");
    const other = await companyAdmin(t);
    expect((await other.client.get(`/api/billing/invoices/${id}`)).status).toBe(404);
    const guest = await colleague(t, admin.client, "agent");
    expect((await guest.client.get(`/api/billing/invoices/${id}`)).status).toBe(403);
  });
});

describe("cancelling an invoice", () => {
  it("a purchase cancelled unpaid during the trial puts the company back on its trial; cancelled in the list, the detail, the PDF and the audit log", async () => {
    const admin = await companyAdmin(t);
    const bought = await kit().buy(admin.client, { plan: "enterprise" });
    const id = bought.unpaid_invoice?.id ?? 0;
    expect((await admin.client.post(`/api/admin/invoices/${id}/cancel`)).status).toBe(403);
    const cancelled = await root.post<InvoiceView>(`/api/admin/invoices/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", paid_at: null });
    expect(cancelled.body.cancelled_at).not.toBeNull();
    expect(errorCode(await root.post(`/api/admin/invoices/${id}/cancel`))).toBe("invoice_not_cancellable");
    expect((await root.post(`/api/admin/invoices/${id}/payment`, { reference: "late" })).status).toBe(409);

    const view = await kit().subscription(admin.client);
    expect(view).toMatchObject({ status: "trial", term: null, unpaid_invoice: null, trial_ends_at: bought.trial_ends_at });
    expect(view.plan.code).toBe("trial");
    expect((await kit().invoices(admin.client)).map((item) => item.status)).toEqual(["cancelled"]);
    expect(await kit().pdfText(admin.client, id, "mn")).toContain("Төлөв: Цуцлагдсан");
    expect(await kit().pdfText(admin.client, id, "en")).toContain("Status: Cancelled");
    const audit = (await admin.client.get<{ items: AuditEntryView[] }>("/api/audit")).body.items;
    expect(audit.find((entry) => entry.action === "billing.invoice_cancel")).toMatchObject({ target_id: cancelled.body.number });
    // The company may buy again, the right plan this time.
    expect((await kit().buy(admin.client)).plan.code).toBe("business");
  });

  it("an auto-extend invoice cancelled past its due day ends the plan: access stays closed as an ended term until a purchase", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const bought = await kit().buy(admin.client);
    await kit().pay(bought.unpaid_invoice?.id ?? 0);
    await kit().cycle(companyId, at(bought.term_ends_at ?? "", 60_000));
    const second = (await kit().subscription(admin.client)).unpaid_invoice;
    if (!second) throw new Error("no second invoice");
    await kit().cycle(companyId, at(second.due_at, 60_000));
    expect((await kit().subscription(admin.client)).suspended_reason).toBe("unpaid");

    await root.post(`/api/admin/invoices/${second.id}/cancel`);
    const view = await kit().subscription(admin.client);
    expect(view).toMatchObject({
      status: "expired",
      suspended_reason: "term_ended",
      auto_extend: false,
      unpaid_invoice: null,
      term_ends_at: second.period_start,
    });
    expect(errorCode(await admin.client.get("/api/users"))).toBe("company_suspended");
    await kit().buy(admin.client);
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });

  it("an extension cancelled before it starts is taken back: the running term ends on its own day, without auto-extend", async () => {
    const admin = await companyAdmin(t);
    const bought = await kit().buy(admin.client);
    await kit().pay(bought.unpaid_invoice?.id ?? 0);
    const extension = (await admin.client.post<SubscriptionView>("/api/billing/extend", { term: "year" })).body.unpaid_invoice;
    if (!extension) throw new Error("no extension invoice");
    await root.post(`/api/admin/invoices/${extension.id}/cancel`);
    const view = await kit().subscription(admin.client);
    expect(view).toMatchObject({ status: "active", auto_extend: false, term_ends_at: bought.term_ends_at, unpaid_invoice: null, suspended_reason: null });
    await kit().cycle(admin.me.company_id, at(bought.term_ends_at ?? "", 60_000));
    expect((await kit().subscription(admin.client)).suspended_reason).toBe("term_ended");
    expect((await kit().invoices(admin.client)).map((item) => item.status)).toEqual(["cancelled", "activated"]);
  });
});

it("nobody but the platform admin cancels; an unknown invoice is 404", async () => {
  expect(errorCode(await root.post("/api/admin/invoices/999999999/cancel"))).toBe("invoice_not_found");
  const admin = await companyAdmin(t);
  expect((await admin.client.post("/api/admin/invoices/1/cancel")).status).toBe(403);
});
