import { expect, test } from "@playwright/test";
import { startFakeViber } from "../apps/server/test/fake-viber.ts";
import { newCompany, shot } from "./support.ts";

test("an admin connects a Viber bot in settings; a customer writes on Viber, a person replies and the reply reaches Viber", async ({ browser }) => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3100);
  const viber = await startFakeViber({ port: port + 1 });
  try {
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    await newCompany(context.request, { first: "Saraa", last: "Admin", email: `social-${suffix}@shop.mn`, company: `Social ${suffix}`, agent: "Shop bot" });
    const bot = viber.addBot("Holboo Shop");

    await page.goto("/settings/social");
    await page.getByTestId("connect-viber").click();
    await page.getByTestId("viber-token").fill("wrong-token");
    await page.getByTestId("viber-connect-submit").click();
    await expect(page.getByText("Viber ботын токен буруу байна", { exact: false })).toBeVisible();
    await page.getByTestId("viber-token").fill(bot.token);
    await page.getByTestId("viber-connect-submit").click();
    await expect(page.getByTestId("social-channel-viber")).toBeVisible();
    await shot(page, "60-social-settings");
    expect(bot.webhook).toContain("/webhooks/viber/");

    const customerId = "e2e-customer==";
    const said = await viber.callback(bot, {
      event: "message",
      message_token: Date.now(),
      sender: { id: customerId, name: "Болд Бат", language: "mn" },
      message: { type: "text", text: "Viber-ээс асууя: хүргэлт хэзээ вэ?" },
    });
    expect(said.status).toBe(200);
    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("Viber-ээс асууя: хүргэлт хэзээ вэ?").click();
    await expect(page.getByTestId("channel-icon-viber").first()).toBeVisible();
    await page.getByTestId("composer").fill("Маргааш хүргэнэ.");
    await page.getByTestId("send").click();
    await expect.poll(() => viber.sent.some((m) => m.body.receiver === customerId && m.body.text === "Маргааш хүргэнэ.")).toBe(true);
    await shot(page, "61-viber-conversation");
    expect(viber.violations).toEqual([]);
  } finally {
    await viber.close();
  }
});
