import type { InvoiceView, OutboxMailView, PlanView, SubscriptionView, UserView, WebchatChannelView } from "@holboo/core";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, platformAdmin, unique, visitor, webchatInput } from "../../../test/factories.ts";
import { invoices, messages, subscriptions, virtualAgents, users } from "../../platform/db/schema.ts";
import { assertWithinLimit } from "./limits.service.ts";
import { assertAgentRemovable, recordAgentAdded, recordAgentRemoved } from "./agent-billing.service.ts";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
  root = await platformAdmin(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const at = (base: Date | string, ms: number) => new Date(new Date(base).getTime() + ms).toISOString();

/** The billing rules at a chosen time, for one company (the test-only clock). */
async function cycle(companyId: number, now: string) {
  const response = await root.post<{ invoicesRaised: number; remindersSent: number }>("/api/admin/test/billing-cycle", { now, company_id: companyId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const subscription = async (client: Client) => (await client.get<SubscriptionView>("/api/billing/subscription")).body;
const invite = (client: Client) =>
  client.post<UserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email: `${unique("u")}@example.mn`, role: "agent" });
/** Billing's mails: new invoices, payment reminders, and the trial's and term's reminders and ends. */
const reminderMails = async (client: Client) =>
  (await client.get<{ items: OutboxMailView[] }>("/api/outbox")).body.items.filter((mail) =>
    /^Holboo: (Шинэ нэхэмжлэл|Төлбөрийн сануулга|Туршилтын|Багцын)/.test(mail.subject),
  );

async function buy(client: Client, body: Record<string, unknown> = {}) {
  const response = await client.post<SubscriptionView>("/api/billing/purchase", {
    plan: "business",
    term: "month",
    auto_extend: true,
    agree_terms: true,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("plans and the trial", () => {
  it("a new company starts on the trial with its limits and usage; unlimited is null", async () => {
    const admin = await companyAdmin(t);
    const view = await subscription(admin.client);
    expect(view.plan.code).toBe("trial");
    expect(view.status).toBe("trial");
    expect(new Date(view.trial_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(view.usage.users).toEqual({ used: 1, limit: view.plan.max_users });
    expect(view.usage.agents).toEqual({ used: 1, limit: view.plan.max_agents });
    expect(view.plans.find((plan) => plan.code === "enterprise")?.max_users).toBeNull();
  });

  it("only the platform admin edits plans and prices; bad input changes nothing", async () => {
    const admin = await companyAdmin(t);
    expect((await admin.client.get("/api/admin/plans")).status).toBe(403);
    const plans = (await root.get<{ items: PlanView[] }>("/api/admin/plans")).body.items;
    const enterprise = plans.find((plan) => plan.code === "enterprise");
    if (!enterprise) throw new Error("no enterprise plan");
    const { id: _id, code: _code, ...input } = enterprise;
    const changed = await root.put<PlanView>("/api/admin/plans/enterprise", { ...input, price_month: input.price_month + 1 });
    expect(changed.body.price_month).toBe(input.price_month + 1);
    const bad = await root.put("/api/admin/plans/enterprise", { ...input, price_month: -5 });
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "price_month")).toBe("invalid_parameters");
    expect((await admin.client.put("/api/admin/plans/enterprise", input)).status).toBe(403);
    await root.put("/api/admin/plans/enterprise", input);
    expect((await root.get<{ items: PlanView[] }>("/api/admin/plans")).body.items.find((plan) => plan.code === "enterprise")?.price_month).toBe(
      input.price_month,
    );
  });

  it("the trial ends on its day with reminders the two days before; a purchase reopens access", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const ends = (await subscription(admin.client)).trial_ends_at ?? "";
    expect((await cycle(companyId, at(ends, -3 * DAY))).remindersSent).toBe(0);
    expect((await cycle(companyId, at(ends, -1.5 * DAY))).remindersSent).toBe(1);
    expect((await cycle(companyId, at(ends, -1.4 * DAY))).remindersSent).toBe(0);
    expect((await cycle(companyId, at(ends, -0.5 * DAY))).remindersSent).toBe(1);
    const mails = await reminderMails(admin.client);
    expect(mails.map((mail) => mail.to)).toEqual([admin.email, admin.email]);
    expect(mails.some((mail) => mail.text.includes("1 хоног үлдлээ"))).toBe(true);
    expect((await admin.client.get("/api/users")).status).toBe(200);
    await cycle(companyId, at(ends, 60_000));
    const closed = await admin.client.get("/api/users");
    expect(closed.status).toBe(402);
    expect(errorCode(closed)).toBe("company_suspended");
    expect((await subscription(admin.client)).suspended_reason).toBe("trial_expired");
    await buy(admin.client);
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });
});

describe("limits at the boundary", () => {
  it("the Nth user is invited, the N+1th refused; concurrent invitations cannot pass the limit", async () => {
    const admin = await companyAdmin(t);
    const limit = (await subscription(admin.client)).plan.max_users ?? 0;
    expect(limit).toBeGreaterThan(2);
    // The owner holds one seat; limit + 1 invitations race for the rest.
    const results = await Promise.all(Array.from({ length: limit + 1 }, () => invite(admin.client)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(limit - 1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(2);
    expect(refused.map(errorCode)).toEqual(["user_limit_exceeded", "user_limit_exceeded"]);
    expect(refused[0]?.status).toBe(403);
    expect((await subscription(admin.client)).usage.users).toEqual({ used: limit, limit });
  });

  it("reactivating a person takes a seat: refused when the plan is full", async () => {
    const admin = await companyAdmin(t);
    const limit = (await subscription(admin.client)).plan.max_users ?? 0;
    const first = await colleague(t, admin.client, "agent");
    for (let i = 0; i < limit - 2; i++) expect((await invite(admin.client)).status).toBe(200);
    expect((await admin.client.put(`/api/users/${first.user.ID}/status`, { user_status: "inactive" })).status).toBe(200);
    expect((await invite(admin.client)).status).toBe(200);
    const back = await admin.client.put(`/api/users/${first.user.ID}/status`, { user_status: "active" });
    expect(errorCode(back)).toBe("user_limit_exceeded");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, first.user.ID));
    expect(row?.status).toBe("inactive");
  });

  it("the Nth web-chat channel is created, the N+1th refused through the web-chat, e-mail and Viber paths", async () => {
    const admin = await companyAdmin(t);
    const limit = (await subscription(admin.client)).plan.max_channels ?? 0;
    for (let i = 0; i < limit; i++) expect((await admin.client.post("/api/webchat-channels", webchatInput())).status).toBe(200);
    const refused = await admin.client.post("/api/webchat-channels", webchatInput());
    expect(errorCode(refused)).toBe("channel_limit_exceeded");
    // The mailbox and the Viber bot are refused before their provider is called.
    const mailbox = await admin.client.post("/api/email-channels", {
      name: "Дэмжлэг",
      address: "help@shop.mn",
      imap_host: "127.0.0.1",
      imap_port: 1,
      smtp_host: "127.0.0.1",
      smtp_port: 1,
      username: "help@shop.mn",
      password: "secret",
    });
    expect(errorCode(mailbox)).toBe("channel_limit_exceeded");
    const viber = await admin.client.post("/api/viber-channels", { name: "Viber", token: "4453b6ac12345678-e02c5f12174805f9-daec9cbb5448c51f" });
    expect(errorCode(viber)).toBe("channel_limit_exceeded");
    expect((await subscription(admin.client)).usage.channels).toEqual({ used: limit, limit });
  });

  it("agents: the check the agent paths call refuses past the plan's count", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const limit = (await subscription(admin.client)).plan.max_agents ?? 0;
    const db = t.database.db;
    const [agentUser] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.userType, "virtual_agent")));
    if (!agentUser) throw new Error("no agent");
    for (let i = 1; i < limit; i++) {
      await db.transaction(async (tx) => {
        await assertWithinLimit(tx, companyId, "agents");
        await tx.insert(virtualAgents).values({ companyId, userId: agentUser.id, name: `Бот ${i}` });
      });
    }
    await expect(db.transaction((tx) => assertWithinLimit(tx, companyId, "agents"))).rejects.toMatchObject({ code: "agent_limit_exceeded" });
  });
});

describe("purchase", () => {
  it("refuses without agreed terms, a trial or zero-priced purchase, a day extension, a duplicate and another plan while one is active", async () => {
    const admin = await companyAdmin(t);
    const terms = await admin.client.post("/api/billing/purchase", { plan: "business", term: "month", agree_terms: false });
    expect(errorCode(terms)).toBe("terms_not_agreed");
    expect(fieldCode(await admin.client.post("/api/billing/purchase", { plan: "trial", term: "month", agree_terms: true }), "plan")).toBe("plan_not_found");
    expect((await subscription(admin.client)).plan.code).toBe("trial");
    const view = await buy(admin.client, { auto_extend: false });
    expect(view.plan.code).toBe("business");
    expect(view.status).toBe("active");
    expect(view.unpaid_invoice).toMatchObject({ status: "created", plan: "business", term: "month", amount: view.plan.price_month, auto_extend: false });
    expect(view.notice?.kind).toBe("pay_today");
    expect(errorCode(await admin.client.post("/api/billing/purchase", { plan: "business", term: "month", agree_terms: true }))).toBe("invoice_unpaid");
    expect(errorCode(await admin.client.post("/api/billing/extend", { term: "day" }))).toBe("plan_extend_term_invalid");
    await root.post(`/api/admin/invoices/${view.unpaid_invoice?.id}/payment`, { reference: "TR-1" });
    expect(errorCode(await admin.client.post("/api/billing/purchase", { plan: "business", term: "year", agree_terms: true }))).toBe("invoice_duplicated");
    expect(errorCode(await admin.client.post("/api/billing/purchase", { plan: "enterprise", term: "month", agree_terms: true }))).toBe(
      "active_purchase_exists",
    );
    const extended = await admin.client.post<SubscriptionView>("/api/billing/extend", { term: "month" });
    expect(extended.status).toBe(200);
    expect(new Date(extended.body.term_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 55 * DAY);
    expect(extended.body.unpaid_invoice?.amount).toBe(view.plan.price_month);
  });

  it("a zero price is refused", async () => {
    const admin = await companyAdmin(t);
    const plans = (await root.get<{ items: PlanView[] }>("/api/admin/plans")).body.items;
    const enterprise = plans.find((plan) => plan.code === "enterprise");
    if (!enterprise) throw new Error("no enterprise plan");
    const { id: _id, code: _code, ...input } = enterprise;
    await root.put("/api/admin/plans/enterprise", { ...input, price_day: 0 });
    try {
      const refused = await admin.client.post("/api/billing/purchase", { plan: "enterprise", term: "day", agree_terms: true });
      expect(errorCode(refused)).toBe("plan_amount_zero");
      expect((await subscription(admin.client)).plan.code).toBe("trial");
    } finally {
      await root.put("/api/admin/plans/enterprise", input);
    }
  });

  it("needs plan.extend to buy and plan.view to read; another company's invoice is 404", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.post("/api/billing/purchase", { plan: "business", term: "month", agree_terms: true })).status).toBe(403);
    const view = await buy(admin.client);
    const other = await companyAdmin(t);
    const id = view.unpaid_invoice?.id ?? 0;
    expect((await other.client.get(`/api/billing/invoices/${id}/pdf`)).status).toBe(404);
    expect((await other.client.get<{ items: InvoiceView[] }>("/api/billing/invoices")).body.items).toEqual([]);
    expect((await other.client.post(`/api/admin/invoices/${id}/payment`, { reference: "x" })).status).toBe(403);
    expect((await other.client.put(`/api/admin/companies/${admin.me.company_id}/suspension`, { suspended: true })).status).toBe(403);
  });
});

