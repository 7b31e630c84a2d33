import { newCompany, shot } from "./support.ts";
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
