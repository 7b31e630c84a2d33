import { csrfHeaders, newCompany, shot } from "./support.ts";
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
