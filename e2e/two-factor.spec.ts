import { expect, test, type Page } from "@playwright/test";
import { totpCode } from "../apps/server/src/platform/auth/totp.ts";
import { csrfHeaders, newCompany, shot } from "./support.ts";

const PASSWORD = "correct-horse-42";

async function logOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/interacts") && !url.pathname.startsWith("/user"));
}

async function passwordStep(page: Page, email: string) {
  await page.goto("/pub/login");
  await page.getByLabel("И-мэйл").fill(email);
  await page.getByLabel("Нууц үг").fill(PASSWORD);
  await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
  await expect(page.getByTestId("login-code")).toBeVisible();
}

test("two-step verification: set up on the profile, then sign in with a code and with a recovery code", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = `twofactor-${suffix}@shop.mn`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await newCompany(context.request, { first: "Номин", last: "Бат", email, company: `Хоёр шат ${suffix}`, agent: "Туслах" });

  // Enrolment: a QR code and the secret in text, confirmed with a first code.
  await page.goto("/user");
  await expect(page.getByTestId("two-factor-badge")).toHaveText("Идэвхгүй");
  await page.getByTestId("two-factor-enable").click();
  await page.getByTestId("two-factor-start").click();
  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").getAttribute("data-secret")) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId("two-factor-section").scrollIntoViewIfNeeded();
  await shot(page, "two-factor-01-setup-qr-mn");
  await page.getByTestId("two-factor-code").fill("000000");
  await page.getByTestId("two-factor-confirm").click();
  await expect(page.getByText("Баталгаажуулах код буруу эсвэл аль хэдийн ашиглагдсан байна.")).toBeVisible();
  await page.getByTestId("two-factor-code").fill(totpCode(secret));
  await page.getByTestId("two-factor-confirm").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  const recoveryCodes = await page.getByTestId("recovery-code").allTextContents();
  await shot(page, "two-factor-02-recovery-codes-mn");
  await page.getByTestId("recovery-done").click();
  await expect(page.getByTestId("two-factor-badge")).toHaveText("Идэвхтэй");
  await expect(page.getByText("Ашиглаагүй 10 сэргээх код үлдсэн.")).toBeVisible();

  // Sign out, then in: the password, then the app's code (the next window's: the first one was used to confirm).
  await logOut(page);
  await passwordStep(page, email);
  await shot(page, "two-factor-03-login-code-mn");
  await page.getByTestId("login-code").fill("123456");
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("auth-error")).toContainText("Баталгаажуулах код буруу");
  await page.getByTestId("login-code").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByTestId("login-code-submit").click();
  await page.waitForURL(/\/interacts/);

  // And with a recovery code, which then is used up.
  await logOut(page);
  await passwordStep(page, email);
  await page.getByTestId("login-use-recovery").click();
  await page.getByTestId("login-code").fill(recoveryCodes[0] ?? "");
  await shot(page, "two-factor-04-login-recovery-mn");
  await page.getByTestId("login-code-submit").click();
  await page.waitForURL(/\/interacts/);
  await page.goto("/user");
  await expect(page.getByText("Ашиглаагүй 9 сэргээх код үлдсэн.")).toBeVisible();

  // The audit log shows the enrolment and both sign-ins.
  await page.goto("/settings/audit");
  await expect(page.getByTestId("audit-auth.sign_in_two_factor")).toHaveCount(2);
  await expect(page.getByTestId("audit-two_factor.enable")).toHaveCount(1);
  await shot(page, "two-factor-05-audit-mn");

  // The same screens in English.
  await page.getByTestId("language-selector").click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await shot(page, "two-factor-06-audit-en");
  await page.goto("/user");
  await expect(page.getByTestId("two-factor-badge")).toHaveText("On");
  await page.getByTestId("two-factor-section").scrollIntoViewIfNeeded();
  await shot(page, "two-factor-07-profile-en");
  await logOut(page);
  await page.goto("/pub/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).last().click();
  await expect(page.getByText("Enter the six-digit code from your authenticator app.")).toBeVisible();
  await shot(page, "two-factor-08-login-code-en");
  await page.getByTestId("login-code").fill(totpCode(secret, Date.now() + 60_000));
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("auth-error")).toBeVisible();
  await page.getByTestId("login-use-recovery").click();
  await page.getByTestId("login-code").fill(recoveryCodes[1] ?? "");
  await page.getByTestId("login-code-submit").click();
  await page.waitForURL(/\/interacts/);

  // The company requires it: a colleague without it is led to set it up before anything else.
  await page.goto("/settings/our_company");
  await page.getByRole("switch", { name: "Require two-step verification for every member" }).click();
  await expect(page.getByTestId("two-factor-policy")).toBeChecked();
  await page.getByTestId("two-factor-policy").scrollIntoViewIfNeeded();
  await shot(page, "two-factor-10-company-requires-en");
  expect((await (await context.request.get("/api/company/two-factor")).json()) as unknown).toEqual({ required: true });
  const colleagueEmail = `colleague-${suffix}@shop.mn`;
  const invited = await context.request.post("/api/users/invite", {
    headers: await csrfHeaders(context.request),
    data: { first_name: "Сараа", last_name: "Бат", email: colleagueEmail, role: "agent" },
  });
  expect(invited.status()).toBe(200);
  const link = ((await invited.json()) as { invitation_link: string }).invitation_link;
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(new URL(link).pathname + new URL(link).search);
  await expect(colleague.getByTestId("two-factor-required")).toBeVisible();
  await expect(colleague.getByRole("heading", { name: "Хоёр шатлалт баталгаажуулалт тохируулна уу" })).toBeVisible();
  await colleague.getByTestId("two-factor-start").click();
  await expect(colleague.getByTestId("two-factor-qr")).toBeVisible();
  await shot(colleague, "two-factor-09-required-mn");
  const colleagueSecret = (await colleague.getByTestId("two-factor-secret").getAttribute("data-secret")) ?? "";
  await colleague.getByTestId("two-factor-code").fill(totpCode(colleagueSecret));
  await colleague.getByTestId("two-factor-confirm").click();
  await colleague.getByTestId("recovery-done").click();
  await expect(colleague.getByTestId("two-factor-required")).toHaveCount(0);
  await expect(colleague.getByTestId("user-menu")).toBeVisible();
  await colleagueContext.close();
  await context.close();
});