describe("post-paid invoices", () => {
  it("auto-extend raises the next invoice a month later, payable within 3 days; reminders on their days; unpaid closes access, paying restores it", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const bought = await buy(admin.client);
    const first = bought.unpaid_invoice;
    if (!first) throw new Error("no invoice");
    const paid = await root.post<InvoiceView>(`/api/admin/invoices/${first.id}/payment`, { reference: "Хаан банк 123" });
    expect(paid.body).toMatchObject({ status: "activated", paid_at: expect.any(String), activated_at: expect.any(String) });
    expect((await root.post(`/api/admin/invoices/${first.id}/payment`, { reference: "again" })).status).toBe(409);

    const termEnd = bought.term_ends_at ?? "";
    expect((await cycle(companyId, at(termEnd, -60_000))).invoicesRaised).toBe(0);
    expect((await cycle(companyId, at(termEnd, 60_000))).invoicesRaised).toBe(1);
    expect((await cycle(companyId, at(termEnd, 120_000))).invoicesRaised).toBe(0);
    const second = (await subscription(admin.client)).unpaid_invoice;
    expect(second).toMatchObject({ status: "created", amount: bought.plan.price_month, period_start: termEnd, due_at: at(termEnd, 3 * DAY) });
    expect((await subscription(admin.client)).next_invoice_at).toBe(second?.period_end);
    const invoicesList = (await admin.client.get<{ items: InvoiceView[] }>("/api/billing/invoices")).body.items;
    expect(invoicesList.map((invoice) => invoice.status)).toEqual(["created", "activated"]);
    expect(new Set(invoicesList.map((invoice) => invoice.number)).size).toBe(2);

    const due = second?.due_at ?? "";
    await cycle(companyId, at(due, -1.5 * DAY));
    await cycle(companyId, at(due, -0.5 * DAY));
    const kinds = (await reminderMails(admin.client)).map((mail) => mail.text.split("\n")[0]);
    expect(kinds.filter((text) => text?.includes("нэхэмжлэл үүслээ"))).toHaveLength(2);
    expect(kinds.filter((text) => text?.includes("1 хоног үлдлээ"))).toHaveLength(1);
    expect(kinds.filter((text) => text?.includes("сүүлийн өдөр"))).toHaveLength(1);
    expect((await admin.client.get("/api/users")).status).toBe(200);

    await cycle(companyId, at(due, 60_000));
    expect(errorCode(await admin.client.get("/api/users"))).toBe("company_suspended");
    expect((await admin.client.get<SubscriptionView>("/api/billing/status")).body).toMatchObject({ status: "suspended", suspended_reason: "unpaid" });
    expect((await admin.client.get(`/api/billing/invoices/${second?.id}/pdf`)).status).toBe(200);

    await root.post(`/api/admin/invoices/${second?.id}/payment`, { reference: "TR-2" });
    expect((await admin.client.get("/api/users")).status).toBe(200);
    expect((await subscription(admin.client)).status).toBe("active");
  });

  it("without auto-extend the term ends and access closes; the purchase needed reopens it", async () => {
    const admin = await companyAdmin(t);
    const bought = await buy(admin.client, { auto_extend: false });
    await root.post(`/api/admin/invoices/${bought.unpaid_invoice?.id}/payment`, { reference: "TR" });
    await cycle(admin.me.company_id, at(bought.term_ends_at ?? "", 60_000));
    expect(errorCode(await admin.client.get("/api/users"))).toBe("company_suspended");
    expect((await subscription(admin.client)).suspended_reason).toBe("term_ended");
    await buy(admin.client, { auto_extend: false });
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });

  it("an additional agent is billed per day used on the next invoice, the main agent is not", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const bought = await buy(admin.client);
    await root.post(`/api/admin/invoices/${bought.unpaid_invoice?.id}/payment`, { reference: "TR" });
    const start = new Date(bought.unpaid_invoice?.period_start ?? "");
    const db = t.database.db;
    const [agentUser] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.userType, "virtual_agent")));
    if (!agentUser) throw new Error("no agent");
    const [extra] = await db.insert(virtualAgents).values({ companyId, userId: agentUser.id, name: "Нэмэлт бот" }).returning();
    if (!extra) throw new Error("no extra agent");
    // Added on day 5 of the month, removed on day 12: 7 days.
    await recordAgentAdded(db, companyId, { id: extra.id, name: extra.name, isPrimary: false }, new Date(start.getTime() + 5 * DAY));
    await recordAgentRemoved(db, companyId, extra.id, new Date(start.getTime() + 12 * DAY));
    await cycle(companyId, at(bought.term_ends_at ?? "", 60_000));
    const next = (await subscription(admin.client)).unpaid_invoice;
    expect(next?.agents).toEqual([
      expect.objectContaining({ kind: "main", amount: 0 }),
      expect.objectContaining({ kind: "additional", name: "Нэмэлт бот", days_worked: 7, amount: 7 * bought.plan.extra_agent_day_price }),
    ]);
    expect(next?.amount).toBe(bought.plan.price_month + 7 * bought.plan.extra_agent_day_price);
  });

  it("an additional agent added in the running period cannot be removed before the next invoice; the main one is not its concern", async () => {
    const admin = await companyAdmin(t);
    const companyId = admin.me.company_id;
    const bought = await buy(admin.client);
    const db = t.database.db;
    const [agentUser] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.userType, "virtual_agent")));
    if (!agentUser) throw new Error("no agent");
    const [extra] = await db.insert(virtualAgents).values({ companyId, userId: agentUser.id, name: "Нэмэлт" }).returning();
    if (!extra) throw new Error("no extra agent");
    const start = new Date(bought.unpaid_invoice?.period_start ?? "");
    await recordAgentAdded(db, companyId, { id: extra.id, name: extra.name, isPrimary: false }, new Date(start.getTime() + DAY));
    await expect(assertAgentRemovable(db, companyId, extra.id, new Date(start.getTime() + 2 * DAY))).rejects.toMatchObject({
      code: "agent_remove_before_invoice",
    });
    await root.post(`/api/admin/invoices/${bought.unpaid_invoice?.id}/payment`, { reference: "TR" });
    await cycle(companyId, at(bought.term_ends_at ?? "", 60_000));
    await expect(assertAgentRemovable(db, companyId, extra.id, new Date(new Date(bought.term_ends_at ?? "").getTime() + 2 * DAY))).resolves.toBeUndefined();
  });

  it("the virtual agent does not answer while access is closed, and the customer's message is still stored", async () => {
    const admin = await companyAdmin(t);
    const agents = await admin.client.get<{ items: Array<{ id: number }> }>("/api/company/virtual-agents");
    const agentId = agents.body.items[0]?.id ?? 0;
    const channel = await admin.client.post<WebchatChannelView>("/api/webchat-channels", { ...webchatInput(), agent_id: agentId, agent_active: true });
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    await root.put(`/api/admin/companies/${admin.me.company_id}/suspension`, { suspended: true });
    expect(errorCode(await admin.client.get("/api/users"))).toBe("company_suspended");
    const guest = await visitor(t, channel.body);
    const sent = await guest.send("Сайн байна уу, хүргэлт хэд хоног вэ?");
    expect(sent.status).toBe(200);
    const stored = await t.database.db.select().from(messages).where(eq(messages.interactionId, sent.body.interaction_id));
    expect(stored.map((message) => message.senderType)).toEqual(["contact"]);
    // The agent's turn ran (its job is gone from the queue) and stored no answer.
    const schema = t.config.JOBS_SCHEMA;
    for (let i = 0; i < 200; i++) {
      const { rows } = await t.database.pool.query(`SELECT 1 FROM ${schema}._private_jobs WHERE key = $1`, [`agent_turn:${sent.body.id}`]);
      if (rows.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await t.database.db.select().from(messages).where(eq(messages.interactionId, sent.body.interaction_id));
    expect(after.map((message) => message.senderType)).toEqual(["contact"]);
    const restored = await root.put<SubscriptionView>(`/api/admin/companies/${admin.me.company_id}/suspension`, { suspended: false });
    expect(restored.body.suspended_reason).toBeNull();
    expect((await admin.client.get("/api/users")).status).toBe(200);
  });
});

