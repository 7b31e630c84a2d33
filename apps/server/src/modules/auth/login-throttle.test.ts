import { LIMITS, type ApiErrorBody, type OutboxMailView } from "@holboo/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema.ts";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { PASSWORD, companyAdmin } from "../../../test/factories.ts";

// Two processes on one database: one behind a proxy (each attempt from another address), one direct.
let proxied: TestApp;
let direct: TestApp;
beforeAll(async () => {
  proxied = await startTestApp({ TRUST_PROXY: "true", AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  direct = await startTestApp();
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

let address = 0;
const fromNewAddress = (email: string, password: string) =>
  new Client(proxied.url).request("POST", "/api/login", { email, password }, { headers: { "x-forwarded-for": `203.0.113.${++address % 250}` } });
/** Lets the account's current wait pass, as time would. */
const waitPasses = (email: string) =>
  direct.database.db
    .update(users)
    .set({ loginBlockedUntil: sql`now() - interval '1 second'` })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));

describe("per-account login slow-down", () => {
  it("slows an account down after wrong passwords from many addresses, on every process, and mails its owner once", async () => {
    const admin = await companyAdmin(direct);
    for (let i = 0; i < LIMITS.loginFreeFailures; i++) expect(errorCode(await fromNewAddress(admin.email, "wrong-password"))).toBe("invalid_credentials");
    // The next failure makes the account wait: even the right password, from another process, is not checked.
    expect(errorCode(await fromNewAddress(admin.email, "wrong-password"))).toBe("invalid_credentials");
    const slowed = await new Client(direct.url).post("/api/login", { email: admin.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(errorCode(slowed)).toBe("login_slowed");
    expect((slowed.body as ApiErrorBody).error.details?.retry_after).toBeGreaterThanOrEqual(1);
    // The waits grow.
    const waits: number[] = [];
    for (let failures = LIMITS.loginFreeFailures + 1; failures < LIMITS.loginLockoutNoticeFailures + 2; failures++) {
      await waitPasses(admin.email);
      expect(errorCode(await fromNewAddress(admin.email, "wrong-password"))).toBe("invalid_credentials");
      waits.push(
        Number((await new Client(direct.url).post<ApiErrorBody>("/api/login", { email: admin.email, password: PASSWORD })).body.error.details?.retry_after),
      );
    }
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits.at(-1)).toBeGreaterThan(waits[0] ?? 0);
    const notices = (await admin.client.get<{ items: OutboxMailView[] }>("/api/outbox")).body.items.filter(
      (mail) => mail.to === admin.email && mail.subject.includes("sign-in attempts"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`${LIMITS.loginLockoutNoticeFailures}`);
    // Once the wait is over, the right password signs in and the count starts again.
    await waitPasses(admin.email);
    expect((await new Client(direct.url).post("/api/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
    const [row] = await direct.database.db.select({ failures: users.failedLogins }).from(users).where(eq(users.id, admin.me.ID));
    expect(row?.failures).toBe(0);
  });

  it("a wrong password for another account does not slow this one", async () => {
    const a = await companyAdmin(direct);
    const b = await companyAdmin(direct);
    for (let i = 0; i < LIMITS.loginFreeFailures + 2; i++) await fromNewAddress(b.email, "wrong-password");
    expect((await new Client(direct.url).post("/api/login", { email: a.email, password: PASSWORD })).status).toBe(200);
    expect(errorCode(await new Client(direct.url).post("/api/login", { email: b.email, password: PASSWORD }))).toBe("login_slowed");
  });
});
