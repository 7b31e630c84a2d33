import { csrfHeaders, newCompany, shot, shotPath } from "./support.ts";
import { expect, test, type BrowserContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";

test("an admin sets up web chat; a visitor and an agent talk live; the agent closes and the visitor rates", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const request = agentContext.request;
  await newCompany(request, { first: "Nomin", last: "Agent", email: `inbox-${suffix}@shop.mn`, company: `Inbox ${suffix}`, agent: "Shop bot" });
  await request.post("/api/saved-responses", { headers: await csrfHeaders(request), data: { key: "hello", text: "Сайн байна уу! Танд юугаар туслах вэ?" } });

  await agent.goto("/settings/web_chat");
  await agent.getByTestId("add-webchat").click();
  await agent.getByLabel("Сувгийн нэр").fill("Site chat");
  await agent.getByLabel("Домэйн").fill(`shop-${suffix}.mn`);
  await agent.getByLabel("Тайлбар").fill("Our website chat");
  await agent.getByLabel("Харагдах нэр (монгол)").fill("Дэлгүүрийн туслах");
  await agent.getByLabel("Мэндчилгээ (монгол)").fill("Сайн байна уу! Бид онлайн байна.");
  await agent.getByTestId("save-webchat").click();
  await expect(agent.getByTestId("embed-snippet")).toContainText("data-holboo-key");
  // A 1×1 PNG as the widget's logo.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  await agent.locator("input[type=file]").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(agent.getByRole("button", { name: "Лого устгах" })).toBeVisible();
  await shot(agent, "30-webchat-settings");
  const testUrl = await agent.getByTestId("test-link").getAttribute("href");

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(testUrl ?? "");
  await visitor.getByRole("button", { name: "Chat" }).click();
  const chat = visitor.frameLocator("iframe[title]");
  await expect(chat.locator("header img")).toHaveJSProperty("naturalWidth", 1);
  await chat.getByRole("textbox").fill("Захиалга маань хаана явна?");
  await chat.getByRole("textbox").press("Enter");
  await expect(chat.locator('.row.you[data-status="sent"]')).toHaveCount(1);

  await agent.goto("/interacts");
  await agent.getByTestId("inbox-list").getByText("Захиалга маань хаана явна?").click();
  await expect(agent.getByTestId("thread").getByText("Захиалга маань хаана явна?")).toBeVisible();
  await expect(agent.getByTestId("contact-presence")).toHaveAttribute("data-online", "true");
  // The widget signals typing at most every 2 s, so keep typing for longer than that.
  await chat.getByRole("textbox").pressSequentially("Бас нэг", { delay: 400 });
  await expect(agent.getByTestId("typing")).toContainText("бичиж байна");
  await chat.getByRole("textbox").fill("");
  await agent.getByTestId("composer").fill("/hel");
  await agent.getByTestId("saved-hello").click();
  await agent.getByTestId("send").click();
  await expect(chat.getByText("Сайн байна уу! Танд юугаар туслах вэ?")).toBeVisible();
  await expect(chat.locator('.row.you[data-status="seen"]')).toHaveCount(1);
  await expect(agent.locator('[data-testid="bubble"][data-side="you"] [data-testid="status-seen"]')).toBeVisible();
  await chat.getByRole("textbox").fill("Баярлалаа :)");
  await chat.getByRole("textbox").press("Enter");
  await expect(agent.getByTestId("thread").getByText("Баярлалаа 🙂")).toBeVisible();
  await shot(agent, "31-inbox-conversation");
  await visitor.screenshot({ path: shotPath("32-widget-conversation") });

  await agent.getByRole("button", { name: "Үнэлгээ хүсэх" }).click();
  const ratingLink = chat.getByRole("link", { name: "Үйлчилгээгээ үнэлнэ үү" });
  await expect(ratingLink).toBeVisible();
  const ratingUrl = await ratingLink.getAttribute("href");
  await agent.getByTestId("close-interaction").click();
  const closeDialog = agent.getByRole("dialog");
  await closeDialog.locator("label", { hasText: "Уурласан" }).click({ force: true });
  await closeDialog.getByTestId("rating").locator("label").nth(4).click({ force: true });
  await agent.getByTestId("confirm-close").click();
  await expect(agent.getByTestId("event-interaction.closed")).toBeVisible();
  const closed = (await (await request.get(`/api/interactions?status=closed`)).json()) as { items: Array<{ mood: string; rating: number }> };
  expect(closed.items[0]).toMatchObject({ mood: "angry", rating: 4 });

  await visitor.goto(ratingUrl ?? "");
  await visitor.getByTestId("stars").locator("label").nth(5).click({ force: true });
  await visitor.getByRole("button", { name: "Үнэлгээ илгээх" }).click();
  await expect(visitor.getByTestId("rated")).toBeVisible();
  await shot(visitor, "33-servicerate");

  // Both are kept: the closer's assessment and the customer's own stars.
  const rated = (await (await request.get(`/api/interactions?status=closed`)).json()) as { items: Array<{ rating: number; customer_rating: number }> };
  expect(rated.items[0]).toMatchObject({ rating: 4, customer_rating: 5 });
  await agent.goto("/interacts?tab=2");
  await expect(agent.getByTestId("inbox-list").getByText("Баярлалаа 🙂")).toBeVisible();
  await shot(agent, "34-inbox-closed");

  // The agent starts a new conversation with the same customer; it reaches the open widget live.
  await agent.goto("/interacts");
  await agent.getByTestId("start-interaction").click();
  const start = agent.getByRole("dialog");
  await start.getByRole("combobox", { name: "Харилцагч" }).click();
  await agent.getByRole("option").first().click();
  await start.getByRole("combobox", { name: "Суваг" }).click();
  await agent.getByRole("option", { name: "Site chat" }).click();
  await start.getByLabel("Гарчиг").fill("Захиалгын мэдэгдэл");
  await start.getByLabel("Эхний мессеж").fill("Таны захиалга хүргэлтэнд гарлаа.");
  await shot(agent, "35-inbox-start");
  await start.getByTestId("confirm-start").click();
  await expect(agent.getByTestId("thread").getByText("Таны захиалга хүргэлтэнд гарлаа.")).toBeVisible();
  await visitor.goto(testUrl ?? "");
  await visitor.getByRole("button", { name: "Chat" }).click();
  await expect(chat.getByText("Таны захиалга хүргэлтэнд гарлаа.")).toBeVisible();
  await agentContext.close();
  await visitorContext.close();
});

