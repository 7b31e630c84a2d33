import { expect, test } from "@playwright/test";
import { PAGE_INBOX_APP_ID, startFakeGraph } from "../apps/server/test/fake-graph.ts";
import { startFakeViber } from "../apps/server/test/fake-viber.ts";
import { META_APP } from "./playwright.config.ts";
import { csrfHeaders, newCompany, shot } from "./support.ts";

test("an admin connects a Viber bot in settings, waiting for Viber's approval; the agent answers on Viber, a person takes over and the reply reaches Viber", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3100);
  const viber = await startFakeViber({ port: port + 1001 });
  try {
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    const request = context.request;
    await newCompany(request, { first: "Saraa", last: "Admin", email: `social-${suffix}@shop.mn`, company: `Social ${suffix}`, agent: "Shop bot" });
    await request.put("/api/me/presence", { headers: await csrfHeaders(request), data: { presence: "away" } });
    const answer = "Маргааш 14 цагаас өмнө хүргэнэ.";
    const qa = await request.post("/api/knowledge/qa", {
      headers: await csrfHeaders(request),
      data: { question: "Хүргэлт хэзээ ирэх вэ?", variants: ["Хүргэлт хэзээ вэ"], answer },
    });
    expect(qa.status()).toBe(200);
    const bot = viber.addBot("Holboo Shop");

    await page.goto("/settings/social");
    await page.getByTestId("connect-viber").click();
    await page.getByTestId("viber-token").fill("wrong-token");
    await page.getByTestId("viber-connect-submit").click();
    await expect(page.getByText("Viber ботын токен буруу байна", { exact: false })).toBeVisible();
    await page.getByTestId("viber-token").fill(bot.token);
    await page.getByTestId("viber-agent").click();
    await page.getByRole("option", { name: "Shop bot" }).click();
    await page.getByTestId("viber-agent-active").check();
    await page.getByTestId("viber-awaiting").check();
    await page.getByTestId("viber-connect-submit").click();
    await expect(page.getByTestId("social-channel-viber")).toBeVisible();
    await expect(page.getByTestId("viber-awaiting-badge")).toBeVisible();
    await shot(page, "60-social-settings");
    expect(bot.webhook).toContain("/webhooks/viber/");
    await page.getByTestId("viber-approve").click();
    await expect(page.getByTestId("viber-awaiting-badge")).toHaveCount(0);

    const customerId = "e2e-customer==";
    const said = await viber.callback(bot, {
      event: "message",
      message_token: Date.now(),
      sender: { id: customerId, name: "Болд Бат", language: "mn" },
      message: { type: "text", text: "Хүргэлт хэзээ вэ?" },
    });
    expect(said.status).toBe(200);
    await expect.poll(() => viber.sent.some((m) => m.body.receiver === customerId && m.body.text === answer), { timeout: 20_000 }).toBe(true);
    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("Болд Бат").first().click();
    await expect(page.getByTestId("channel-icon-viber").first()).toBeVisible();
    await page.getByTestId("take-over").click();
    await page.getByTestId("composer").fill("Маргааш хүргэнэ.");
    await page.getByTestId("send").click();
    await expect.poll(() => viber.sent.some((m) => m.body.receiver === customerId && m.body.text === "Маргааш хүргэнэ.")).toBe(true);
    await shot(page, "61-viber-conversation");
    expect(viber.violations).toEqual([]);
    await context.close();
  } finally {
    await viber.close();
  }
});

