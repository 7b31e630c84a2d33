import { shot } from "./support.ts";
import { expect, test } from "@playwright/test";

const suffix = Date.now().toString(36);

test("a new user signs up, onboards, invites a colleague who sees only what the guest role allows, in Mongolian and English", async ({ browser }) => {
  const owner = await browser.newPage();
  await owner.goto("/");
  await expect(owner.getByRole("heading", { name: "Бүх харилцагчаа нэг дороос" })).toBeVisible();
  await shot(owner, "01-landing");

  await owner.getByRole("link", { name: "Үнэгүй бүртгүүлэх" }).click();
  await owner.getByLabel("Нэр", { exact: true }).fill("Bold");
  await owner.getByLabel("Овог").fill("Bat");
  await owner.getByLabel("И-мэйл").fill(`owner-${suffix}@nomin.mn`);
  await owner.getByLabel("Нууц үг").fill("correct-horse-42");
  await shot(owner, "02-signup");
  await owner.getByRole("button", { name: "Бүртгүүлэх" }).last().click();

  await expect(owner).toHaveURL(/\/onboarding$/);
  await expect(owner.getByRole("heading", { name: "Holboo-д тавтай морил!" })).toBeVisible();
  const next = owner.getByTestId("onboarding-next");
  await next.click();
  await owner.getByLabel("Байгууллагын нэр").fill("Abc");
  await next.click();
  await expect(owner.getByText("3-аас дээш тэмдэгт оруулна уу.")).toBeVisible();
  await owner.getByLabel("Байгууллагын нэр").fill(`Nomin ${suffix}`);
  await next.click();
  await owner.getByLabel("Худалдаа").check();
  await next.click();
  await owner.getByLabel("11-50").check();
  await next.click();
  await owner.getByLabel("Туслахын нэр").fill("Nomin helper");
  await shot(owner, "03-onboarding-agent");
  await next.click();
  await next.click();
  await expect(owner.getByRole("heading", { name: "Бэлэн боллоо!" })).toBeVisible();
  await shot(owner, "04-onboarding-done");
  await owner.getByRole("button", { name: "Харилцаа руу орох" }).click();
  await expect(owner).toHaveURL(/\/interacts$/);
  // A new inbox is calmly empty, not an error.
  await expect(owner.getByText("Энд харилцаа алга.", { exact: false })).toBeVisible();
  await expect(owner.getByText("Мэдээлэл олдсонгүй!")).toHaveCount(0);
  await shot(owner, "05-inbox-empty");

  await owner.getByTestId("nav-settings").click();
  await expect(owner).toHaveURL(/\/settings\/our_company$/);
  await expect(owner.getByLabel("Нэр", { exact: true })).toHaveValue(`Nomin ${suffix}`);
  await shot(owner, "06-settings-company");
  await owner.getByTestId("settings-user").click();
  await owner.getByTestId("invite-user").click();
  const colleagueEmail = `guest-${suffix}@nomin.mn`;
  const dialog = owner.getByRole("dialog");
  await dialog.getByLabel("Нэр", { exact: true }).fill("Saraa");
  await dialog.getByLabel("Овог").fill("Dorj");
  await dialog.getByLabel("И-мэйл").fill(colleagueEmail);
  await dialog.getByRole("combobox", { name: "Эрх" }).click();
  await owner.getByRole("option", { name: "Зочин" }).click();
  await shot(owner, "07-invite");
  await dialog.getByRole("button", { name: "Урилга илгээх" }).click();
  // No SMTP here: the link is shown once, to the inviting admin, to hand over; the outbox only says it was withheld.
  const shown = owner.getByRole("dialog", { name: "Урилгын холбоос" });
  const link = await shown.getByTestId("invitation-link").textContent();
  expect(link).toContain("token=");
  await shot(owner, "08-invitation-link");
  await shown.getByRole("button", { name: "Болсон" }).click();
  await expect(owner.getByTestId(`user-row-${colleagueEmail}`)).toBeVisible();
  await shot(owner, "08-users");

  await owner.getByTestId("outbox-tab").click();
  await owner.getByTestId(`outbox-${colleagueEmail}`).click();
  await expect(owner.getByTestId("outbox-secret")).toBeVisible();
  await expect(owner.getByTestId("outbox-link")).toHaveCount(0);
  await expect(owner.getByRole("dialog")).not.toContainText("token=");
  await shot(owner, "09-outbox");

  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link ?? "");
  await expect(colleague.getByRole("dialog", { name: "Нууц үгээ тохируулна уу" })).toBeVisible();
  expect(colleague.url()).not.toContain("token=");
  await colleague.getByRole("dialog").locator("input[type=password]").fill("guest-password-9");
  await colleague.getByRole("button", { name: "Хадгалах" }).click();
  await expect(colleague.getByRole("dialog")).toBeHidden();
  await expect(colleague.getByTestId("nav-interactionsOpen")).toBeVisible();
  await expect(colleague.getByTestId("nav-settings")).toHaveCount(0);
  await shot(colleague, "10-guest-inbox");

  await colleague.goto("/settings/user");
  await expect(colleague.getByTestId("forbidden")).toContainText("Админд хандана уу");
  const forbidden = await colleague.request.get("/api/users");
  expect(forbidden.status()).toBe(403);
  const invite = await colleague.request.post("/api/users/invite", {
    data: { first_name: "Hacker", last_name: "Guest", email: `x-${suffix}@nomin.mn`, role: "admin" },
  });
  expect(invite.status()).toBe(403);
  await shot(colleague, "11-guest-forbidden");

  await colleague.goto("/interacts");
  await colleague.getByTestId("language-selector").click();
  await colleague.getByRole("option", { name: "English" }).click();
  await expect(colleague.getByRole("heading", { name: "Interactions" })).toBeVisible();
  await expect(colleague.getByTestId("nav-interactionsOpen")).toContainText("Interactions (open)");
  const text = (await colleague.locator("body").innerText()).replace(/Saraa|Dorj|Nomin \w+/g, "");
  expect(text).not.toMatch(/[а-яөүё]/i);
  await shot(colleague, "12-guest-english");
  const cookies = await colleagueContext.cookies();
  expect(cookies.find((c) => c.name === "chosenLocale")?.value).toBe("en");
  await colleagueContext.close();
});

test("an unknown page shows the error screen with a way back", async ({ page }) => {
  await page.goto("/");
  await page.goto("/no-such-page-anywhere");
  await expect(page).toHaveURL(/\/pub\/login|no-such-page/);
});
