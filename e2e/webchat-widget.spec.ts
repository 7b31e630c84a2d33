import { csrfHeaders, newCompany, shotPath } from "./support.ts";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { readFile } from "node:fs/promises";

async function staff(request: APIRequestContext, suffix: string) {
  await newCompany(request, { first: "Agent", last: "Bold", email: `agent-${suffix}@shop.mn`, company: `Shop ${suffix}`, agent: "Shop bot" });
  const headers = await csrfHeaders(request);
  const channel = (await (
    await request.post("/api/webchat-channels", {
      headers,
      data: {
        name: "Site chat",
        description: "Our website",
        domain: `shop-${suffix}.mn`,
        name_mn: "Дэлгүүрийн туслах",
        greeting_mn: "Сайн байна уу! Юугаар туслах вэ?",
        brand_color: "#0CA678",
        faq: [{ question_mn: "Хүргэлт хэд хоног вэ?" }],
      },
    })
  ).json()) as { public_key: string };
  return { headers, channel };
}

test("a visitor chats through the embedded widget and sees the agent's reply and read receipt live", async ({ browser, playwright }) => {
  const suffix = Date.now().toString(36);
  const agent = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { headers, channel } = await staff(agent, suffix);

  const page = await browser.newPage();
  await page.goto(`/webchat/test?key=${channel.public_key}`);
  await page.getByRole("button", { name: "Chat" }).click();
  const chat = page.frameLocator("iframe[title]");
  await expect(chat.getByText("Сайн байна уу! Юугаар туслах вэ?")).toBeVisible();
  await expect(chat.getByRole("button", { name: "Хүргэлт хэд хоног вэ?" })).toBeVisible();
  await page.screenshot({ path: shotPath("20-widget-greeting") });

  await chat.getByRole("textbox").fill("Сайн байна уу :)");
  await chat.getByRole("textbox").press("Enter");
  await expect(chat.getByText("Сайн байна уу 🙂")).toBeVisible();
  await expect(chat.locator('.row.you[data-status="sent"]')).toHaveCount(1);

  const list = (await (await agent.get("/api/interactions")).json()) as { items: Array<{ id: number; last_seq: number }> };
  const interaction = list.items[0];
  expect(interaction).toBeTruthy();
  await agent.post(`/api/interactions/${interaction?.id}/messages`, { headers, data: { client_id: `reply-${suffix}`, text: "Сайн байна уу! <b>Туслая</b>" } });
  await expect(chat.getByText("Сайн байна уу! <b>Туслая</b>")).toBeVisible();
  await agent.post(`/api/interactions/${interaction?.id}/seen`, { headers, data: { up_to_seq: 10 } });
  await expect(chat.locator('.row.you[data-status="seen"]')).toHaveCount(1);

  const upload = (await (
    await agent.post("/api/attachments", {
      headers,
      multipart: { file: { name: "үнийн-санал.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 quote") } },
    })
  ).json()) as { file_id: string };
  await agent.post(`/api/interactions/${interaction?.id}/messages`, { headers, data: { client_id: `file-${suffix}`, attachment_ids: [upload.file_id] } });
  const file = chat.getByRole("button", { name: "📎 үнийн-санал.pdf" });
  await expect(file).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(download.suggestedFilename()).toBe("үнийн-санал.pdf");
  expect((await readFile(await download.path())).toString()).toBe("%PDF-1.4 quote");
  await page.screenshot({ path: shotPath("21-widget-conversation") });
  await agent.dispose();
});
