import { expect, test } from "@playwright/test";
import { startFakeAri } from "../apps/server/test/fake-ari/server.ts";
import { newCompany, shot, shotPath } from "./support.ts";

test("an admin connects Asterisk and sets how calls are handed out; a call waits on the monitoring screen, is answered, recorded and shows in the contact's history; missed and abandoned calls are counted apart; a dropped PBX connection is shown", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ari = await startFakeAri();
  try {
    const suffix = Date.now().toString(36);
    const context = await browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) blocked.push(message.text());
    });
    await newCompany(context.request, { first: "Saraa", last: "Operator", email: `calls-${suffix}@shop.mn`, company: `Calls ${suffix}`, agent: "Shop bot" });

    await page.goto("/settings/call_center");
    await page.getByTestId("pbx-url").fill(ari.url);
    await page.getByTestId("pbx-username").fill(ari.username);
    await page.getByTestId("pbx-password").fill("wrong-password");
    await page.getByTestId("pbx-save").click();
    await expect(page.getByText("ARI хэрэглэгчийн нэр эсвэл нууц үг буруу", { exact: false })).toBeVisible();
    await page.getByTestId("pbx-password").fill(ari.password);
    await page.getByTestId("pbx-save").click();
    await expect(page.getByTestId("pbx-state")).toHaveText("Холбогдсон", { timeout: 20_000 });
    await page.getByTestId("line-number").fill("77001100");
    await page.getByTestId("line-name").fill("Үндсэн шугам");
    await page.getByTestId("line-add").click();
    await expect(page.getByTestId("call-lines")).toContainText("+97677001100");
    await page.getByTestId("extension-number").fill("101");
    await page.getByTestId("extension-user").click();
    await page.getByRole("option", { name: "Saraa Operator" }).click();
    await page.getByTestId("extension-add").click();
    await expect(page.getByTestId("call-extensions")).toContainText("101");
    // How calls are handed out: no after-call work here (the next caller is rung at once), recorded, answered within 30 s.
    await page.getByTestId("rules-after_call_seconds").fill("0");
    await page.getByTestId("rules-answered_within_seconds").fill("30");
    await page.getByTestId("rules-record_calls").check();
    await page.getByTestId("rules-save").click();
    await expect(page.getByText("Хадгалагдлаа")).toBeVisible();
    await shot(page, "70-call-center-settings");

    // The menu offers call monitoring now that the company has a call center.
    await page.goto("/interacts");
    await page.getByTestId("nav-callMonitoring").click();
    await expect(page).toHaveURL(/\/call-monitoring$/);
    const caller = ari.incoming("+97699112233", "+97677001100");
    await expect(page.getByTestId("monitor-waiting-row")).toContainText("+97699112233");
    const leg = await ari.ringingLeg("101");
    await page.waitForTimeout(2100);
    await expect(page.getByTestId("monitor-wait-time")).not.toHaveText("0:00");
    await shot(page, "71-call-monitoring-waiting");
    ari.answer(leg);
    await expect(page.getByTestId("monitor-talking-row")).toContainText("Saraa Operator");
    await page.waitForTimeout(2100);
    // The company records calls: Holboo recorded the bridge, and hanging up stores the recording (a second long here).
    expect(ari.requests.some((r) => r.method === "POST" && r.path === `/ari/bridges/holboo-b-${caller}/record`)).toBe(true);
    ari.hangup(caller);
    await expect(page.getByTestId("stat-answered")).toHaveText("1");
    await expect(page.getByTestId("monitor-talking-row")).toHaveCount(0);
    // Today by the minute, under the figures: the call started, was answered, and one caller waited.
    await expect(page.getByTestId("call-minutes-chart")).toBeVisible();
    await expect(page.getByTestId("call-minutes")).toContainText("Зэрэг хүлээсэн хамгийн олон");
    await page.getByTestId("call-minutes").screenshot({ path: shotPath("76-call-monitoring-minutes"), animations: "disabled" });

    const found = await page.request.get("/api/contacts?search=99112233");
    const contact = ((await found.json()) as { items: Array<{ id: number; phone: string | null }> }).items.find((c) => c.phone === "+97699112233")!;
    await page.goto(`/contacts/${contact.id}`);
    const bubble = page.getByTestId("contact-calls").getByTestId("call-bubble");
    await expect(bubble).toHaveAttribute("data-status", "ended");
    await expect(bubble.getByTestId("call-duration")).toContainText("0:0");
    // The recording plays from Holboo's own address, so the app's CSP (media-src falling back to 'self') allows it.
    const player = bubble.getByTestId("call-recording");
    await expect(player).toHaveAttribute("src", /^\/api\/calls\/\d+\/recording$/);
    const seconds = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          audio.addEventListener("loadedmetadata", () => resolve(audio.duration));
          audio.addEventListener("error", () => reject(new Error(`media error ${audio.error?.code}`)));
          audio.preload = "metadata";
          audio.load();
        }),
    );
    expect(seconds).toBeCloseTo(1, 1);
    expect(blocked).toEqual([]);
    await shot(page, "72-contact-call-history");

    // Nobody answers the next caller: a missed call, whose conversation waits in the inbox with "call back".
    const missedCaller = ari.incoming("+97688776655", "+97677001100");
    ari.noAnswer(await ari.ringingLeg("101"));
    await expect.poll(() => ari.channels.has(missedCaller)).toBe(false);
    await page.goto("/interacts");
    await page.getByTestId("inbox-list").getByText("☎ +97688776655").first().click();
    const missed = page.getByTestId("thread").getByTestId("call-bubble");
    await expect(missed).toHaveAttribute("data-status", "missed");
    await expect(missed.getByTestId("call-button")).toBeVisible();
    await shot(page, "73-missed-call-callback");

    // A caller who gives up while waiting is abandoned, not missed; the service level counts within the company's 30 s.
    await page.goto("/call-monitoring");
    const gaveUp = ari.incoming("+97699887766", "+97677001100");
    await expect(page.getByTestId("monitor-waiting-row")).toContainText("+97699887766");
    ari.noAnswer(await ari.ringingLeg("101"));
    await expect.poll(() => ari.channels.has(gaveUp)).toBe(false);
    const abandoned = ari.incoming("+97699001122", "+97677001100");
    await expect(page.getByTestId("monitor-waiting-row")).toContainText("+97699001122");
    await ari.ringingLeg("101");
    ari.hangup(abandoned);
    await expect(page.getByTestId("stat-abandoned")).toHaveText("1");
    await expect(page.getByTestId("stat-missed")).toHaveText("2");
    await expect(page.getByText("30 сек дотор хариулсан")).toBeVisible();
    await shot(page, "78-call-monitoring-abandoned");
    // The PBX's events connection drops: the screen says its figures may be out of date.
    ari.dropSockets(true);
    await expect(page.getByTestId("monitor-pbx-down")).toContainText("PBX-тэй холболт тасарсан байна", { timeout: 15_000 });
    await shot(page, "79-call-monitoring-pbx-down");

    await context.addCookies([{ name: "chosenLocale", value: "en", url: page.url() }]);
    await page.goto("/call-monitoring");
    await expect(page.getByTestId("stat-missed")).toHaveText("2");
    await expect(page.getByTestId("stat-abandoned")).toHaveText("1");
    await expect(page.getByText("Answered within 30 s")).toBeVisible();
    await expect(page.getByTestId("monitor-pbx-down")).toContainText("The PBX connection is down");
    await expect(page.getByText("Call monitoring").first()).toBeVisible();
    await shot(page, "74-call-monitoring-en");
    ari.allowSockets();
    await expect(page.getByTestId("monitor-pbx-down")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("call-minutes")).toContainText("Most waiting at once");
    await page.getByTestId("call-minutes").screenshot({ path: shotPath("77-call-monitoring-minutes-en"), animations: "disabled" });
    await page.goto(`/contacts/${contact.id}`);
    await expect(page.getByTestId("contact-calls")).toContainText("Incoming call");
    await shot(page, "75-contact-call-history-en");
    expect(ari.violations).toEqual([]);
  } finally {
    await ari.close();
  }
});