const chatInput = (suffix: string) => ({
  name: "Site chat",
  description: "Our website chat",
  domain: `inbox-${suffix}.mn`,
  name_mn: "Туслах",
  name_en: "Helper",
  greeting_mn: "Сайн байна уу!",
  greeting_en: "Hello!",
});

/** A new company (signed in on `context`) with a web chat, the guided tour's offer put away so it covers nothing. */
async function companyWithChat(context: BrowserContext, name: string) {
  const suffix = `${name}-${Date.now().toString(36)}`;
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Agent", email: `${suffix}@shop.mn`, company: `Inbox ${suffix}`, agent: "Shop bot" });
  const headers = await csrfHeaders(request);
  await request.put("/api/me/tour", { headers, data: { status: "dismissed", step: 0 } });
  const input = chatInput(suffix);
  const channel = (await (await request.post("/api/webchat-channels", { headers, data: input })).json()) as { id: number; public_key: string };
  const me = (await (await request.get("/api/me")).json()) as { ID: number };
  return { suffix, request, headers, channel, domain: input.domain, me };
}

/** A visitor on the company's site: `write` sends a message and answers its conversation's id. */
async function chatVisitor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, channel: { public_key: string }, domain: string) {
  const visitor = await playwright.request.newContext({ baseURL });
  const session = (await (
    await visitor.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${domain}` } })
  ).json()) as {
    visitor_token: string;
  };
  return {
    write: async (text: string) => {
      const sent = await visitor.post("/api/webchat/messages", {
        headers: { "x-visitor-token": session.visitor_token },
        data: { client_id: `visitor-${Math.random().toString(36).slice(2)}`, text },
      });
      expect(sent.ok()).toBe(true);
      return ((await sent.json()) as { interaction_id: number }).interaction_id;
    },
    close: () => visitor.dispose(),
  };
}

/** Resolves once the page's staff socket is connected (Socket.IO's CONNECT answer); call it before the navigation. */
const socketConnected = (page: Page) =>
  page.waitForEvent("websocket").then((socket) => socket.waitForEvent("framereceived", (frame) => String(frame.payload).startsWith("40")));

const inEnglish = (context: BrowserContext, page: Page) => context.addCookies([{ name: "chosenLocale", value: "en", url: `${new URL(page.url()).origin}/` }]);
const baseUrlOf = () => test.info().project.use.baseURL ?? "";

test("a long conversation scrolls by itself with the newest message and the composer in view; on a phone list and thread are two screens", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { request, headers, channel, domain } = await companyWithChat(context, "layout");
  const visitor = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  let id = 0;
  for (let turn = 1; turn <= 7; turn++) {
    id = await visitor.write(`Асуулт ${turn}`);
    if (turn === 1) await request.post(`/api/interactions/${id}/take-over`, { headers });
    await request.post(`/api/interactions/${id}/messages`, { headers, data: { client_id: `reply-${id}-${turn}`, text: `Хариулт ${turn}` } });
  }

  const thread = page.getByTestId("thread");
  const expectWorkable = async () => {
    await expect(thread.getByText("Хариулт 7", { exact: true })).toBeInViewport();
    await expect(page.getByTestId("composer")).toBeInViewport();
    await expect(thread.getByText("Асуулт 1", { exact: true })).not.toBeInViewport();
    // The page itself does not scroll: the thread does.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    const scroll = page.getByTestId("thread-scroll");
    expect(await scroll.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
  };

  // 1366 px: list, thread and the details beside it, each scrolling by itself.
  await page.goto(`/interacts?id=${id}`);
  // The contact's previous conversation in the side panel is one line for its title and one for the rest, not a word per line.
  const previous = page.getByTestId("interaction-side-panel").getByTestId("contact-interactions");
  await expect(previous.getByRole("link", { name: "Асуулт 1" })).toBeVisible();
  for (const line of [previous.getByRole("link", { name: "Асуулт 1" }), previous.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)])
    expect((await line.boundingBox())?.height ?? 0).toBeLessThan(26);
  await expectWorkable();
  await expect(page.getByTestId("details-beside")).toBeVisible();
  await shot(page, "inbox-60-thread-1366-mn");
  await inEnglish(context, page);
  await page.reload();
  await expectWorkable();
  await expect(page.getByTestId("details-beside").getByText("Details")).toBeVisible();
  await shot(page, "inbox-61-thread-1366-en");

  // 390 px: the list is one screen; tapping a conversation opens the thread as another, with a back action.
  await context.clearCookies({ name: "chosenLocale" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/interacts");
  await expect(page.getByTestId(`inbox-item-${id}`)).toBeVisible();
  await shot(page, "inbox-62-list-390-mn");
  await page.getByTestId(`inbox-item-${id}`).click();
  await expect(page.getByTestId("inbox-list-pane")).toHaveCount(0);
  await expectWorkable();
  await shot(page, "inbox-63-thread-390-mn");
  await page.getByTestId("open-details").click();
  await expect(page.getByRole("dialog").getByTestId("interaction-side-panel")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId("thread-back").click();
  await expect(page.getByTestId(`inbox-item-${id}`)).toBeVisible();
  await expect(page.getByTestId("thread")).toHaveCount(0);
  await inEnglish(context, page);
  await page.goto(`/interacts?id=${id}`);
  await expectWorkable();
  await expect(page.getByTestId("thread-back")).toHaveAccessibleName("Back to the list");
  await shot(page, "inbox-64-thread-390-en");
  await visitor.close();
  await context.close();
});

test("the inbox, the unread count and the people list are each fetched once when the inbox loads", async ({ browser, playwright }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { channel, domain } = await companyWithChat(context, "requests");
  const visitor = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  await visitor.write("Сайн байна уу");
  const fetched = new Map<string, number>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/")) fetched.set(url.pathname, (fetched.get(url.pathname) ?? 0) + 1);
  });
  // The person's own presence push comes once their socket is up; it used to refetch every people list.
  const presencePushed = new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes('"presence"')) resolve();
      }),
    ),
  );
  await page.goto("/interacts");
  await expect(page.getByTestId("inbox-list").getByText("Сайн байна уу")).toBeVisible();
  await presencePushed;
  await page.waitForLoadState("networkidle");
  expect({
    inbox: fetched.get("/api/interactions"),
    unread: fetched.get("/api/interactions/unread"),
    people: fetched.get("/api/users"),
  }).toEqual({ inbox: 1, unread: 1, people: 1 });
  await visitor.close();
  await context.close();
});

test("opened at another address than PUBLIC_URL the inbox stays live; when live updates are down a banner says why", async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  // The e2e server's PUBLIC_URL is http://127.0.0.1:<port>; this person opens http://localhost:<port>.
  const otherAddress = baseUrlOf().replace("127.0.0.1", "localhost");
  const context = await browser.newContext({ baseURL: otherAddress });
  const page = await context.newPage();
  const { channel, domain } = await companyWithChat(context, "address");
  const visitor = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  await visitor.write("Эхний асуулт");
  const connected = socketConnected(page);
  await page.goto("/interacts");
  await expect(page.getByTestId("inbox-list").getByText("Эхний асуулт")).toBeVisible();
  await connected;
  // A message written now reaches the open inbox by itself.
  await visitor.write("Хоёр дахь асуулт");
  await expect(page.getByTestId("inbox-list").getByText("Хоёр дахь асуулт")).toBeVisible();
  await expect(page.getByTestId("live-banner")).toHaveCount(0);

  // The server cannot be reached: the banner says so, in mn and en.
  const cut = await context.newPage();
  await cut.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await cut.route(/\/socket\.io\//, (route) => route.abort());
  await cut.goto("/interacts");
  const banner = cut.getByTestId("live-banner");
  await expect(banner).toHaveAttribute("data-reason", "unreachable");
  await expect(banner).toContainText("Сервертэй холбогдож чадахгүй байна");
  // Nothing waits for the socket: the list is there.
  await expect(cut.getByTestId("inbox-list").getByText("Хоёр дахь асуулт")).toBeVisible();
  await shot(cut, "inbox-65-live-banner-mn");
  await inEnglish(context, cut);
  await cut.reload();
  await expect(cut.getByTestId("live-banner")).toContainText("The server cannot be reached");
  await shot(cut, "inbox-66-live-banner-en");
  await visitor.close();
  await context.close();
});

test("starting a conversation with a contact who has an open one keeps what was typed and sends it there; a phone-only contact is told why", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { request, headers, channel, domain } = await companyWithChat(context, "start");
  const visitor = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  const openId = await visitor.write("Захиалгаа шалгаж өгөөч");
  const contactId = ((await (await request.get(`/api/interactions/${openId}`)).json()) as { contact: { id: number } }).contact.id;
  await request.post("/api/contacts", { headers, data: { first_name: "Болд", last_name: "Дорж", phone: "99112233" } });

  const startWith = async (contact: string | RegExp, labels: { contact: string; channel: string }) => {
    await page.getByTestId("start-interaction").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: labels.contact }).click();
    await page.getByRole("option", { name: contact }).click();
    return dialog;
  };
  // The visitor by their number (how they are named is the names test's to check).
  const visitorOption = new RegExp(`#${contactId}$`);

  await page.goto("/interacts");
  let dialog = await startWith(visitorOption, { contact: "Харилцагч", channel: "Суваг" });
  await dialog.getByRole("combobox", { name: "Суваг" }).click();
  await page.getByRole("option", { name: "Site chat" }).click();
  await dialog.getByLabel("Гарчиг").fill("Хүргэлтийн мэдэгдэл");
  await dialog.getByLabel("Эхний мессеж").fill("Таны захиалга маргааш хүргэгдэнэ.");
  await dialog.getByTestId("confirm-start").click();
  // Refused (an open conversation exists): the dialog stays with what was typed and offers to send it there.
  await expect(dialog.getByTestId("start-open-exists")).toBeVisible();
  await expect(dialog.getByLabel("Гарчиг")).toHaveValue("Хүргэлтийн мэдэгдэл");
  await expect(dialog.getByLabel("Эхний мессеж")).toHaveValue("Таны захиалга маргааш хүргэгдэнэ.");
  await shot(page, "inbox-67-start-open-exists-mn");
  await dialog.getByTestId("send-in-open").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`id=${openId}`));
  await expect(page.getByTestId("thread").getByText("Таны захиалга маргааш хүргэгдэнэ.")).toBeVisible();
  const events = (await (await request.get(`/api/interactions/${openId}/messages?limit=30`)).json()) as { items: Array<{ text: string }> };
  expect(events.items.filter((m) => m.text === "Таны захиалга маргааш хүргэгдэнэ.")).toHaveLength(1);

  // A contact with only a phone number: no channel can carry a message, and the dialog says why.
  dialog = await startWith("Болд Дорж · +97699112233", { contact: "Харилцагч", channel: "Суваг" });
  await expect(dialog.getByTestId("start-no-channel")).toHaveAttribute("data-reason", "phone_only");
  await expect(dialog.getByRole("combobox", { name: "Суваг" })).toBeDisabled();
  await shot(page, "inbox-68-start-phone-only-mn");
  await page.keyboard.press("Escape");

  await inEnglish(context, page);
  await page.reload();
  dialog = await startWith(visitorOption, { contact: "Contact", channel: "Channel" });
  await dialog.getByRole("combobox", { name: "Channel" }).click();
  await page.getByRole("option", { name: "Site chat" }).click();
  await dialog.getByLabel("Subject").fill("Delivery notice");
  await dialog.getByLabel("First message").fill("Your order arrives tomorrow.");
  await dialog.getByTestId("confirm-start").click();
  await expect(dialog.getByTestId("start-open-exists")).toContainText("This contact already has an open conversation on this channel");
  await shot(page, "inbox-69-start-open-exists-en");
  await dialog.getByTestId("open-existing").click();
  await expect(page).toHaveURL(new RegExp(`id=${openId}`));
  dialog = await startWith("Болд Дорж · +97699112233", { contact: "Contact", channel: "Channel" });
  await expect(dialog.getByTestId("start-no-channel")).toContainText("This contact has only a phone number");
  await shot(page, "inbox-70-start-phone-only-en");
  await visitor.close();
  await context.close();
});