test("an admin connects a Facebook Page through Facebook Login; the agent answers on Messenger, a person takes over, replies and passes the thread to the Page inbox", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const port = Number(process.env.E2E_PORT ?? 3100);
  const graph = await startFakeGraph(META_APP, { port: port + 1002 });
  graph.routeTo(baseURL ?? "", baseURL ?? "");
  try {
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    const request = context.request;
    await newCompany(request, { first: "Saraa", last: "Admin", email: `fb-${suffix}@shop.mn`, company: `Messenger ${suffix}`, agent: "Shop bot" });
    await request.put("/api/me/presence", { headers: await csrfHeaders(request), data: { presence: "away" } });
    const answer = "Хүргэлт 2-3 хоногт ирнэ.";
    const qa = await request.post("/api/knowledge/qa", {
      headers: await csrfHeaders(request),
      data: { question: "Хүргэлт хэдэн хоногт ирэх вэ?", variants: ["Хүргэлт хэр удаан вэ"], answer },
    });
    expect(qa.status()).toBe(200);
    const fbPage = graph.addPage("Номын дэлгүүр");
    graph.grantOnDialog(fbPage, graph.addPage("Кофе шоп"));

    // Facebook Login: the fake dialog, back to the settings with the Page list, the Page and its agent chosen.
    await page.goto("/settings/social");
    await page.getByTestId("connect-messenger").click();
    await expect(page).toHaveURL(/\/v23\.0\/dialog\/oauth\?/);
    await expect(page.getByText("Номын дэлгүүр, Кофе шоп")).toBeVisible();
    await page.locator("#continue").click();
    await expect(page).toHaveURL(/\/settings\/social\?messenger_session=/);
    await page.getByTestId("messenger-page").click();
    await page.getByRole("option", { name: "Номын дэлгүүр" }).click();
    await expect(page.getByTestId("messenger-name")).toHaveValue("Номын дэлгүүр");
    await page.getByTestId("messenger-agent").click();
    await page.getByRole("option", { name: "Shop bot" }).click();
    await page.getByTestId("messenger-agent-active").check();
    await page.getByTestId("messenger-connect-submit").click();
    await expect(page.getByTestId("social-channel-messenger")).toBeVisible();
    expect(fbPage.subscribedFields).toEqual(expect.arrayContaining(graph.fields));
    await page.getByTestId("handover-guide-open").click();
    await expect(page.getByTestId("handover-guide")).toBeVisible();
    await shot(page, "62-messenger-guide-mn");
    await page.keyboard.press("Escape");
    await shot(page, "63-messenger-settings-mn");

    // A customer writes on Messenger; the agent answers from the knowledge.
    const psid = graph.addCustomer({ first_name: "Болд", last_name: "Бат" });
    const says = (text: string) =>
      graph.callback([
        { page: fbPage, items: [{ sender: { id: psid }, recipient: { id: fbPage.id }, timestamp: Date.now(), message: { mid: `m_${Date.now()}`, text } }] },
      ]);
    expect((await says("Хүргэлт хэдэн хоногт ирэх вэ?")).status).toBe(200);
    await expect.poll(() => graph.sent.some((s) => s.body.recipient.id === psid && s.body.message.text === answer), { timeout: 20_000 }).toBe(true);

    // A person takes the conversation over and replies; the reply reaches Messenger.
    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("Болд Бат").first().click();
    await expect(page.getByTestId("channel-icon-messenger").first()).toBeVisible();
    await expect(page.getByTestId("thread").getByText(answer)).toBeVisible();
    await page.getByTestId("take-over").click();
    await page.getByTestId("composer").fill("Сайн байна уу, би Сараа. Захиалгын дугаараа хэлнэ үү.");
    await page.getByTestId("send").click();
    await expect
      .poll(() => graph.sent.find((s) => s.body.message.text === "Сайн байна уу, би Сараа. Захиалгын дугаараа хэлнэ үү.")?.body.messaging_type, {
        timeout: 20_000,
      })
      .toBe("RESPONSE");

    // The person passes the thread to the Page inbox, then takes it back (handover protocol).
    await page.getByTestId("messenger-pass").click();
    await expect(page.getByTestId("messenger-take")).toBeVisible();
    await expect(page.getByTestId("event-handover.changed").first()).toContainText("Facebook хуудасны Inbox руу шилжүүллээ");
    expect(graph.threadOwner(fbPage, psid)).toBe(PAGE_INBOX_APP_ID);
    await shot(page, "64-messenger-conversation-mn");
    await page.getByTestId("messenger-take").click();
    await expect(page.getByTestId("messenger-pass")).toBeVisible();
    expect(graph.threadOwner(fbPage, psid)).toBeNull();

    await page.getByTestId("language-selector").click();
    await page.getByRole("option", { name: "English" }).click();
    await expect(page.getByTestId("messenger-pass")).toHaveText("Pass to the Page inbox");
    await expect(page.getByTestId("event-handover.changed").last()).toContainText("took the conversation back");
    await shot(page, "65-messenger-conversation-en");
    await page.goto("/settings/social");
    await expect(page.getByTestId("social-channel-messenger")).toBeVisible();
    await shot(page, "66-messenger-settings-en");
    await page.goto("/settings/channel_manage");
    await expect(page).toHaveURL(/\/settings\/channels_config$/);
    await expect(page.getByTestId("channels-config-table")).toContainText("Номын дэлгүүр");
    await shot(page, "67-channels-config-en");
    expect(graph.violations).toEqual([]);
    await context.close();
  } finally {
    await graph.close();
  }
});

