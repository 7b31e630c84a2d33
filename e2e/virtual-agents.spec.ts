import { expect, test } from "@playwright/test";
import { csrfHeaders, newCompany, shot } from "./support.ts";

/** A 1×1 PNG: the agent's photo. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5fb5ec30000000049454e44ae426082",
  "hex",
);

test("an admin adds an additional agent with a photo, a channel and a folder, edits it and deletes it transferring its knowledge; the primary stays", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Agent", last: "Admin", email: `agents-${suffix}@shop.mn`, company: `Agents ${suffix}`, agent: "Үндсэн туслах" });
  const headers = await csrfHeaders(request);
  const channel = await request.post("/api/webchat-channels", {
    headers,
    data: {
      name: "Сайтын чат",
      description: "Манай сайт",
      domain: `agents-${suffix}.mn`,
      name_mn: "Туслах",
      name_en: "Helper",
      greeting_mn: "Сайн байна уу!",
      greeting_en: "Hello!",
    },
  });
  expect(channel.status()).toBe(200);
  await request.post("/api/knowledge/folders", { headers, data: { name: "Хүргэлт" } });

  // The settings menu leads to the agents; the onboarding's primary agent is there and cannot be deleted.
  await page.goto("/settings/our_company");
  await page.getByRole("link", { name: "Виртуал туслах" }).first().click();
  await expect(page).toHaveURL(/\/settings\/virtualagents$/);
  const primaryRow = page.getByTestId("agents-table").getByRole("row").filter({ hasText: "Үндсэн туслах" });
  await expect(primaryRow.getByText("Үндсэн", { exact: true })).toBeVisible();
  await expect(primaryRow.getByRole("button", { name: "Устгах" })).toBeDisabled();
  const primaryId = ((await (await request.get("/api/virtual-agents")).json()) as { items: Array<{ id: number }> }).items[0]?.id;
  const refused = await request.delete(`/api/virtual-agents/${primaryId}`, { headers, data: { transfer_to: null } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("primary_bot_cannot_be_removed");

  // Add an additional agent: photo, name, the web chat (started) and the folder.
  await page.getByTestId("add-agent").click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("input[type=file]").setInputFiles({ name: "saraa.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByTestId("agent-name").fill("Сараа");
  await dialog.getByRole("checkbox", { name: "Сайтын чат" }).check();
  await expect(dialog.getByRole("switch", { name: "Эхэлсэн" })).toBeChecked();
  await dialog.getByTestId("agent-folders").click();
  await page.getByRole("option", { name: "Хүргэлт" }).click();
  await dialog.getByRole("heading").click();
  await shot(page, "agents-01-add-mn");
  await dialog.getByTestId("agent-save").click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("agents-table").getByRole("row").filter({ hasText: "Сараа" });
  await expect(row.getByText("Нэмэлт", { exact: true })).toBeVisible();
  await expect(row.getByText("Сайтын чат")).toBeVisible();
  await expect(row.getByText("Хүргэлт")).toBeVisible();
  await expect(row.locator("img")).toHaveAttribute("src", /\/api\/files\//);

  // Knowledge and a flow of its own, made elsewhere, show in its row.
  const agents = (await (await request.get("/api/virtual-agents")).json()) as { items: Array<{ id: number; name: string }> };
  const saraa = agents.items.find((a) => a.name === "Сараа");
  expect(saraa).toBeDefined();
  await request.post("/api/knowledge/folders", { headers, data: { name: "Буцаалт", agent_ids: [saraa?.id] } });
  await request.post("/api/flows", { headers, data: { title: "Захиалгын төлөв", agent_id: saraa?.id } });
  await page.reload();
  await expect(row.getByRole("link", { name: "Захиалгын төлөв" })).toBeVisible();
  await expect(row.getByText("Буцаалт")).toBeVisible();
  await shot(page, "agents-02-list-mn");

  // Edit: a new name, and the web chat ended (still assigned, people answer first).
  await row.getByRole("button", { name: "Туслах засах" }).click();
  await dialog.getByTestId("agent-name").fill("Сараа Бат");
  await dialog.getByRole("switch", { name: "Эхэлсэн" }).uncheck({ force: true });
  await dialog.getByTestId("agent-save").click();
  await expect(dialog).toBeHidden();
  const edited = page.getByTestId("agents-table").getByRole("row").filter({ hasText: "Сараа Бат" });
  await expect(edited).toBeVisible();

  // Delete, handing its knowledge to the primary agent: its flow goes, its folders stay in use.
  await edited.getByRole("button", { name: "Устгах" }).click();
  await expect(dialog.getByText("Түүний 1 урсгал устана.")).toBeVisible();
  await expect(dialog.getByTestId("agent-transfer")).toHaveValue("Үндсэн туслах");
  await shot(page, "agents-03-delete-mn");
  await dialog.getByTestId("agent-delete-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("agents-table").getByText("Сараа Бат")).toHaveCount(0);
  await expect(primaryRow.getByText("Буцаалт")).toBeVisible();
  await expect(primaryRow.getByText("Хүргэлт")).toBeVisible();
  const flows = (await (await request.get("/api/flows")).json()) as { items: unknown[] };
  expect(flows.items).toEqual([]);

  // The same screens in English.
  await page.getByTestId("language-selector").click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Virtual agents" })).toBeVisible();
  await expect(primaryRow.getByText("Primary", { exact: true })).toBeVisible();
  await shot(page, "agents-04-list-en");
  await page.getByTestId("add-agent").click();
  await expect(dialog.getByText("Social agent")).toBeVisible();
  await shot(page, "agents-05-add-en");
  const text = (await dialog.innerText()).replace(/Сайтын чат|Хүргэлт|Буцаалт|Үндсэн туслах/g, "");
  expect(text).not.toMatch(/[а-яөүё]/i);
  await context.close();
});
