import type { InvoiceView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { at, billingKit, DAY } from "../../../test/billing.ts";
import { ConfigError, loadConfig } from "../../platform/config.ts";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
  root = await platformAdmin(t);
});
afterAll(() => t.close());
const kit = () => billingKit(t, () => root);
const time = (iso: string | null) => new Date(iso ?? 0).getTime();

describe("the billing test clock", () => {
  it("every date billing writes for the company comes from it: nothing is paid, activated, ended or cancelled before it was created", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const bought = await kit().buy(admin.client);
    await kit().pay(bought.unpaid_invoice?.id ?? 0);
    const termEnd = bought.term_ends_at ?? "";

    // A month later by the clock: the next invoice is created then, and paid later still, by the same clock.
    await kit().cycle(companyId, at(termEnd, 60_000));
    const second = (await kit().subscription(admin.client)).unpaid_invoice;
    if (!second) throw new Error("no second invoice");
    expect(second.created_at).toBe(termEnd);
    const paid = await kit().pay(second.id);
    expect(time(paid.paid_at)).toBeGreaterThanOrEqual(time(at(termEnd, 60_000)));
    expect(time(paid.paid_at)).toBeLessThan(time(at(termEnd, DAY)));
    expect(paid.activated_at).toBe(paid.paid_at);

    // An extension raised and cancelled by the clock, too.
    const extension = (await admin.client.post<{ unpaid_invoice: InvoiceView | null }>("/api/billing/extend", { term: "month" })).body.unpaid_invoice;
    if (!extension) throw new Error("no extension invoice");
    expect(time(extension.created_at)).toBeGreaterThanOrEqual(time(at(termEnd, 60_000)));
    const cancelled = (await root.post<InvoiceView>(`/api/admin/invoices/${extension.id}/cancel`)).body;
    expect(time(cancelled.cancelled_at)).toBeGreaterThanOrEqual(time(extension.created_at));

    // Two months on: the second invoice's period ended on its own end date.
    await kit().cycle(companyId, at(second.period_end, 60_000));
    for (const invoice of await kit().invoices(admin.client)) {
      for (const later of [invoice.paid_at, invoice.activated_at, invoice.ended_at, invoice.cancelled_at])
        if (later) expect(time(later), `${invoice.number}: ${later} before ${invoice.created_at}`).toBeGreaterThanOrEqual(time(invoice.created_at));
    }
    expect((await kit().invoices(admin.client)).find((invoice) => invoice.id === second.id)?.ended_at).toBe(second.period_end);
  });

  it("a purchase after the clock closed a trial is dated by the clock", async () => {
    const admin = await companyAdmin(t);
    const trialEnd = (await kit().subscription(admin.client)).trial_ends_at ?? "";
    await kit().cycle(admin.me.company_id, at(trialEnd, 60_000));
    const bought = await kit().buy(admin.client);
    expect(time(bought.unpaid_invoice?.created_at ?? null)).toBeGreaterThanOrEqual(time(at(trialEnd, 60_000)));
    expect(time(bought.unpaid_invoice?.period_start ?? null)).toBe(time(bought.unpaid_invoice?.created_at ?? null));
  });

  it("another company's clock is untouched", async () => {
    const moved = await companyAdmin(t);
    const still = await companyAdmin(t);
    await kit().cycle(moved.me.company_id, at(new Date(), 40 * DAY));
    const bought = await kit().buy(still.client);
    expect(Math.abs(time(bought.unpaid_invoice?.created_at ?? null) - Date.now())).toBeLessThan(DAY);
  });
});

describe("BILLING_TEST_CLOCK", () => {
  it("needs NODE_ENV=test: refused in production and development", () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => loadConfig({ BILLING_TEST_CLOCK: "true", NODE_ENV }, { dotenv: false })).toThrow(ConfigError);
      expect(() => loadConfig({ BILLING_TEST_CLOCK: "true", NODE_ENV }, { dotenv: false })).toThrow(/BILLING_TEST_CLOCK: needs NODE_ENV=test/);
    }
    expect(() => loadConfig({ BILLING_TEST_CLOCK: "true" }, { dotenv: false })).toThrow(/needs NODE_ENV=test/);
    expect(loadConfig({ BILLING_TEST_CLOCK: "true", NODE_ENV: "test" }, { dotenv: false }).BILLING_TEST_CLOCK).toBe(true);
  });
});
