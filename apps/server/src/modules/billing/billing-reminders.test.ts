import type { SubscriptionView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, platformAdmin } from "../../../test/factories.ts";
import { at, billingKit, DAY } from "../../../test/billing.ts";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
  root = await platformAdmin(t);
});
afterAll(() => t.close());
const kit = () => billingKit(t, () => root);
const status = async (client: Client) => (await client.get<Pick<SubscriptionView, "notice" | "suspended_reason">>("/api/billing/status")).body;

describe("a term without auto-extend", () => {
  it("warns the owner and admins 1 day before and on its last day, and tells them when it ended; each mail once", async () => {
    const owner = await companyAdmin(t);
    const admin = await colleague(t, owner.client, "admin");
    const companyId = owner.me.company_id;
    const bought = await kit().buy(owner.client, { auto_extend: false });
    await kit().pay(bought.unpaid_invoice?.id ?? 0);
    const ends = bought.term_ends_at ?? "";
    const sent = async (now: string) => (await kit().cycle(companyId, now)).remindersSent;

    expect(await sent(at(ends, -3 * DAY))).toBe(0);
    expect(await sent(at(ends, -1.5 * DAY))).toBe(1);
    expect((await status(owner.client)).notice).toMatchObject({ kind: "days_left", about: "term", due_at: ends });
    expect(await sent(at(ends, -1.4 * DAY))).toBe(0);
    expect(await sent(at(ends, -0.5 * DAY))).toBe(1);
    expect((await status(owner.client)).notice).toMatchObject({ kind: "last_day", about: "term" });
    expect(await sent(at(ends, -0.4 * DAY))).toBe(0);
    expect((await owner.client.get("/api/users")).status).toBe(200);
    expect(await sent(at(ends, 60_000))).toBe(1);
    expect(await sent(at(ends, 120_000))).toBe(0);
    expect((await status(owner.client)).suspended_reason).toBe("term_ended");

    const recipients = [owner.email, admin.email].sort();
    for (const subject of ["Багцын хугацаа дуусч байна", "Багцын хугацааны сүүлийн өдөр", "Багцын хугацаа дууслаа"]) {
      const mails = await kit().mails(owner.me.company_id, subject);
      expect(mails.map((mail) => mail.to).sort(), subject).toEqual(recipients);
    }
    const [dayLeft] = await kit().mails(owner.me.company_id, "Багцын хугацаа дуусч байна");
    expect(dayLeft?.text).toContain(`байгууллагын багцын хугацаа дуусахад 1 хоног үлдлээ. Дуусах огноо: ${ends.slice(0, 10)}.`);
    expect(dayLeft?.text).toContain(`1 day is left in the plan term of`);
    const [ended] = await kit().mails(owner.me.company_id, "Багцын хугацаа дууслаа");
    expect(ended?.text).toContain("автомат сунгалт идэвхгүй байсан тул хандалт хаагдлаа");
  });

  it("with auto-extend on, the term's end brings its invoice and no term warning", async () => {
    const owner = await companyAdmin(t);
    const bought = await kit().buy(owner.client);
    await kit().pay(bought.unpaid_invoice?.id ?? 0);
    const ends = bought.term_ends_at ?? "";
    expect((await kit().cycle(owner.me.company_id, at(ends, -1.5 * DAY))).remindersSent).toBe(0);
    expect((await kit().cycle(owner.me.company_id, at(ends, -0.5 * DAY))).remindersSent).toBe(0);
    await kit().cycle(owner.me.company_id, at(ends, 60_000));
    expect(await kit().mails(owner.me.company_id, "Багцын")).toEqual([]);
    expect(await kit().mails(owner.me.company_id, "Шинэ нэхэмжлэл")).toHaveLength(2);
  });
});

describe("the trial", () => {
  it("tells the owner once when it ended", async () => {
    const owner = await companyAdmin(t);
    const ends = (await kit().subscription(owner.client)).trial_ends_at ?? "";
    await kit().cycle(owner.me.company_id, at(ends, 60_000));
    await kit().cycle(owner.me.company_id, at(ends, 120_000));
    const mails = await kit().mails(owner.me.company_id, "Туршилтын хугацаа дууслаа");
    expect(mails.map((mail) => mail.to)).toEqual([owner.email]);
    expect(mails[0]?.text).toContain("туршилтын хугацаа дууссан тул хандалт хаагдлаа");
  });
});
