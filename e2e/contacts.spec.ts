import { csrfHeaders, newCompany, shot } from "./support.ts";
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";

test("an admin imports contacts with one bad row and downloads the report, opens and edits a contact, then merges two", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const request = page.context().request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `contacts-${suffix}@shop.mn`, company: `Contacts ${suffix}`, agent: "Shop bot" });

  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Харилцагч" })).toBeVisible();
  await page.getByTestId("import-contacts").click();
  const csv = [
    "first_name,last_name,email,phone,city",
    "Болд,Дорж,bold@shop.mn,99112233,Улаанбаатар",
    "Сараа,Бат,sarah-at-shop,,Дархан",
    "Болд,,,+976 8811 4455,Эрдэнэт",
  ].join("\n");
  await page.getByTestId("import-file").click();
  await page.locator("input[type=file]").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByTestId("import-next").click();
  // The header names the fields, so the mapping step has them chosen already.
  await expect(page.getByRole("dialog").locator("input[value=first_name]")).toHaveCount(1);
  await shot(page, "40-contacts-import-mapping");
  await page.getByTestId("import-preview").click();
  await expect(page.getByTestId("import-summary")).toHaveText("3 мөр: 2 зөв, 1 алдаатай");
  await expect(page.getByTestId("import-errors")).toContainText("И-мэйл буруу байна.");
  await shot(page, "41-contacts-import-preview");
  await page.getByTestId("import-commit").click();
  await expect(page.getByTestId("import-done")).toHaveText("2 харилцагч импортлогдлоо");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-report").click()]);
  const report = readFileSync(await download.path(), "utf8");
  expect(report).toContain("Сараа,Бат,sarah-at-shop");
  expect(report).toContain("И-мэйл буруу байна.");
  await shot(page, "42-contacts-import-done");
  await page.getByRole("button", { name: "Хаах" }).click();

  const table = page.getByTestId("contacts-table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await shot(page, "43-contacts-list");
  await table.getByText("+97699112233").click();
  await expect(page.getByTestId("contact-name")).toHaveText("Дорж Болд");
  await page.getByTestId("edit-contact").click();
  await page.getByLabel("Мэргэжил").fill("Нягтлан");
  await page.getByLabel("Тэмдэглэл").fill("Өглөө залгах");
  await page.getByTestId("save-contact").click();
  await expect(page.getByText("Нягтлан")).toBeVisible();
  await shot(page, "44-contact-detail");

  await page.getByTestId("merge-contact").click();
  await page.getByTestId("merge-pick").click();
  await page.getByTestId("merge-pick").fill("8811");
  await page.getByRole("option", { name: /97688114455/ }).click();
  await page.getByTestId("merge-submit").click();
  await expect(page.getByText("Харилцагчид нэгтгэгдлээ")).toBeVisible();
  await expect(page.getByText("+97688114455")).toBeVisible();
  await expect(page.getByText("Эрдэнэт")).toHaveCount(0);
  await shot(page, "45-contact-merged");
  await page.getByRole("link", { name: "Бүх харилцагч" }).click();
  await expect(page.getByTestId("contacts-table").getByRole("row")).toHaveCount(2);
});

test("the list's page, search and filters are in the address: Back from a contact on page 3 returns to page 3; the export speaks the person's language", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const request = page.context().request;
  await newCompany(request, { first: "Pager", last: "Admin", email: `pages-${suffix}@shop.mn`, company: `Pages ${suffix}`, agent: "Shop bot" });
  const headers = await csrfHeaders(request);
  for (let i = 0; i < 45; i++) {
    const created = await request.post("/api/contacts", {
      headers,
      data: { first_name: `Харилцагч ${String(i).padStart(2, "0")}`, phone: `+9769900${String(1000 + i)}` },
    });
    expect(created.status()).toBe(200);
  }
  await page.goto("/contacts");
  await expect(page.getByTestId("contacts-table").getByRole("row")).toHaveCount(21);
  await page.getByRole("button", { name: "3-р хуудас" }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  const rows = page.getByTestId("contacts-table").getByRole("row");
  await expect(rows).toHaveCount(6);
  const first = (await rows.nth(1).getByRole("link").textContent()) ?? "";
  await rows.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await expect(rows.nth(1).getByRole("link")).toHaveText(first);
  await shot(page, "47-contacts-page-3-after-back-mn");
  await page.context().addCookies([{ name: "chosenLocale", value: "en", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  await expect(rows.nth(1).getByRole("link")).toHaveText(first);
  await shot(page, "47-contacts-page-3-after-back-en");
  await page.context().addCookies([{ name: "chosenLocale", value: "mn", url: page.url() }]);
  await page.reload();

  // A search is kept too, and a new search starts again at page 1.
  await page.getByLabel("Нэр, и-мэйл, утсаар хайх").fill("Харилцагч 4");
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(rows).toHaveCount(6);
  await rows.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await page.goBack();
  await expect(page.getByLabel("Нэр, и-мэйл, утсаар хайх")).toHaveValue("Харилцагч 4");
  await expect(rows).toHaveCount(6);

  // A date range is in the address as well: days of 2020 hold none of today's contacts, the last 7 days all of them.
  await page.goto("/contacts?from=2020-01-01&to=2020-01-31");
  await expect(page.getByTestId("contacts-table")).toHaveCount(0);
  await expect(page.getByText("Нийт 0 харилцагч")).toBeVisible();
  await page.goto("/contacts?range=7_day&page=2");
  await expect(rows).toHaveCount(21);
  await expect(page.getByText("Нийт 45 харилцагч")).toBeVisible();

  // The export's header is in Mongolian and its phones are written to show as typed in a spreadsheet.
  const csv = (await (await request.get("/api/contacts/export?format=csv")).body()).toString("utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^\uFEFFНэр,Овог,И-мэйл,Нэмэлт и-мэйл,Утас,/);
  expect(csv).toContain(`"=""+97699001000"""`);
});
