import type { AdminBillingSettingsView, PaymentDetailsView, TermsView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { at, billingKit, DAY } from "../../../test/billing.ts";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
  root = await platformAdmin(t);
});
afterAll(() => t.close());
const kit = () => billingKit(t, () => root);

const PAYEE = { company_name: "Холбоо Солюшнс ХХК", bank_name: "Хаан банк", account_number: "5012 3456 78", account_holder: "Холбоо Солюшнс ХХК" };

// The payee is the installation's: this file alone sets it, and one test walks it from unset to set.
describe("the payee", () => {
  it("is said to be not set until the platform admin sets it; then My plan, the invoice, its PDF and the billing mails show it", async () => {
    expect((await root.del<PaymentDetailsView>("/api/admin/billing/payee")).body.payee).toBeNull();
    const before = await companyAdmin(t);
    const bought = await kit().buy(before.client);
    expect(bought.payee).toBeNull();
    expect((await before.client.get<PaymentDetailsView>("/api/billing/payment-details")).body).toEqual({ payee: null });
    const [raised] = await kit().mails(before.me.company_id, "Шинэ нэхэмжлэл");
    expect(raised?.text).toContain("дансны мэдээллээ хараахан оруулаагүй");
    expect(await kit().pdfText(before.client, bought.unpaid_invoice?.id ?? 0, "mn")).toContain("хараахан оруулаагүй");

    // Only the platform admin sets it; a bad account number is refused and changes nothing.
    expect((await before.client.put("/api/admin/billing/payee", PAYEE)).status).toBe(403);
    const bad = await root.put("/api/admin/billing/payee", { ...PAYEE, account_number: "50/12" });
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "account_number")).toBe("account_number_invalid");
    expect(fieldCode(await root.put("/api/admin/billing/payee", { ...PAYEE, bank_name: " " }), "bank_name")).toBe("required");
    expect((await root.get<AdminBillingSettingsView>("/api/admin/billing/settings")).body.payee).toBeNull();
    expect((await root.put<PaymentDetailsView>("/api/admin/billing/payee", PAYEE)).body.payee).toEqual(PAYEE);

    // Every member reads it, also while access is closed; My plan carries it.
    const agent = await colleague(t, before.client, "agent");
    expect((await agent.client.get<PaymentDetailsView>("/api/billing/payment-details")).body.payee).toEqual(PAYEE);
    await root.put(`/api/admin/companies/${before.me.company_id}/suspension`, { suspended: true });
    expect(errorCode(await before.client.get("/api/users"))).toBe("company_suspended");
    expect((await agent.client.get<{ suspended_reason: string }>("/api/billing/status")).body.suspended_reason).toBe("admin");
    expect((await agent.client.get<PaymentDetailsView>("/api/billing/payment-details")).body.payee).toEqual(PAYEE);
    expect((await kit().subscription(before.client)).payee).toEqual(PAYEE);
    expect(await new Client(t.url).get("/api/billing/payment-details").then((r) => r.status)).toBe(401);

    // A new invoice's mail, its reminders and its PDF say where to pay, with its number as the reference.
    const after = await companyAdmin(t);
    const invoice = (await kit().buy(after.client)).unpaid_invoice;
    if (!invoice) throw new Error("no invoice");
    const [mail] = await kit().mails(after.me.company_id, "Шинэ нэхэмжлэл");
    for (const line of ["Хүлээн авагч: Холбоо Солюшнс ХХК", "Банк: Хаан банк", "Дансны дугаар: 5012 3456 78", `Гүйлгээний утга: ${invoice.number}`])
      expect(mail?.text).toContain(line);
    expect(mail?.text).toContain(`Payment reference: ${invoice.number}`);
    expect(mail?.text).toContain(`/settings/my_plan_archive/${invoice.id}`);
    await kit().cycle(after.me.company_id, at(invoice.due_at, -1.5 * DAY));
    const [reminder] = await kit().mails(after.me.company_id, "Төлбөрийн сануулга");
    expect(reminder?.text).toContain("Дансны дугаар: 5012 3456 78");
    const pdf = await kit().pdfText(after.client, invoice.id, "en");
    for (const text of ["Pay by bank transfer to", "Хаан банк", "5012 3456 78", invoice.number]) expect(pdf).toContain(text);
    expect(await kit().pdfText(after.client, invoice.id, "mn")).toContain("Хаан банк");
  });
});

describe("the terms of service", () => {
  it("anyone reads them; the shipped text until the platform admin replaces it, and again after a reset", async () => {
    const visitor = new Client(t.url);
    const shipped = (await visitor.get<TermsView>("/api/billing/terms")).body;
    expect(shipped).toMatchObject({ custom: false, updated_at: null });
    expect(shipped.mn).toContain("# Үйлчилгээний нөхцөл");
    expect(shipped.en).toContain("# Terms of service");
    expect(shipped.mn).toContain("3 хоногийн дотор");

    const admin = await companyAdmin(t);
    expect((await admin.client.put("/api/admin/billing/terms", { mn: "Өөр", en: "Other" })).status).toBe(403);
    expect(fieldCode(await root.put("/api/admin/billing/terms", { mn: "x".repeat(50_001), en: "Other" }), "mn")).toBe("text_too_long");
    expect(fieldCode(await root.put("/api/admin/billing/terms", { mn: "  ", en: "Other" }), "mn")).toBe("required");
    expect((await visitor.get<TermsView>("/api/billing/terms")).body.custom).toBe(false);

    const custom = { mn: "# Манай нөхцөл\n\nТөлбөрийг 3 хоногт төлнө.", en: "# Our terms\n\nPay within 3 days." };
    expect((await root.put<TermsView>("/api/admin/billing/terms", custom)).body).toMatchObject({ ...custom, custom: true });
    const read = (await visitor.get<TermsView>("/api/billing/terms")).body;
    expect(read).toMatchObject({ ...custom, custom: true });
    expect(read.updated_at).not.toBeNull();
    const settings = (await root.get<AdminBillingSettingsView>("/api/admin/billing/settings")).body;
    expect(settings.default_terms.mn).toBe(shipped.mn);

    expect((await root.del<TermsView>("/api/admin/billing/terms")).body).toMatchObject({ mn: shipped.mn, en: shipped.en, custom: false });
    expect((await visitor.get<TermsView>("/api/billing/terms")).body.mn).toBe(shipped.mn);
  });
});
