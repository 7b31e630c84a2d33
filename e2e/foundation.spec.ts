import { shot } from "./support.ts";
import { expect, test, type BrowserContext } from "@playwright/test";

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

/** Signs a new user up through the API (no company yet), in this context. */
async function signUpOnly(context: BrowserContext, email: string) {
  const response = await context.request.post("/api/signup", { data: { first_name: "Saraa", last_name: "Bat", email, password: "correct-horse-42" } });
  expect(response.status()).toBe(200);
}

for (const lang of ["mn", "en"] as const) {
  test(`onboarding's channel step connects web chat in place and leads to the other channels (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    const id = `${suffix}-${lang}`;
    await signUpOnly(context, `webchat-${id}@nomin.mn`);
    await page.goto("/onboarding");
    await context.addCookies([{ name: "chosenLocale", value: lang, url: page.url() }]);
    await page.reload();
    const words =
      lang === "mn"
        ? {
            company: "Байгууллагын нэр",
            agent: "Туслахын нэр",
            sector: "Худалдаа",
            domain: "Сайтын домэйн",
            skip: "Алгасах",
            next: "Үргэлжлүүлэх",
            copied: "Хуулагдлаа",
          }
        : { company: "Company name", agent: "Agent name", sector: "Commerce", domain: "Site domain", skip: "Skip", next: "Continue", copied: "Copied" };
    const next = page.getByTestId("onboarding-next");
    await next.click();
    await page.getByLabel(words.company).fill(`Webchat ${id}`);
    await next.click();
    await page.getByLabel(words.sector).check();
    await next.click();
    await page.getByLabel("11-50").check();
    await next.click();
    await page.getByLabel(words.agent).fill("Site helper");
    await next.click();

    // The channel step: web chat is set up right here, and the port of a site on one is part of its domain.
    const domain = page.getByTestId("onboarding-webchat-domain");
    await expect(domain).toBeVisible();
    await expect(page.getByText("shop.mn:8080", { exact: false })).toBeVisible();
    await expect(next).toHaveText(words.skip);
    await domain.fill(`shop-${id}.mn:8080`);
    await shot(page, `13-onboarding-webchat-${lang}`);
    await page.getByTestId("onboarding-webchat-connect").click();
    const snippet = page.getByTestId("onboarding-webchat-snippet");
    await expect(snippet).toContainText("<script");
    await page.getByTestId("onboarding-webchat-copy").click();
    await expect(page.getByTestId("onboarding-webchat-copy")).toHaveText(words.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());
    await expect(page.getByTestId("onboarding-channel-social")).toBeVisible();
    await expect(next).toHaveText(words.next);
    await shot(page, `14-onboarding-webchat-connected-${lang}`);

    // The channel exists, for the site on its port, answered by the agent the wizard made.
    const me = (await (await context.request.get("/api/me")).json()) as { company_id: number };
    const channels = (await (await context.request.get(`/api/company/${me.company_id}/channel`)).json()) as {
      items: Array<{ id: number; type: string; agent_id: number | null; agent_active: boolean }>;
    };
    const webchat = channels.items.filter((channel) => channel.type === "webchat");
    expect(webchat).toMatchObject([{ agent_id: expect.any(Number), agent_active: true }]);
    const saved = (await (await context.request.get(`/api/webchat-channels/${webchat[0]?.id}`)).json()) as { domain: string };
    expect(saved.domain).toBe(`shop-${id}.mn:8080`);
    await next.click();
    await expect(page.getByTestId("onboarding-next")).toHaveCount(0);
    await context.close();
  });
}
