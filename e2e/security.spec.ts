import { csrfHeaders, newCompany, shot } from "./support.ts";
import { expect, test, type APIRequestContext } from "@playwright/test";

test.use({ actionTimeout: 20_000 });

/** Three pairs on one topic, told apart by the word that decides, and one of another. */
const PAIRS = [
  {
    question: "Хүргэлтийн үнэ хэд вэ?",
    variants: ["Хүргэлт хэдэн төгрөг вэ", "Хүргэлт үнэгүй юу"],
    answer: "Хүргэлт 5,000₮, 50,000₮-өөс дээш захиалгад үнэгүй.",
  },
  {
    question: "Хүргэлт хэдэн хоногт ирэх вэ?",
    variants: ["Хүргэлт хэр удаан вэ", "Хэзээ хүргэж өгөх вэ"],
    answer: "Улаанбаатарт 24 цагийн дотор, орон нутагт 3-5 хоногт хүргэнэ.",
  },
  { question: "Хүргэлт хаана хийдэг вэ?", variants: ["Орон нутагт хүргэдэг үү", "Аймаг руу хүргэх үү"], answer: "Бүх аймгийн төв рүү хүргэнэ." },
  { question: "Та ямар цагаар ажилладаг вэ?", variants: ["Ажлын цаг", "Хэдэн цагаас нээх вэ"], answer: "Даваа-Баасан 09:00-18:00 ажиллана." },
];

