import { expect, test, type APIRequestContext } from "@playwright/test";
import { PLATFORM_ADMIN_EMAIL } from "./playwright.config.ts";
import { csrfHeaders, newCompany, shot } from "./support.ts";

test.use({ actionTimeout: 20_000 });

interface Subscription {
  term_ends_at: string | null;
  unpaid_invoice: { id: number; number: string; due_at: string } | null;
}

const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
const subscriptionOf = async (request: APIRequestContext) => (await (await request.get("/api/billing/subscription")).json()) as Subscription;

test("a trial company buys business for a month, pays, fills its users, is closed past an unpaid due day and reopened by payment", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);

  // The platform admin reaches the panel without a company of their own, and sets the business plan to 3 users.
  const rootContext = await browser.newContext();
  const root = await rootContext.newPage();
  await rootContext.request.post("/api/signup", {
    data: { first_name: "Платформ", last_name: "Админ", email: PLATFORM_ADMIN_EMAIL, password: "correct-horse-42" },
  });
  await root.goto("/admin?tab=6");
  await expect(root.getByRole("heading", { name: "Платформын админ" })).toBeVisible();
  await root.getByTestId("plan-business-max_users").fill("3");
  await root.getByTestId("plan-business-save").click();
  await expect(root.getByText("Хадгаллаа")).toBeVisible();
  await shot(root, "80-admin-plans");

  // The owner of a trial company buys business for a month.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const request = ownerContext.request;
  await newCompany(request, { first: "Болд", last: "Эзэн", email: `billing-${suffix}@shop.mn`, company: `Төлбөр ${suffix}`, agent: "Туслах" });
  const companyId = ((await (await request.get("/api/me")).json()) as { company_id: number }).company_id;
  await owner.goto("/settings/my_plan");
  await expect(owner.getByTestId("plan-name")).toHaveText("Туршилт");
  await owner.getByTestId("purchase-submit").click();
  await expect(owner.getByText("Худалдан авахын өмнө үйлчилгээний нөхцөлийг зөвшөөрнө үү.")).toBeVisible();
  await owner.getByTestId("purchase-agree").click();
  await owner.getByTestId("purchase-submit").click();
  await expect(owner.getByTestId("plan-name")).toHaveText("Бизнес");
  await expect(owner.getByText(/Төлөгдөөгүй нэхэмжлэл HB-/)).toBeVisible();
  await shot(owner, "81-my-plan-bought");
  const first = (await subscriptionOf(request)).unpaid_invoice;
  if (!first) throw new Error("no invoice after the purchase");

  // The platform admin records the bank transfer.
  await root.goto("/admin?tab=1");
  await root.getByPlaceholder("Хайх").fill(`Төлбөр ${suffix}`);
  await root.getByTestId(`manage-company-${companyId}`).click();
  await root.getByTestId(`payment-reference-${first.number}`).fill("Хаан банк 5012");
  await root.getByTestId(`record-payment-${first.number}`).click();
  await expect(root.getByTestId(`record-payment-${first.number}`)).toBeHidden();
  await shot(root, "82-admin-payment-recorded");
  await root.keyboard.press("Escape");

  // Users up to the limit (the owner and two more); the next is refused with the upgrade message.
  for (const n of [1, 2]) {
    const response = await request.post("/api/users/invite", {
      headers: await csrfHeaders(request),
      data: { first_name: "Сараа", last_name: `Бат${n}`, email: `u${n}-${suffix}@shop.mn`, role: "agent" },
    });
    expect(response.status()).toBe(200);
  }
  const refused = await request.post("/api/users/invite", {
    headers: await csrfHeaders(request),
    data: { first_name: "Сараа", last_name: "Илүү", email: `u3-${suffix}@shop.mn`, role: "agent" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
    code: "user_limit_exceeded",
    message: "Хэрэглэгчийн тоо хязгаарт хүрсэн байна. Багцаа ахиулна уу.",
  });
  await owner.goto("/settings/my_plan");
  await expect(owner.getByText("3 / 3")).toBeVisible();
  await shot(owner, "83-my-plan-users-full");

  // A web-chat channel for the customer.
  const domain = `billing-${suffix}.mn`;
  const channel = (await (
    await request.post("/api/webchat-channels", {
      headers: await csrfHeaders(request),
      data: {
        name: "Сайтын чат",
        description: "Манай сайт",
        domain,
        name_mn: "Туслах",
        name_en: "Helper",
        greeting_mn: "Сайн байна уу!",
        greeting_en: "Hello!",
      },
    })
  ).json()) as { public_key: string };

  // The month passes: auto-extend raises the next invoice, payable within 3 days; a banner tells the staff.
  const clock = async (now: string) => {
    const response = await rootContext.request.post("/api/admin/test/billing-cycle", {
      headers: await csrfHeaders(rootContext.request),
      data: { now, company_id: companyId },
    });
    expect(response.status()).toBe(200);
  };
  const termEnd = (await subscriptionOf(request)).term_ends_at ?? "";
  await clock(later(termEnd, 60_000));
  const second = (await subscriptionOf(request)).unpaid_invoice;
  if (!second) throw new Error("the month's invoice was not raised");
  await owner.goto("/interacts");
  await expect(owner.getByTestId("billing-banner")).toContainText(second.number);
  await shot(owner, "84-invoice-banner");

  // The due day passes unpaid: the staff see why access is closed and how to pay; a customer's message is still stored.
  await clock(later(second.due_at, 60_000));
  await owner.goto("/interacts");
  await expect(owner.getByTestId("access-closed")).toContainText("Нэхэмжлэлийн төлбөр төлөх хугацаа өнгөрсөн");
  await shot(owner, "85-access-closed");
  const closedApi = await request.get("/api/users");
  expect(closedApi.status()).toBe(402);
  // My plan stays open: it says why and which invoice to pay.
  await owner.getByRole("link", { name: "Миний багц руу очих" }).click();
  await expect(owner.getByTestId("plan-closed")).toBeVisible();
  await expect(owner.getByText(`Төлөгдөөгүй нэхэмжлэл ${second.number}`)).toBeVisible();
  await shot(owner, "85b-my-plan-while-closed");
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const session = (await (
    await visitor.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${domain}` } })
  ).json()) as {
    visitor_token: string;
  };
  const sent = await visitor.post("/api/webchat/messages", {
    headers: { "x-visitor-token": session.visitor_token },
    data: { client_id: `c-${suffix}`, text: "Захиалгаа хэзээ авах вэ?" },
  });
  expect(sent.status()).toBe(200);

  // Payment restores use at once, and the customer's message is there.
  await root.goto("/admin?tab=1");
  await root.getByPlaceholder("Хайх").fill(`Төлбөр ${suffix}`);
  await root.getByTestId(`manage-company-${companyId}`).click();
  await root.getByTestId(`payment-reference-${second.number}`).fill("Хаан банк 5013");
  await root.getByTestId(`record-payment-${second.number}`).click();
  await expect(root.getByTestId(`record-payment-${second.number}`)).toBeHidden();
  await owner.goto("/interacts");
  await expect(owner.getByTestId("access-closed")).toBeHidden();
  await expect(owner.getByTestId("inbox-list").getByText("Захиалгаа хэзээ авах вэ?")).toBeVisible();
  await shot(owner, "86-restored-inbox");

  // The archive lists both invoices with a real PDF each.
  await owner.goto("/settings/my_plan_archive");
  await expect(owner.getByTestId("invoice-table").getByText(second.number)).toBeVisible();
  await expect(owner.getByTestId("invoice-table").getByText("Идэвхжсэн")).toHaveCount(2);
  await shot(owner, "87-invoice-archive");
  const pdf = await request.get(`/api/billing/invoices/${second.id}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});