test("an anonymous visitor has one stable name everywhere: inbox list, thread, side panel, contact page, issues and the alert", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  // The browser notification, as the page shows it.
  await context.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownAlerts: shown });
    class RecordedNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
  });
  const page = await context.newPage();
  const { request, headers, channel, domain, me } = await companyWithChat(context, "names");
  const first = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  const second = await chatVisitor(playwright, baseUrlOf(), channel, domain);
  const connected = socketConnected(page);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Харилцагч" })).toBeVisible();
  // The alert comes by the socket: the visitor writes once it is up.
  await connected;
  const firstId = await first.write("Сайн байна уу, би эхний зочин");
  const contactOf = async (interactionId: number) =>
    ((await (await request.get(`/api/interactions/${interactionId}`)).json()) as { contact: { id: number } }).contact.id;
  const firstContact = await contactOf(firstId);
  await expect.poll(() => page.evaluate(() => (window as unknown as { shownAlerts: string[] }).shownAlerts)).toContain(`Шинэ харилцаа: Зочин #${firstContact}`);
  const secondContact = await contactOf(await second.write("Би хоёр дахь зочин"));
  expect(secondContact).not.toBe(firstContact);

  await page.goto(`/interacts?id=${firstId}`);
  const firstName = `Зочин #${firstContact}`;
  await expect(page.getByTestId(`inbox-item-${firstId}`)).toContainText(firstName);
  await expect(page.getByTestId("inbox-list")).toContainText(`Зочин #${secondContact}`);
  await expect(page.getByTestId("thread-contact-link")).toHaveText(firstName);
  await expect(page.getByTestId("interaction-side-panel")).toContainText(firstName);
  await expect(page.locator('[data-testid="bubble"][data-side="them"]').first()).toContainText(firstName);
  await shot(page, "inbox-71-visitor-names-mn");

  await request.post("/api/issues", {
    headers,
    data: { name: "Хүргэлт хоцорсон", priority: "medium", contact_id: firstContact, channel_id: channel.id, interaction_id: firstId, assignee_id: me.ID },
  });
  await page.goto("/issues");
  await expect(page.getByRole("row", { name: /Хүргэлт хоцорсон/ })).toContainText(firstName);
  await page.goto(`/contacts/${firstContact}`);
  await expect(page.getByTestId("contact-name")).toHaveText(firstName);

  await inEnglish(context, page);
  await page.reload();
  await expect(page.getByTestId("contact-name")).toHaveText(`Visitor #${firstContact}`);
  await page.goto(`/interacts?id=${firstId}`);
  await expect(page.getByTestId("thread-contact-link")).toHaveText(`Visitor #${firstContact}`);
  await expect(page.getByTestId("inbox-list")).toContainText(`Visitor #${secondContact}`);
  await shot(page, "inbox-72-visitor-names-en");
  await first.close();
  await second.close();
  await context.close();
});
