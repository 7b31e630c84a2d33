import { csrfHeaders, newCompany, shot, shotPath } from "./support.ts";
import { expect, test } from "@playwright/test";

test("a new company's calm empty lists, a web-chat FAQ answered at once, the conversation's details and contact panel, alerts and feedback", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `help-${suffix}@shop.mn`, company: `Help ${suffix}`, agent: "Shop bot" });

  // A new company has no mail domains: that is not a failure.
  await page.goto("/settings/our_company");
  await expect(page.getByTestId("list-empty")).toBeVisible();
  await expect(page.getByText("Мэдээлэл олдсонгүй!")).toHaveCount(0);
  await shot(page, "help-01-empty-mail-domains");

  // A web chat with a FAQ; the visitor taps a question and reads its answer at once.
  const created = await request.post("/api/webchat-channels", {
    headers: await csrfHeaders(request),
    data: {
      name: "Site chat",
      description: "Our website chat",
      domain: `shop-${suffix}.mn`,
      name_mn: "Дэлгүүрийн туслах",
      faq: [{ question_mn: "Хүргэлт хэд хоног вэ?", answer_mn: "Улаанбаатарт 24 цагт, орон нутагт 3-5 хоногт хүргэнэ." }],
    },
  });
  expect(created.status()).toBe(200);
  const { public_key: key } = (await created.json()) as { public_key: string };
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/test?key=${key}`);
  await visitor.getByRole("button", { name: "Chat" }).click();
  const chat = visitor.frameLocator("iframe[title]");
  await chat.getByRole("button", { name: "Хүргэлт хэд хоног вэ?" }).click();
  await expect(chat.getByText("Улаанбаатарт 24 цагт, орон нутагт 3-5 хоногт хүргэнэ.")).toBeVisible();
  await chat.getByRole("textbox").fill("Бас нэг асуулт байна");
  await chat.getByRole("textbox").press("Enter");
  await visitor.screenshot({ path: "e2e/screenshots/help-02-webchat-faq-answered.png" });

  // The inbox: unread badge, the conversation's details and the contact beside it.
  await page.goto("/interacts");
  const item = page.getByTestId("inbox-list").locator("[data-testid^=inbox-item-]").first();
  await expect(item.locator("[data-testid^=unread-]")).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
  await shot(page, "help-03-inbox-unread");
  await item.click();
  await expect(page.getByTestId("interaction-side-panel")).toBeVisible();
  await expect(page.getByTestId("thread-contact-link")).toHaveAttribute("href", /\/contacts\/\d+/);
  await expect(page.getByTestId("thread").getByText("Улаанбаатарт 24 цагт, орон нутагт 3-5 хоногт хүргэнэ.")).toBeVisible();
  await shot(page, "help-04-conversation-details");

  // Alerts are each person's own choice.
  await page.goto("/user");
  await expect(page.getByTestId("alert-sound")).toBeChecked();
  await shot(page, "help-05-profile-alerts");

  // Feedback from the account menu, with a thank-you.
  await page.getByTestId("user-menu").click();
  await page.getByTestId("open-feedback").click();
  await page.getByTestId("feedback-category").click();
  await page.getByRole("option", { name: "Техникийн асуудал" }).click();
  await page.getByTestId("feedback-details").fill("Харилцагчийн жагсаалтад огноо буруу харагдаж байсан.");
  await shot(page, "help-06-feedback-dialog");
  await page.getByTestId("feedback-send").click();
  await expect(page.getByTestId("feedback-thanks")).toBeVisible();
  await shot(page, "help-07-feedback-thanks");

  // The guide, from the menu.
  await page.goto("/interacts");
  await page.getByRole("link", { name: "Гарын авлага" }).click();
  await expect(page.getByTestId("guide-general")).toBeVisible();
  await page.getByTestId("guide-tab-interactions").click();
  await shot(page, "help-09-guide");

  // A long settings page keeps the sidebar's background to the bottom.
  await page.goto("/settings/web_chat/add");
  await shot(page, "help-08-settings-long-page");
});

test("the guided tour over the real screens (offered once, resumed, restarted), video and PDF guides, and unread counts on every page, in mn and en", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Saraa", last: "Admin", email: `tour-${suffix}@shop.mn`, company: `Tour ${suffix}`, agent: "Tour bot" });
  const created = await request.post("/api/webchat-channels", {
    headers: await csrfHeaders(request),
    data: { name: "Site chat", description: "Our website chat", domain: `tour-${suffix}.mn`, name_mn: "Туслах" },
  });
  expect(created.status()).toBe(200);
  const channel = (await created.json()) as { public_key: string; domain: string };
  const visitors = await browser.newContext();
  const customerWrites = async (text: string) => {
    const session = await visitors.request.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${channel.domain}` } });
    const { visitor_token: token } = (await session.json()) as { visitor_token: string };
    const sent = await visitors.request.post("/api/webchat/messages", { headers: { "x-visitor-token": token }, data: { client_id: `t-${Date.now()}`, text } });
    expect(sent.status()).toBe(200);
  };
  await customerWrites("Сайн байна уу, хүргэлт хэд хоног вэ?");

  // Unread counts away from the inbox: the tab's title counts, and a new conversation raises it live.
  await page.goto("/contacts");
  await expect(page).toHaveTitle(/^\(1\) /, { timeout: 20_000 });
  await customerWrites("Буцаалт яаж хийх вэ?");
  await expect(page).toHaveTitle(/^\(2\) /, { timeout: 20_000 });

  // Offered once after onboarding; it starts on the inbox and walks the real screens.
  await expect(page.getByTestId("tour-offer")).toBeVisible();
  await shot(page, "help-10-tour-offer-and-unread-title-mn");
  await page.getByTestId("tour-offer-start").click();
  await expect(page.getByTestId("tour-step-menu")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("tour-step-menu")).toContainText("Үндсэн цэс");
  await shot(page, "help-11-tour-menu-mn");
  const next = () => page.locator(".driver-popover-next-btn").click();
  await next();
  await expect(page.getByTestId("tour-step-inbox")).toBeVisible({ timeout: 20_000 });
  await next();
  await expect(page.getByTestId("tour-step-conversation")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/interacts\?id=\d+/);
  await shot(page, "help-12-tour-conversation-mn");
  await next();
  await expect(page.getByTestId("tour-step-composer")).toBeVisible({ timeout: 20_000 });
  await shot(page, "help-13-tour-composer-mn");
  // Closed half-way: the step is kept on the server, and the help menu resumes there (after a reload too).
  await page.locator(".driver-popover-close-btn").click();
  await expect(page.locator(".driver-popover")).toHaveCount(0);
  await expect.poll(async () => (await (await request.get("/api/me/tour")).json()) as unknown).toEqual({ status: "running", step: 3 });
  await page.reload();
  await expect(page.getByTestId("inbox-list")).toBeVisible();
  await expect(page.getByTestId("tour-offer")).toHaveCount(0);
  await page.getByTestId("help-menu").click();
  await expect(page.getByTestId("tour-resume")).toHaveText("Аяллыг үргэлжлүүлэх (4/8)");
  await page.getByTestId("tour-resume").click();
  await expect(page.getByTestId("tour-step-composer")).toBeVisible({ timeout: 20_000 });
  await next();
  await expect(page.getByTestId("tour-step-contacts")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole("button", { name: "Харилцагч нэмэх" })).toBeVisible();
  await page.waitForTimeout(600);
  await shot(page, "help-14-tour-contacts-mn");
  await next();
  await expect(page.getByTestId("tour-step-knowledge")).toBeVisible({ timeout: 20_000 });
  await next();
  await expect(page.getByTestId("tour-step-settings")).toBeVisible({ timeout: 20_000 });
  await next();
  await expect(page.getByTestId("tour-step-help")).toBeVisible({ timeout: 20_000 });
  await shot(page, "help-15-tour-help-mn");
  await next();
  await expect(page.locator(".driver-popover")).toHaveCount(0);
  await expect.poll(async () => (await (await request.get("/api/me/tour")).json()) as unknown).toEqual({ status: "finished", step: 7 });

  // English: restart from the help menu; the inbox shows its unread badge (the tour opened, so read, the other).
  await context.addCookies([{ name: "chosenLocale", value: "en", url: `${new URL(page.url()).origin}/` }]);
  await page.goto("/interacts");
  await expect(page.locator("[data-testid^=unread-]")).toHaveCount(1);
  await expect(page).toHaveTitle(/^\(1\) /);
  await shot(page, "help-16-inbox-unread-en");
  await page.getByTestId("help-menu").click();
  await expect(page.getByTestId("tour-resume")).toHaveCount(0);
  await page.getByTestId("tour-start").click();
  await expect(page.getByTestId("tour-step-menu")).toContainText("The main menu", { timeout: 20_000 });
  await next();
  await expect(page.getByTestId("tour-step-inbox")).toContainText("Conversations", { timeout: 20_000 });
  await page.waitForTimeout(600);
  await shot(page, "help-17-tour-inbox-en");
  await page.keyboard.press("Escape");
  await expect(page.locator(".driver-popover")).toHaveCount(0);

  // The video and PDF guides, served by the app, in the reader's language.
  for (const lang of ["en", "mn"] as const) {
    await context.addCookies([{ name: "chosenLocale", value: lang, url: `${new URL(page.url()).origin}/` }]);
    await page.goto("/guide");
    await page.getByTestId("guide-tab-video").click();
    const video = page.getByTestId("guide-video-tour");
    await expect(video).toHaveAttribute("src", `/guides/tour-${lang}.webm`);
    // The browser read the recording's header: it is served and playable.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 20_000 }).toBeGreaterThan(5);
    await expect
      .poll(() => page.getByTestId("guide-video-answer").evaluate((element: HTMLVideoElement) => element.duration), { timeout: 20_000 })
      .toBeGreaterThan(5);
    await shot(page, `help-18-guide-video-${lang}`);
    await page.getByTestId("guide-tab-pdf").click();
    await expect(page.getByTestId("guide-pdf-download")).toHaveAttribute("href", `/guides/holboo-guide-${lang}.pdf`);
    const pdf = await request.get(`/guides/holboo-guide-${lang}.pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await page.waitForTimeout(1500);
    await shot(page, `help-19-guide-pdf-${lang}`);
  }
  await visitors.close();
});

for (const lang of ["mn", "en"] as const) {
  test(`on a 390 px phone the tour offer is one slim bar that leaves the page and the menu button usable (${lang})`, async ({ browser }) => {
    const suffix = `${Date.now().toString(36)}-${lang}`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await newCompany(context.request, { first: "Phone", last: "Admin", email: `phone-${suffix}@shop.mn`, company: `Phone ${suffix}`, agent: "Туслах" });
    await page.goto("/interacts");
    if (lang === "en") {
      await context.addCookies([{ name: "chosenLocale", value: "en", url: page.url() }]);
      await page.reload();
    }
    const offer = page.getByTestId("tour-offer");
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(lang === "mn" ? "8 алхамт танилцах аялал" : "8-step tour");
    const box = await offer.boundingBox();
    // At most a seventh of the screen (the card it replaces took 45%), at the bottom, away from the header's menu button.
    expect(box?.height).toBeLessThan(844 / 7);
    expect(box?.y).toBeGreaterThan(844 / 2);
    await page.screenshot({ path: shotPath(`help-20-tour-offer-phone-${lang}`), animations: "disabled" });
    const burger = page.getByRole("button", { name: lang === "mn" ? "Цэс" : "Menu", exact: true });
    await burger.click();
    await expect(page.getByTestId("nav-contacts")).toBeVisible();
    await page.getByTestId("nav-contacts").click();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.getByTestId("tour-later").click();
    await expect(offer).toHaveCount(0);
    await context.close();
  });
}

test("the menu column's white runs the whole height of a page longer than the screen", async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  await newCompany(context.request, { first: "Long", last: "Admin", email: `column-${suffix}@shop.mn`, company: `Column ${suffix}`, agent: "Туслах" });
  await page.goto("/settings/interaction_tag");
  await expect(page.getByTestId("settings-sidebar")).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(1000);
  const png = await page.screenshot({ fullPage: true, animations: "disabled" });
  await page.screenshot({ path: shotPath("help-21-settings-full-page-mn"), fullPage: true, animations: "disabled" });
  // The full page's pixels, read back in the browser: under the menu, near the page's bottom, is the menu's white.
  const pixel = await page.evaluate(
    async ({ data, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const drawing = canvas.getContext("2d") as CanvasRenderingContext2D;
      drawing.drawImage(image, 0, 0);
      return Array.from(drawing.getImageData(120, y, 1, 1).data.slice(0, 3));
    },
    { data: png.toString("base64"), y: height - 20 },
  );
  expect(pixel).toEqual([255, 255, 255]);
  await context.close();
});
