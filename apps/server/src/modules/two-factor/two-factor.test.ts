import type { InvitedUserView, MeView, RecoveryCodesView, TwoFactorChallengeView, TwoFactorSetupView, TwoFactorStatusView } from "@holboo/core";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, users } from "../../platform/db/schema.ts";
import { totpCode } from "../../platform/auth/totp.ts";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { PASSWORD, colleague, companyAdmin, platformAdmin, signUp, unique } from "../../../test/factories.ts";
import { issueOneTimeToken } from "../../platform/auth/one-time-tokens.ts";
import { connected, staffSocket } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The test's clock: codes are generated from the secret at its time, and each step forward is a new 30-second window. */
function useClock() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  return { later: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

async function enrol(client: Client) {
  const setup = await client.post<TwoFactorSetupView>("/api/me/two-factor/setup");
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const confirmed = await client.post<RecoveryCodesView>("/api/me/two-factor/confirm", { code: totpCode(setup.body.secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recovery_codes };
}

async function passwordStep(email: string, password = PASSWORD) {
  const client = new Client(t.url);
  const response = await client.post<TwoFactorChallengeView>("/api/login", { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { client, challenge: response.body.challenge, response };
}

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("enrolment", () => {
  it("offers a QR code and the secret, keeps it sealed, and turns on only with a right first code", async () => {
    const clock = useClock();
    const { client, me } = await companyAdmin(t);
    const setup = await client.post<TwoFactorSetupView>("/api/me/two-factor/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_svg).toMatch(/^<svg[^>]*>.*<path/s);

    const pending = await userRow(me.ID);
    expect(pending.totpPendingSecret?.toString("latin1")).not.toContain(setup.body.secret);
    expect(t.secrets.open<string>(pending.totpPendingSecret!)).toBe(setup.body.secret);

    const wrong = await client.post("/api/me/two-factor/confirm", { code: totpCode(setup.body.secret, Date.now() - 120_000) });
    expect(errorCode(wrong)).toBe("two_factor_code_invalid");
    expect((await client.get<MeView>("/api/me")).body.two_factor_enabled).toBe(false);

    clock.later(1_000);
    const confirmed = await client.post<RecoveryCodesView>("/api/me/two-factor/confirm", { code: totpCode(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    expect((await client.get<MeView>("/api/me")).body.two_factor_enabled).toBe(true);
    expect((await client.get<TwoFactorStatusView>("/api/me/two-factor")).body).toEqual({ enabled: true, recovery_codes_left: 10, company_requires: false });

    const row = await userRow(me.ID);
    expect(row.totpPendingSecret).toBeNull();
    expect(t.secrets.open<string>(row.totpSecret!)).toBe(setup.body.secret);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.companyId, me.company_id));
    expect(audit.map((entry) => entry.action)).toContain("two_factor.enable");

    expect(errorCode(await client.post("/api/me/two-factor/setup"))).toBe("two_factor_already_enabled");
  });

  it("refuses a confirmation before any set-up", async () => {
    const { client } = await signUp(t);
    expect(errorCode(await client.post("/api/me/two-factor/confirm", { code: "123456" }))).toBe("two_factor_setup_missing");
  });
});

describe("sign-in with two steps", () => {
  it("asks for a code after the password, signs in with it, and refuses the same code again", async () => {
    const clock = useClock();
    const { client: first, email } = await companyAdmin(t);
    const { secret } = await enrol(first);
    clock.later(30_000);

    const { client, challenge, response } = await passwordStep(email);
    expect(response.body.two_factor_required).toBe(true);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("hb_session="))).toBe(false);
    expect((await client.get("/api/me")).status).toBe(401);

    const code = totpCode(secret);
    const signedIn = await client.post<MeView>("/api/login/two-factor", { challenge, code });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await client.get<MeView>("/api/me")).body.email).toBe(email);
    // The challenge is used up, and the code's window is taken.
    expect(errorCode(await client.post("/api/login/two-factor", { challenge, code }))).toBe("two_factor_challenge_expired");
    const again = await passwordStep(email);
    expect(errorCode(await again.client.post("/api/login/two-factor", { challenge: again.challenge, code }))).toBe("two_factor_code_invalid");
    clock.later(30_000);
    expect((await again.client.post("/api/login/two-factor", { challenge: again.challenge, code: totpCode(secret) })).status).toBe(200);
  });

  it("takes each recovery code once", async () => {
    const { client: first, email } = await companyAdmin(t);
    const { recoveryCodes } = await enrol(first);
    const { client, challenge } = await passwordStep(email);
    const typed = ` ${recoveryCodes[3]!.toUpperCase()} `;
    expect((await client.post("/api/login/two-factor", { challenge, code: typed })).status).toBe(200);
    expect((await client.get<TwoFactorStatusView>("/api/me/two-factor")).body.recovery_codes_left).toBe(9);
    const again = await passwordStep(email);
    expect(errorCode(await again.client.post("/api/login/two-factor", { challenge: again.challenge, code: recoveryCodes[3] }))).toBe("two_factor_code_invalid");
    expect((await again.client.post("/api/login/two-factor", { challenge: again.challenge, code: recoveryCodes[4] })).status).toBe(200);
  });

  it("lets a challenge expire after five minutes", async () => {
    const clock = useClock();
    const { client: first, email } = await companyAdmin(t);
    const { secret } = await enrol(first);
    const { client, challenge } = await passwordStep(email);
    clock.later(5 * 60_000 + 1_000);
    const late = await client.post("/api/login/two-factor", { challenge, code: totpCode(secret) });
    expect(late.status).toBe(401);
    expect(errorCode(late)).toBe("two_factor_challenge_expired");
  });

  it("counts wrong codes on the account's slow-down, and a right password alone does not clear it", async () => {
    const { client: first, email, me } = await companyAdmin(t);
    const { secret } = await enrol(first);
    const { client, challenge } = await passwordStep(email);
    const wrong = totpCode(secret, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i++) expect(errorCode(await client.post("/api/login/two-factor", { challenge, code: wrong }))).toBe("two_factor_code_invalid");
    expect((await userRow(me.ID)).failedLogins).toBe(5);
    await passwordStep(email);
    expect((await userRow(me.ID)).failedLogins).toBe(5);
    expect(errorCode(await client.post("/api/login/two-factor", { challenge, code: wrong }))).toBe("two_factor_code_invalid");
    // Now the account waits: even the right code is not checked.
    const slowed = await client.post("/api/login/two-factor", { challenge, code: totpCode(secret) });
    expect(slowed.status).toBe(429);
    expect(errorCode(slowed)).toBe("login_slowed");
  });

  it("refuses a made-up challenge", async () => {
    const response = await new Client(t.url).post("/api/login/two-factor", { challenge: "x".repeat(43), code: "123456" });
    expect(errorCode(response)).toBe("two_factor_challenge_expired");
  });
});

describe("turning it off", () => {
  it("needs a current code or the password, then signs in with the password alone", async () => {
    const clock = useClock();
    const { client, email } = await companyAdmin(t);
    const { secret } = await enrol(client);
    clock.later(30_000);
    expect(errorCode(await client.post("/api/me/two-factor/disable", { password: "not-the-password" }))).toBe("invalid_credentials");
    expect(errorCode(await client.post("/api/me/two-factor/disable", { code: totpCode(secret, Date.now() - 600_000) }))).toBe("two_factor_code_invalid");
    expect((await client.post("/api/me/two-factor/disable", {})).status).toBe(400);
    expect((await client.get<MeView>("/api/me")).body.two_factor_enabled).toBe(true);
    expect((await client.post("/api/me/two-factor/disable", { code: totpCode(secret) })).status).toBe(200);
    expect((await client.get<MeView>("/api/me")).body.two_factor_enabled).toBe(false);
    const login = await new Client(t.url).post<MeView>("/api/login", { email, password: PASSWORD });
    expect(login.body.email).toBe(email);
  });

  it("with the password too, and new recovery codes need a current code", async () => {
    const clock = useClock();
    const { client } = await companyAdmin(t);
    const { secret, recoveryCodes } = await enrol(client);
    clock.later(30_000);
    const fresh = await client.post<RecoveryCodesView>("/api/me/two-factor/recovery-codes", { code: totpCode(secret) });
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect(fresh.body.recovery_codes).not.toContain(recoveryCodes[0]);
    expect((await client.post("/api/me/two-factor/disable", { password: PASSWORD })).status).toBe(200);
  });
});

describe("the company's requirement", () => {
  it("holds members back with a catalogue error until they set it up; only admins change it, in their own company", async () => {
    const clock = useClock();
    const { client: admin, me: adminMe } = await companyAdmin(t);
    const manager = await colleague(t, admin, "manager");
    const other = await companyAdmin(t);

    expect(errorCode(await manager.client.put("/api/company/two-factor", { required: true }))).toBe("forbidden");
    expect((await admin.put("/api/company/two-factor", { required: true })).body).toEqual({ required: true });
    expect((await other.client.get("/api/company/two-factor")).body).toEqual({ required: false });

    const held = await manager.client.get("/api/users");
    expect(held.status).toBe(403);
    expect(errorCode(held)).toBe("two_factor_enrolment_required");
    const me = await manager.client.get<MeView>("/api/me");
    expect(me.body.two_factor_enrolment_required).toBe(true);
    // Nor does the realtime channel carry the company's conversations to them.
    const heldSocket = staffSocket(t, manager.client);
    await expect(connected(heldSocket)).rejects.toThrow(/unauthorized/);
    heldSocket.close();
    expect((await other.client.get("/api/users")).status).toBe(200);

    await enrol(manager.client);
    expect((await manager.client.get<MeView>("/api/me")).body.two_factor_enrolment_required).toBe(false);
    expect((await manager.client.get("/api/users")).status).toBe(200);
    const socket = staffSocket(t, manager.client);
    await connected(socket);
    socket.close();

    // The admin who set it is held too, until enrolled; turning it off is an admin route, so enrol first.
    expect(errorCode(await admin.get("/api/company/two-factor"))).toBe("two_factor_enrolment_required");
    await enrol(admin);
    clock.later(30_000);
    expect((await admin.put("/api/company/two-factor", { required: false })).body).toEqual({ required: false });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.companyId, adminMe.company_id));
    const changes = audit.filter((entry) => entry.action === "company.two_factor_requirement").map((entry) => entry.after);
    expect(changes).toEqual([{ required: true }, { required: false }]);
  });
});

describe("links that sign in do not skip the second step", () => {
  const exchange = async (url: string) => {
    const link = new URL(url);
    const client = new Client(t.url);
    const response = await client.post<MeView | TwoFactorChallengeView>("/api/auth/handoff", {
      token: link.searchParams.get("token"),
      userID: Number(link.searchParams.get("userID")),
      email: link.searchParams.get("email"),
    });
    return { client, response };
  };

  it("a platform admin's support link to an account with two-step verification asks for its code, then signs in", async () => {
    const clock = useClock();
    const { client, me } = await companyAdmin(t);
    const { secret } = await enrol(client);
    const root = await platformAdmin(t);
    const url = (await root.post<{ url: string }>(`/api/admin/users/${me.ID}/handoff`)).body.url;
    const { client: support, response } = await exchange(url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ two_factor_required: true });
    expect((await support.get("/api/me")).status).toBe(401);
    clock.later(30_000);
    const challenge = (response.body as TwoFactorChallengeView).challenge;
    const signedIn = await support.post<MeView>("/api/login/two-factor", { challenge, code: totpCode(secret) });
    expect(signedIn.status).toBe(200);
    expect((await support.get<MeView>("/api/me")).body.ID).toBe(me.ID);
    // The link was used up by the first exchange.
    expect(errorCode((await exchange(url)).response)).toBe("handoff_invalid");
  });

  it("an invitation link never opens an account in use (one with two-step verification is always one)", async () => {
    useClock();
    const { client, me } = await companyAdmin(t);
    await enrol(client);
    const token = await issueOneTimeToken(t.database.db, me.ID, "invite", 60_000);
    const params = new URLSearchParams({ token, userID: String(me.ID), email: me.email });
    const { client: invited, response } = await exchange(`${t.url}/interacts?${params}`);
    expect(errorCode(response)).toBe("handoff_invalid");
    expect((await invited.get("/api/me")).status).toBe(401);
  });

  it("an invitation into a company that requires it signs in to set it up only", async () => {
    const { client: admin } = await companyAdmin(t);
    await enrol(admin);
    expect((await admin.put("/api/company/two-factor", { required: true })).status).toBe(200);
    const email = `${unique()}@example.mn`;
    const sent = await admin.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    expect(sent.status).toBe(200);
    const { client: invited, response } = await exchange(sent.body.invitation_link ?? "");
    expect(response.status).toBe(200);
    expect((response.body as MeView).two_factor_enrolment_required).toBe(true);
    expect(errorCode(await invited.get("/api/users"))).toBe("two_factor_enrolment_required");
    const socket = staffSocket(t, invited);
    await expect(connected(socket)).rejects.toThrow(/unauthorized/);
    socket.close();
  });
});