/** A customer writes on the company's web chat (nobody's agent on it: people answer, with the AI reply's help). */
async function customerWrites(visitors: APIRequestContext, channel: { public_key: string; domain: string }, text: string) {
  const started = await visitors.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${channel.domain}` } });
  expect(started.status(), await started.text()).toBe(200);
  const session = (await started.json()) as { visitor_token: string };
  const sent = await visitors.post("/api/webchat/messages", {
    headers: { "x-visitor-token": session.visitor_token },
    data: { client_id: `c-${Date.now()}-${Math.random()}`, text },
  });
  expect(sent.status()).toBe(200);
}

test("the AI reply offers the agent's choices, marks a low-confidence draft and says when it found nothing, in Mongolian and English", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `ai-${suffix}@shop.mn`, company: `AI reply ${suffix}`, agent: "Shop bot" });
  for (const pair of PAIRS) expect((await request.post("/api/knowledge/qa", { headers: await csrfHeaders(request), data: pair })).status()).toBe(200);
  const domain = `ai-${suffix}.mn`;
  const created = await request.post("/api/webchat-channels", {
    headers: await csrfHeaders(request),
    data: {
      name: "Site chat",
      description: "Our website chat",
      domain,
      name_mn: "Туслах",
      name_en: "Helper",
      greeting_mn: "Сайн байна уу!",
      greeting_en: "Hello!",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const channel = (await created.json()) as { public_key: string };
  const visitors = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await customerWrites(visitors, { ...channel, domain }, "Хүргэлт хэдэн өдөр болдог вэ?");
  await customerWrites(visitors, { ...channel, domain }, "Та нар хэдэн цагаас онгойдог вэ");
  await customerWrites(visitors, { ...channel, domain }, "Гишүүнчлэлийн карт байдаг уу?");

  const open = async (text: string) => {
    await admin.getByTestId("inbox-list").getByText(text).click();
    await expect(admin.locator('[data-testid="bubble"][data-side="them"]').filter({ hasText: text })).toBeVisible();
    await admin.getByTestId("ai-draft").click();
  };
  await admin.goto("/interacts");

  // Delivery "days" in words no pair uses: the choices the agent would offer, never the price drafted as the answer.
  await open("Хүргэлт хэдэн өдөр болдог вэ?");
  const choices = admin.getByTestId("ai-draft-choices");
  await expect(choices).toContainText("Хэд хэдэн хариулт тохирч байна");
  await expect(choices.getByTestId("ai-draft-choice")).toHaveCount(3);
  await expect(admin.getByTestId("composer")).toHaveValue("");
  await shot(admin, "security-01-ai-reply-choices-mn");
  await choices.getByRole("button", { name: "«Хүргэлт хэдэн хоногт ирэх вэ?» хариултыг сонгох" }).click();
  await expect(admin.getByTestId("composer")).toHaveValue(PAIRS[1]!.answer);
  await expect(admin.getByTestId("ai-draft-sources")).toContainText("Хүргэлт хэдэн хоногт ирэх вэ?");
  await shot(admin, "security-02-ai-reply-choice-picked-mn");

  await open("Та нар хэдэн цагаас онгойдог вэ");
  await expect(admin.getByTestId("ai-draft-low-confidence")).toContainText("Итгэл бага");
  await expect(admin.getByTestId("composer")).toHaveValue(PAIRS[3]!.answer);
  await shot(admin, "security-03-ai-reply-low-confidence-mn");

  await open("Гишүүнчлэлийн карт байдаг уу?");
  await expect(admin.getByTestId("ai-draft-none")).toContainText("Мэдлэгийн сангаас тохирох хариулт олдсонгүй.");
  await shot(admin, "security-04-ai-reply-none-mn");

  await request.put("/api/change-lang?lang=en", { headers: await csrfHeaders(request) });
  await admin.reload();
  await open("Хүргэлт хэдэн өдөр болдог вэ?");
  await expect(admin.getByTestId("ai-draft-choices")).toContainText("Several answers fit");
  await shot(admin, "security-05-ai-reply-choices-en");
  await open("Та нар хэдэн цагаас онгойдог вэ");
  await expect(admin.getByTestId("ai-draft-low-confidence")).toContainText("Low confidence");
  await shot(admin, "security-06-ai-reply-low-confidence-en");
  await open("Гишүүнчлэлийн карт байдаг уу?");
  await expect(admin.getByTestId("ai-draft-none")).toContainText("No answer found in the knowledge base.");
  await shot(admin, "security-07-ai-reply-none-en");
  await visitors.dispose();
  await context.close();
});

test("the audit log says every action, status, role, permission and plan in words, in Mongolian and English", async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `audit-${suffix}@shop.mn`, company: `Audit ${suffix}`, agent: "Shop bot" });
  const write = async (method: "post" | "put" | "delete", url: string, data?: unknown) => {
    const response = await request[method](url, { headers: await csrfHeaders(request), data });
    expect(response.status(), `${method} ${url}`).toBe(200);
    return response.json() as Promise<{ ID?: number; id?: number }>;
  };
  const invited = await write("post", "/api/users/invite", { first_name: "Сараа", last_name: "Бат", email: `saraa-${suffix}@shop.mn`, role: "agent" });
  await write("put", `/api/users/${invited.ID}`, { role: "manager" });
  await write("put", `/api/users/${invited.ID}/status`, { user_status: "inactive" });
  // An agent's role gains "view all contacts" and loses "edit issues" and "make calls".
  await write("put", "/api/roles/agent", { permissions: ["interaction.start", "interaction.edit", "contact.edit", "contact.view_all"] });
  await write("post", "/api/company/mail-domains", { domain: `audit-${suffix}.mn`, description: "Үндсэн", status: "inactive" });
  await write("post", "/api/issue-tags", { name: "Хүргэлт", description: "", color: "#fa5252" });
  await write("post", "/api/billing/purchase", { plan: "business", term: "month", auto_extend: true, agree_terms: true });

  await admin.goto("/settings/audit");
  const table = admin.getByTestId("audit-table");
  await expect(table.getByTestId("audit-user.role_change")).toContainText("Эрх: Ажилтан");
  await expect(table.getByTestId("audit-user.role_change")).toContainText("Эрх: Менежер");
  await expect(table.getByTestId("audit-user.deactivate")).toContainText("Төлөв: идэвхгүй");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Эрх: Ажилтан");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Нэмсэн:");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Хассан: Хүсэлт засах, шийдвэрлэх");
  await expect(table.getByTestId("audit-mail_domain.create")).toContainText("Мэйл домэйн нэмсэн");
  await expect(table.getByTestId("audit-issue_setting.create")).toContainText("хүсэлтийн шошго");
  await expect(table.getByTestId("audit-billing.purchase")).toContainText("Багц: Бизнес");
  await expect(table).not.toContainText(/interaction\.start|contact\.view_all|inactive|business|role_change|issue_setting|#agent/);
  await shot(admin, "security-08-audit-mn");

  await request.put("/api/change-lang?lang=en", { headers: await csrfHeaders(request) });
  await admin.reload();
  await expect(table.getByTestId("audit-user.role_change")).toContainText("Role: Agent");
  await expect(table.getByTestId("audit-user.deactivate")).toContainText("Status: inactive");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Role: Agent");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Added: View all contacts");
  await expect(table.getByTestId("audit-role.permissions_change")).toContainText("Removed: Edit or resolve issues, Make calls");
  await expect(table.getByTestId("audit-billing.purchase")).toContainText("Plan: Business");
  await expect(table.getByTestId("audit-issue_setting.create")).toContainText("Added an issue setting");
  await expect(table).not.toContainText(/contact\.view_all|issue\.edit|role_change|issue_setting|#agent/);
  await shot(admin, "security-09-audit-en");
  await context.close();
});
