import { csrfHeaders, docx, importDocx, newCompany, shot, shotPath } from "./support.ts";
import { expect, test } from "@playwright/test";
import { HeadingLevel, Paragraph } from "docx";

/** A .docx with headings and a list. */
const returnsPolicy = () =>
  docx([
    new Paragraph({ text: "Бараа буцаах хугацаа хэд вэ?", heading: HeadingLevel.HEADING_1 }),
    new Paragraph("Худалдан авснаас хойш 14 хоногийн дотор буцаана."),
    new Paragraph({ text: "Мөнгө буцаалт", heading: HeadingLevel.HEADING_2 }),
    new Paragraph({ text: "Картаар төлсөн бол картад", bullet: { level: 0 } }),
    new Paragraph({ text: "Бэлнээр төлсөн бол салбар дээр", bullet: { level: 0 } }),
  ]);

test("an admin builds the knowledge base: folder, written article, imported .docx, publishing, Q&A pairs and filters", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `kb-${suffix}@shop.mn`, company: `KB ${suffix}`, agent: "Shop bot" });

  // A folder from the tree page; it goes to the primary agent by default.
  await page.goto("/interacts");
  await page.getByRole("link", { name: "Мэдлэгийн сан" }).click();
  await expect(page).toHaveURL(/\/knowledge$/);
  await page.getByTestId("add-folder").click();
  await page
    .getByRole("dialog")
    .getByRole("textbox", { name: /Хавтасны нэр/ })
    .fill("Хүргэлт");
  await page.getByRole("dialog").getByRole("button", { name: "Хадгалах" }).click();
  await page.getByTestId("folder-Хүргэлт").getByText("Хүргэлт", { exact: true }).click();
  await expect(page).toHaveURL(/folder=\d+/);

  // A written article: heading, text and a figure with its caption.
  await page.getByTestId("new-article").click();
  await expect(page).toHaveURL(/\/knowledge\/createNew\?folder=\d+/);
  await page.getByRole("textbox", { name: /^Нэр/ }).fill("Хүргэлтийн нөхцөл");
  const editor = page.getByTestId("article-editor");
  await editor.click();
  await page.getByRole("button", { name: "Гарчиг", exact: true }).click();
  await page.keyboard.type("Хүргэлт хэдэн хоног вэ?");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Улаанбаатар хотод 24 цагийн дотор, орон нутагт 3-5 хоногт хүргэнэ.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Тайлбартай зураг/блок" }).click();
  await page.keyboard.type("Төв бүс 5000₮, захын бүс 8000₮.");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.type("Хүргэлтийн бүсийн үнэ");
  await expect(editor.locator("figure > p")).toHaveText("Төв бүс 5000₮, захын бүс 8000₮.");
  await expect(editor.locator("figure figcaption")).toHaveText("Хүргэлтийн бүсийн үнэ");
  await expect(editor.locator("h2")).toHaveText("Хүргэлт хэдэн хоног вэ?");
  await page.getByTestId("save-article").click();
  await expect(page).toHaveURL(/\/knowledge\/\d+$/);
  await expect(page.getByText("Ноорог", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Гараар", { exact: true })).toBeVisible();
  await expect(page.getByText(/Сүүлд шинэчилсэн: .* · Nomin Admin/)).toBeVisible();
  await page.getByTestId("publish-article").click();
  await expect(page.getByText("Нийтлэгдсэн", { exact: true }).first()).toBeVisible();
  await shot(page, "40-knowledge-article-editor");

  // Import a .docx into the folder: it opens as a draft with its structure, then is published.
  await page.getByRole("link", { name: "Мэдлэгийн сан руу буцах" }).click();
  await page.getByTestId("folder-Хүргэлт").getByText("Хүргэлт", { exact: true }).click();
  await importDocx(page, "Буцаалт.docx", returnsPolicy());
  await expect(page).toHaveURL(/\/knowledge\/\d+$/);
  await expect(page.getByText("DOCX", { exact: true })).toBeVisible();
  await expect(page.getByText("Ноорог", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("article-editor").locator("h1")).toHaveText("Бараа буцаах хугацаа хэд вэ?");
  await expect(page.getByTestId("article-editor").locator("ul li")).toHaveCount(2);
  await page.getByTestId("publish-article").click();
  await expect(page.getByText("Нийтлэгдсэн", { exact: true }).first()).toBeVisible();

  await page.getByRole("link", { name: "Мэдлэгийн сан руу буцах" }).click();
  await expect(page.getByRole("link", { name: "Хүргэлтийн нөхцөл" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Буцаалт" })).toBeVisible();
  await shot(page, "41-knowledge-tree-and-articles");

  // A Q&A pair written by hand, then the filters.
  await page.getByRole("tab", { name: "Асуулт хариулт" }).click();
  await expect(page).toHaveURL(/\/knowledge\/qa/);
  await page.getByTestId("add-qa").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Асуулт/ }).fill("Та хэдэн цагаас ажилладаг вэ?");
  await dialog.getByRole("textbox", { name: /Өөрөөр асуух/ }).fill("ta heden tsagaas ajilladag ve\nажлын цаг");
  await dialog.getByRole("textbox", { name: /^Хариулт/ }).fill("Бид өдөр бүр 09:00-21:00 цагт ажилладаг.");
  await dialog.getByRole("button", { name: "Хадгалах" }).click();
  await expect(page.getByTestId("qa-row")).toHaveCount(1);
  await expect(page.getByTestId("qa-row")).toContainText("ta heden tsagaas ajilladag ve");

  await page.getByRole("tab", { name: "Автоматаар үүссэн" }).click();
  await expect(page.getByText("Бараа буцаах хугацаа хэд вэ?")).toBeVisible();
  await expect(page.getByText("Хүргэлт хэдэн хоног вэ?")).toBeVisible();
  const autoRows = page.getByTestId("qa-row");
  const count = await autoRows.count();
  expect(count).toBeGreaterThanOrEqual(3);
  // Deactivate all generated pairs in bulk, then one back on.
  await page.getByRole("columnheader").getByRole("checkbox").check();
  await page.getByTestId("qa-bulk").getByRole("button", { name: "Идэвхгүй болгох" }).click();
  await expect(page.getByRole("switch", { checked: true })).toHaveCount(0);
  await autoRows.first().getByRole("switch").click({ force: true });
  await expect(page.getByRole("switch", { checked: true })).toHaveCount(1);
  await shot(page, "42-knowledge-qa-auto");

  for (const filter of ["Мэдлэгийн санд олдоогүй", "Мэдлэгийн сангаас хариулсан", "Мэдлэгийн санд хамааралгүй"]) {
    await page.getByRole("tab", { name: filter }).click();
    await expect(page.getByText("Одоогоор хоосон байна.")).toBeVisible();
  }
  await page.getByRole("tab", { name: "Гараар зассан" }).click();
  await expect(page.getByTestId("qa-row")).toHaveCount(1);
  await shot(page, "43-knowledge-qa-manual");
  await context.close();
});

test("a long article's warning is at the top of its page, not under thousands of pixels of editor", async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Long", last: "Writer", email: `long-${suffix}@shop.mn`, company: `Long ${suffix}`, agent: "Туслах" });
  const headers = await csrfHeaders(request);
  const folder = (await (await request.post("/api/knowledge/folders", { headers, data: { name: "Журам" } })).json()) as { id: number };
  const paragraph = (n: number) => ({
    type: "paragraph",
    content: [
      { type: "text", text: `${n}. Бараа буцаах, солих, хүргэлтийн нөхцөлийн дэлгэрэнгүй тайлбар: худалдан авснаас хойш 14 хоногийн дотор баримттай ирнэ. ` },
    ],
  });
  const content = { type: "doc", content: Array.from({ length: 240 }, (_, i) => paragraph(i + 1)) };
  const article = await request.post("/api/knowledge/articles", { headers, data: { folder_id: folder.id, name: "Урт журам", content } });
  expect(article.status()).toBe(200);
  const { id } = (await article.json()) as { id: number };

  for (const lang of ["mn", "en"] as const) {
    if (lang === "en") await context.addCookies([{ name: "chosenLocale", value: "en", url: page.url() }]);
    await page.goto(`/knowledge/${id}`);
    const warning = page.getByTestId("article-too-long");
    await expect(warning).toBeVisible();
    // In the first screen, above the editor that runs thousands of pixels down.
    await expect(warning).toBeInViewport();
    const editor = await page.locator(".ProseMirror").boundingBox();
    expect(editor?.height).toBeGreaterThan(3000);
    expect((await warning.boundingBox())?.y).toBeLessThan(editor?.y ?? 0);
    await page.screenshot({ path: shotPath(`33-article-too-long-${lang}`), animations: "disabled" });
  }
  await context.close();
});
