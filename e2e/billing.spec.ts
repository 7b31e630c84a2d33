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
/** Switches a signed-in person's language (their setting and the chosenLocale cookie of their browser). */
const speak = async (request: APIRequestContext, lang: "mn" | "en") =>
  expect((await request.put(`/api/change-lang?lang=${lang}`, { headers: await csrfHeaders(request) })).status()).toBe(200);
const PAYEE = { company_name: "Холбоо Солюшнс ХХК", bank_name: "Хаан банк", account_number: "5012 3456 78", account_holder: "Холбоо Солюшнс ХХК" };

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

  // The platform admin sets where companies pay; until then every screen says it is not set.
  await rootContext.request.delete("/api/admin/billing/payee", { headers: await csrfHeaders(rootContext.request) });
  await root.goto("/admin?tab=7");
  await expect(root.getByText(/Дансны мэдээлэл оруулаагүй байна/)).toBeVisible();
  for (const [field, value] of Object.entries(PAYEE)) await root.getByTestId(`payee-${field}`).fill(value);
  await root.getByTestId("payee-save").click();
  await expect(root.getByTestId("payee-saved")).toBeVisible();
  await expect(root.getByText(/Дансны мэдээлэл оруулаагүй байна/)).toBeHidden();
  await expect(root.getByTestId("terms-mn")).toHaveValue(/# Үйлчилгээний нөхцөл/);
  await shot(root, "80b-admin-payment-and-terms");

  // The owner of a trial company buys business for a month.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const request = ownerContext.request;
  await newCompany(request, { first: "Болд", last: "Эзэн", email: `billing-${suffix}@shop.mn`, company: `Төлбөр ${suffix}`, agent: "Туслах" });
  const companyId = ((await (await request.get("/api/me")).json()) as { company_id: number }).company_id;
  await owner.goto("/settings/my_plan");
  await expect(owner.getByTestId("plan-name")).toHaveText("Туршилт");
  await expect(owner.getByTestId("payee")).toContainText("5012 3456 78");

  // The terms the purchase agrees to are one click away, in a new tab, in the reader's language.
  const [termsTab] = await Promise.all([ownerContext.waitForEvent("page"), owner.getByTestId("purchase-terms").click()]);
  await expect(termsTab.getByRole("heading", { name: "Үйлчилгээний нөхцөл", level: 2 })).toBeVisible();
  await expect(termsTab.getByText(/үүссэнээс хойш 3 хоногийн дотор төлнө/)).toBeVisible();
  await shot(termsTab, "80c-terms-mn");
  await termsTab.getByTestId("language-selector").click();
  await termsTab.getByRole("option", { name: "English" }).click();
  await expect(termsTab.getByRole("heading", { name: "Terms of service", level: 2 })).toBeVisible();
  await shot(termsTab, "80d-terms-en");
  await termsTab.close();
  await speak(request, "mn");
  await owner.reload();

  await owner.getByTestId("purchase-submit").click();
  await expect(owner.getByText("Худалдан авахын өмнө үйлчилгээний нөхцөлийг зөвшөөрнө үү.")).toBeVisible();
  await owner.getByTestId("purchase-agree").click();
  await owner.getByTestId("purchase-submit").click();
  await expect(owner.getByTestId("plan-name")).toHaveText("Бизнес");
  await expect(owner.getByText(/Төлөгдөөгүй нэхэмжлэл HB-/)).toBeVisible();
  const first = (await subscriptionOf(request)).unpaid_invoice;
  if (!first) throw new Error("no invoice after the purchase");
  // My plan says where to pay, with this invoice's number as the payment reference, in mn and en.
  await expect(owner.getByTestId("payee")).toContainText(`Гүйлгээний утга${first.number}`);
  await shot(owner, "81-my-plan-bought");
  await speak(request, "en");
  await owner.reload();
  await expect(owner.getByTestId("payee")).toContainText(`Payment reference${first.number}`);
  await expect(owner.getByText(`Unpaid invoice ${first.number}`)).toBeVisible();
  await shot(owner, "81b-my-plan-bought-en");
  await speak(request, "mn");

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
  await expect(owner.getByTestId("access-closed").getByTestId("payee")).toContainText(`Гүйлгээний утга${second.number}`);
  await expect(owner.getByTestId("closed-invoice")).toContainText(second.number);
  await shot(owner, "85-access-closed");
  await speak(request, "en");
  await owner.reload();
  await expect(owner.getByTestId("access-closed")).toContainText("Access is closed because an invoice was not paid by its due date.");
  await expect(owner.getByTestId("access-closed").getByTestId("payee")).toContainText("5012 3456 78");
  await shot(owner, "85c-access-closed-en");
  await speak(request, "mn");
  await owner.reload();
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

  // An extension paid ahead is paid, not yet active; a second one the platform admin cancels.
  const extend = async () => {
    const response = await request.post("/api/billing/extend", { headers: await csrfHeaders(request), data: { term: "month" } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as Subscription).unpaid_invoice ?? { id: 0, number: "", due_at: "" };
  };
  const ahead = await extend();
  await root.goto("/admin?tab=1");
  await root.getByPlaceholder("Хайх").fill(`Төлбөр ${suffix}`);
  await root.getByTestId(`manage-company-${companyId}`).click();
  await root.getByTestId(`payment-reference-${ahead.number}`).fill("Хаан банк 5014");
  await root.getByTestId(`record-payment-${ahead.number}`).click();
  await expect(root.getByTestId(`record-payment-${ahead.number}`)).toBeHidden();
  await root.keyboard.press("Escape");
  const withdrawn = await extend();
  await root.goto("/admin?tab=1");
  await root.getByPlaceholder("Хайх").fill(`Төлбөр ${suffix}`);
  await root.getByTestId(`manage-company-${companyId}`).click();
  await root.getByTestId(`cancel-invoice-${withdrawn.number}`).click();
  await root.getByRole("button", { name: "Нэхэмжлэлийг цуцлах" }).click();
  await expect(root.getByTestId(`cancel-invoice-${withdrawn.number}`)).toBeHidden();
  await shot(root, "86b-admin-invoice-cancelled");
  await root.keyboard.press("Escape");

  // The archive lists every invoice with its real status, each with a real PDF.
  await owner.goto("/settings/my_plan_archive");
  await expect(owner.getByTestId("invoice-table").getByText(second.number)).toBeVisible();
  const table = owner.getByTestId("invoice-table");
  await expect(table.getByTestId("invoice-status")).toHaveText(["Цуцлагдсан", "Төлсөн", "Идэвхжсэн", "Идэвхжсэн"]);
  await shot(owner, "87-invoice-archive");
  const pdf = await request.get(`/api/billing/invoices/${second.id}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The paid-ahead invoice's page: its status, what it means, and where it was paid to; in mn and en.
  await table.getByRole("link", { name: `Нэхэмжлэлийг нээх: ${ahead.number}` }).click();
  await expect(owner.getByTestId("invoice-page")).toBeVisible();
  await expect(owner.getByTestId("invoice-status")).toHaveText("Төлсөн");
  await expect(owner.getByTestId("invoice-status-help")).toContainText("Хамрах хугацаа эхлэхэд нэхэмжлэл идэвхжинэ.");
  await expect(owner.getByTestId("payee")).toContainText(ahead.number);
  await shot(owner, "88-invoice-paid-mn");
  await speak(request, "en");
  await owner.reload();
  await expect(owner.getByTestId("invoice-page")).toBeVisible();
  await expect(owner.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(owner.getByTestId("invoice-status-help")).toContainText("The invoice becomes active when its period starts.");
  await shot(owner, "88b-invoice-paid-en");
  await owner.goto("/settings/my_plan_archive");
  await expect(owner.getByTestId("invoice-table").getByTestId("invoice-status")).toHaveText(["Cancelled", "Paid", "Activated", "Activated"]);
  await shot(owner, "88c-invoice-archive-en");
  await speak(request, "mn");
});