describe("invoice PDF", () => {
  it("is a real PDF with the Cyrillic text of the invoice", async () => {
    const admin = await companyAdmin(t);
    const view = await buy(admin.client);
    const response = await fetch(`${t.url}/api/billing/invoices/${view.unpaid_invoice?.id}/pdf`, {
      headers: { cookie: `hb_session=${admin.client.cookie("hb_session") ?? ""}; chosenLocale=mn` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("Нэхэмжлэл");
    expect(text).toContain(view.unpaid_invoice?.number ?? "-");
    expect(text).toContain("Бизнес");
    expect(text).toContain("150,000 ₮");
  });
});

describe("admin panel data", () => {
  it("shows a company's plan, usage and invoices", async () => {
    const admin = await companyAdmin(t);
    await buy(admin.client);
    const billing = await root.get<{ subscription: SubscriptionView; invoices: InvoiceView[] }>(`/api/admin/companies/${admin.me.company_id}/billing`);
    expect(billing.body.subscription.plan.code).toBe("business");
    expect(billing.body.invoices).toHaveLength(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.companyId, admin.me.company_id));
    expect(row?.status).toBe("active");
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.companyId, admin.me.company_id));
    expect(invoice?.number).toMatch(/^HB-\d{6}-\d{6}$/);
  });
});