test("Messenger shows who really wrote or holds a conversation, a delivered reply, and a file that arrives after its message", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3100);
  const graph = await startFakeGraph(META_APP, { port: port + 1002 });
  graph.routeTo(baseURL ?? "", baseURL ?? "");
  try {
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    const request = context.request;
    await newCompany(request, { first: "Saraa", last: "Admin", email: `fb-who-${suffix}@shop.mn`, company: `Who ${suffix}`, agent: "Shop bot" });
    // The Page connected as Facebook Login does it: the dialog's code comes back to the callback, the session picks the Page.
    const fbPage = graph.addPage("Гутлын дэлгүүр");
    const login = new URL(((await (await request.get("/api/messenger/login")).json()) as { url: string }).url);
    const back = await request.get(
      `/api/messenger/oauth/callback?code=${graph.authorize(fbPage)}&state=${encodeURIComponent(login.searchParams.get("state") ?? "")}`,
      {
        maxRedirects: 0,
      },
    );
    const session = new URL(back.headers().location ?? "", baseURL).searchParams.get("messenger_session") ?? "";
    const connected = await request.post("/api/messenger-channels", {
      headers: await csrfHeaders(request),
      data: { session, page_id: fbPage.id, name: "Гутал" },
    });
    expect(connected.status()).toBe(200);

    const psid = graph.addCustomer({ first_name: "Тэмүүлэн", last_name: "Бат" });
    const item = (extra: Record<string, unknown>) => ({ sender: { id: psid }, recipient: { id: fbPage.id }, timestamp: Date.now(), ...extra });
    const echo = (text: string, appId: string) => ({
      sender: { id: fbPage.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: { mid: `m_echo_${appId}_${Date.now()}`, text, is_echo: true, app_id: Number(appId) },
    });
    await graph.callback([{ page: fbPage, items: [item({ message: { mid: `m_hi_${suffix}`, text: "42 размер байгаа юу?" } })] }]);
    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("Тэмүүлэн Бат").first().click();
    await page.getByTestId("composer").fill("Байгаа, хар өнгөтэй.");
    await page.getByTestId("send").click();
    await expect.poll(() => graph.sent.find((s) => s.body.message.text === "Байгаа, хар өнгөтэй.")?.mid, { timeout: 20_000 }).toBeTruthy();
    const mid = graph.sent.find((s) => s.body.message.text === "Байгаа, хар өнгөтэй.")?.mid;

    // Meta's delivery receipt (no timestamp), replies written in the Page inbox and in another app, and a file Meta serves only later.
    const pdf = graph.hostMedia(`receipt-${suffix}.pdf`, "application/pdf", Buffer.from("%PDF-1.4 receipt"), 2);
    await graph.callback([
      {
        page: fbPage,
        items: [
          { sender: { id: psid }, recipient: { id: fbPage.id }, delivery: { mids: [mid], watermark: Date.now() } },
          echo("Хэмжээгээ шалгаад ирээрэй.", PAGE_INBOX_APP_ID),
          echo("Захиалга бүртгэгдлээ №1042.", "1517776481860111"),
          item({ message: { mid: `m_file_${suffix}`, text: "Төлбөрийн баримт", attachments: [{ type: "file", payload: { url: pdf } }] } }),
        ],
      },
    ]);
    const thread = page.getByTestId("thread");
    await expect(thread.getByTestId("status-delivered")).toBeVisible();
    await expect(thread.getByText("Facebook хуудасны Inbox")).toBeVisible();
    await expect(thread.getByText("Өөр апп (ID 1517776481860111)")).toBeVisible();
    await expect(thread.getByText(/Файлыг одоохондоо татаж чадсангүй/)).toBeVisible();
    await shot(page, "68-messenger-authors-mn");
    // The file arrives on a later try and takes the note's place in the same bubble.
    await expect(thread.getByRole("link", { name: `receipt-${suffix}.pdf` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Файлыг одоохондоо татаж чадсангүй/)).toHaveCount(0);

    // Another app of the Page takes the thread: named as that app, not as the Page inbox.
    graph.takeThread(fbPage, psid, "777000111222333");
    await graph.callback([
      { page: fbPage, items: [item({ take_thread_control: { previous_owner_app_id: META_APP.id, new_owner_app_id: "777000111222333" } })] },
    ]);
    await expect(page.getByTestId("event-handover.changed").last()).toContainText("Өөр апп (ID 777000111222333) яриаг авлаа");
    await expect(page.getByTestId("messenger-handover")).toContainText("777000111222333");
    await shot(page, "69-messenger-other-app-mn");
    await page.getByTestId("language-selector").click();
    await page.getByRole("option", { name: "English" }).click();
    await expect(thread.getByText("Facebook Page inbox")).toBeVisible();
    await expect(page.getByTestId("event-handover.changed").last()).toContainText("Another app (ID 777000111222333) took the conversation");
    await shot(page, "70-messenger-authors-en");
    expect(graph.violations).toEqual([]);
    await context.close();
  } finally {
    await graph.close();
  }
});
