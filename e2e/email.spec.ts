import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { rawMail, startMailWorld, type MailWorld } from "../apps/server/test/mail-world.ts";
import { dovecotMissing } from "../apps/server/test/dovecot.ts";
import { newCompany, shot } from "./support.ts";

const missing = dovecotMissing();

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option }).click();
}

/**
 * The e-mail journey against real servers on this machine: Dovecot holds the company's and the customer's
 * mailboxes, smtp-server takes the company's reply and delivers it into the customer's Dovecot mailbox.
 */
test("an admin connects a mailbox in settings; a customer's mail appears in the inbox as written, a person replies and the reply reaches the customer's mailbox in the thread", async ({
  browser,
}) => {
  test.skip(Boolean(missing), missing ?? "");
  test.setTimeout(150_000);
  let world: MailWorld | null = null;
  try {
    world = await startMailWorld();
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    await newCompany(context.request, { first: "Saraa", last: "Admin", email: `mail-${suffix}@shop.mn`, company: `Mail ${suffix}`, agent: "Shop bot" });
    const box = await world.mailbox();
    const customer = await world.customer();
    const earlier = await world.customer();
    // Mail from yesterday, already in the mailbox: brought in by "import the last days", never answered by the agent.
    await world.imap.append(
      box.address,
      rawMail({ from: earlier, to: box.address, subject: "Өчигдрийн асуулт", text: "Өчигдөр бичсэн: нэхэмжлэх хэрэгтэй байна." }).raw,
      "INBOX",
      new Date(Date.now() - 24 * 3600_000),
    );

    await page.goto("/settings/email");
    await page.getByTestId("email-add").click();
    await page.getByTestId("email-name").fill("Дэлгүүрийн мэйл");
    await page.getByTestId("email-address").fill(box.address);
    await page.getByTestId("email-imap-host").fill("127.0.0.1");
    await page.getByTestId("email-imap-port").fill(String(world.imap.port));
    await pick(page, "email-imap-tls", "Шифрлэлтгүй");
    await page.getByTestId("email-smtp-host").fill("127.0.0.1");
    await page.getByTestId("email-smtp-port").fill(String(world.smtpPort));
    await pick(page, "email-smtp-tls", "Шифрлэлтгүй");
    await page.getByTestId("email-username").fill(box.address);
    await page.getByTestId("email-password").fill("not-the-password");
    await page.getByTestId("email-save").click();
    await expect(page.getByText("Мэйлийн хэрэглэгчийн нэр эсвэл нууц үг буруу байна.")).toBeVisible();
    await shot(page, "69-email-wrong-password");
    await page.getByTestId("email-password").fill(box.password);
    await page.getByTestId("email-import-days").fill("7");
    await page.getByTestId("email-agent").click();
    await page.getByRole("option", { name: "Shop bot" }).click();
    await pick(page, "email-agent-mode", "Ажилтанд хариултын ноорог бэлдэнэ");
    await page.getByRole("switch", { name: "Виртуал туслахыг ажиллуулах" }).check({ force: true });
    await expect(page.getByRole("switch", { name: "Виртуал туслахыг ажиллуулах" })).toBeChecked();
    await shot(page, "70-email-connect-form");
    await page.getByTestId("email-save").click();
    const row = page.getByTestId("email-channels").getByRole("row", { name: new RegExp(box.address) });
    await expect(row).toBeVisible();
    await expect.poll(async () => (await page.reload(), await row.textContent()), { timeout: 20_000 }).toContain("Холбогдсон");
    await expect(page.getByTestId("email-connect-google")).toHaveText("Google-ээр холбох");
    await expect(page.getByTestId("email-connect-microsoft")).toHaveText("Microsoft-оор холбох");
    await shot(page, "71-email-settings");

    const first = rawMail({
      from: customer,
      to: box.address,
      subject: "Захиалгын асуулт",
      text: "Сайн байна уу, миний захиалга хэзээ ирэх вэ?",
      html:
        '<p>Сайн байна уу, <b>миний захиалга</b> хэзээ ирэх вэ?</p><p><img src="https://tracker.example/p.png" alt="pixel"></p>' +
        '<script>parent.document.title="pwned"</script>' +
        '<blockquote type="cite">Өмнө нь: захиалга #1024 баталгаажлаа.</blockquote>',
    });
    await world.imap.append(box.address, first.raw);

    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("нэхэмжлэх хэрэгтэй байна").click();
    await expect(page.getByTestId("email-imported")).toHaveText("Импортолсон");
    await page.getByTestId("inbox-list").getByText("миний захиалга хэзээ ирэх вэ?").click();
    const frame = page.getByTestId("email-frame");
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute("sandbox")).not.toMatch(/allow-scripts|allow-same-origin/);
    const inside = page.frameLocator("[data-testid=email-frame]");
    await expect(inside.getByText("миний захиалга")).toBeVisible();
    await expect(inside.getByText("захиалга #1024")).toHaveCount(0);
    expect(await inside.locator("img").getAttribute("src")).toBeNull();
    await page.getByTestId("email-quoted-toggle").click();
    await expect(inside.getByText("захиалга #1024")).toBeVisible();
    await expect(page.getByTestId("email-show-images")).toBeVisible();
    expect(await page.title()).not.toBe("pwned");

    await page.getByTestId("composer").fill("Сайн байна уу, таны захиалга маргааш хүргэгдэнэ.");
    await page.getByTestId("send").click();
    await expect(page.getByTestId("bubble").filter({ hasText: "маргааш хүргэгдэнэ" })).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
    await shot(page, "72-email-conversation-mn");

    let delivered = "";
    await expect
      .poll(async () => (delivered = (await world?.imap.fetchAll(customer))?.find((raw) => raw.includes("маргааш") || /In-Reply-To/i.test(raw)) ?? ""), {
        timeout: 20_000,
      })
      .not.toBe("");
    const reply = await simpleParser(delivered);
    expect(reply.inReplyTo).toBe(first.messageId);
    expect(reply.subject).toMatch(/Захиалгын асуулт \[#[a-z0-9]{8}\]/);
    expect(reply.text).toContain("маргааш хүргэгдэнэ");

    await page.getByTestId("language-selector").click();
    await page.getByRole("option", { name: "English" }).click();
    await expect(page.getByTestId("email-quoted-toggle")).toContainText("Hide the quoted history");
    await page.getByTestId("email-show-images").click();
    await expect(page.getByTestId("email-show-images")).toHaveCount(0);
    await expect.poll(() => inside.locator("img").getAttribute("src")).toBe("https://tracker.example/p.png");
    await shot(page, "73-email-conversation-en");
    await page.goto("/settings/email");
    await expect(page.getByText("Connected")).toBeVisible();
    await expect(page.getByTestId("email-connect-google")).toHaveText("Connect Google");
    await shot(page, "74-email-settings-en");
    await context.close();
  } finally {
    await world?.stop();
  }
});
