import { csrfHeaders, newCompany, shot, shotPath } from "./support.ts";
import { expect, test } from "@playwright/test";

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
