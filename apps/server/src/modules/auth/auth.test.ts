import type { InvitedUserView, MeView } from "@holboo/core";
import { CSRF_COOKIE, SESSION_COOKIE } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { PASSWORD, companyAdmin, signUp, unique, withheldLink } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("sign-up", () => {
  it("creates a user without a company and signs them in with httpOnly session and CSRF cookies", async () => {
    const client = new Client(t.url);
    const response = await client.post<MeView>("/api/signup", { first_name: "Болд", last_name: "Сүх", email: `${unique()}@Example.MN`, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.company_id).toBe(0);
    expect(response.body.email).toMatch(/@example\.mn$/);
    expect(response.body.is_approved_by_superadmin).toBe(true);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/HttpOnly/i);
    expect(setCookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))).not.toMatch(/HttpOnly/i);
    const me = await client.get<MeView>("/api/me");
    expect(me.body.ID).toBe(response.body.ID);
  });

  it("rejects each invalid field with its catalogue code and creates nothing", async () => {
    const email = `${unique()}@example.mn`;
    const response = await new Client(t.url).post("/api/signup", { first_name: "Бо", last_name: "", email: "not-an-email", password: "short" });
    expect(response.status).toBe(400);
    expect(fieldCode(response, "first_name")).toBe("name_too_short");
    expect(fieldCode(response, "last_name")).toBe("name_empty");
    expect(fieldCode(response, "email")).toBe("email_invalid");
    expect(fieldCode(response, "password")).toBe("password_too_weak");
    const tooLong = await new Client(t.url).post("/api/signup", { first_name: "а".repeat(51), last_name: "Сүх", email, password: PASSWORD });
    expect(fieldCode(tooLong, "first_name")).toBe("name_too_long");
    const login = await new Client(t.url).post("/api/login", { email, password: PASSWORD });
    expect(errorCode(login)).toBe("invalid_credentials");
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    const { email } = await signUp(t);
    const again = await new Client(t.url).post("/api/signup", { first_name: "Болд", last_name: "Сүх", email: email.toUpperCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe("user_exists");
  });

  it("answers in English when the locale cookie says so", async () => {
    const client = new Client(t.url);
    client.setCookie("chosenLocale", "en");
    const response = await client.post<{ error: { message: string } }>("/api/signup", {});
    expect(response.body.error.message).toMatch(/[a-z]/i);
    expect(response.body.error.message).not.toMatch(/[а-я]/i);
  });
});

describe("login and logout", () => {
  it("logs in with the right password only", async () => {
    const { email } = await signUp(t);
    const wrong = await new Client(t.url).post("/api/login", { email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(errorCode(wrong)).toBe("invalid_credentials");
    const client = new Client(t.url);
    expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("logout ends the session on the server", async () => {
    const { client } = await signUp(t);
    const stolenCookie = client.cookie(SESSION_COOKIE);
    expect((await client.get("/api/logout")).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const replay = new Client(t.url);
    replay.setCookie(SESSION_COOKIE, stolenCookie ?? "");
    expect((await replay.get("/api/me")).status).toBe(401);
  });

  it("logout refuses another site's request, and the web app's POST needs the CSRF header", async () => {
    const { client } = await signUp(t);
    for (const site of ["cross-site", "same-site"]) {
      const forged = await client.request("GET", "/api/logout", undefined, { headers: { "sec-fetch-site": site } });
      expect(forged.status).toBe(403);
      expect(errorCode(forged)).toBe("cross_site_refused");
    }
    expect(errorCode(await client.request("POST", "/api/logout", {}, { headers: { "sec-fetch-site": "cross-site" } }))).toBe("cross_site_refused");
    expect(errorCode(await client.request("POST", "/api/logout", {}, { csrf: false }))).toBe("csrf_invalid");
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await client.request("POST", "/api/logout", {}, { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const typed = await signUp(t);
    expect((await typed.client.request("GET", "/api/logout", undefined, { headers: { "sec-fetch-site": "none" } })).status).toBe(200);
    expect((await typed.client.get("/api/me")).status).toBe(401);
  });

  it("GET /api/me without a session is 401", async () => {
    const response = await new Client(t.url).get("/api/me");
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe("unauthorized");
  });

  it("refuses cookie-authenticated writes without the CSRF header", async () => {
    const { client } = await signUp(t);
    const response = await client.request("PUT", "/api/me", { first_name: "Шинэнэр" }, { csrf: false });
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe("csrf_invalid");
    expect((await client.get<MeView>("/api/me")).body.first_name).toBe("Батбаяр");
  });

  it("rate-limits login attempts", async () => {
    const limited = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await new Client(limited.url).post("/api/login", { email: "a@b.mn", password: "x" })).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("hand-off tokens", () => {
  it("exchange once for a session, and never again", async () => {
    const admin = await companyAdmin(t);
    const email = `${unique()}@example.mn`;
    const invited = await admin.client.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    const link = new URL(invited.body.invitation_link ?? "");
    expect(link.pathname).toBe("/interacts");
    const input = { token: link.searchParams.get("token"), userID: Number(link.searchParams.get("userID")), email };
    const first = new Client(t.url);
    const me = await first.post<MeView>("/api/auth/handoff", input);
    expect(me.status).toBe(200);
    expect(me.body.needs_password).toBe(true);
    expect(me.body.company_id).toBe(admin.me.company_id);
    const second = await new Client(t.url).post("/api/auth/handoff", input);
    expect(second.status).toBe(401);
    expect(errorCode(second)).toBe("handoff_invalid");
  });

  it("rejects a token presented with another user's id or e-mail", async () => {
    const admin = await companyAdmin(t);
    const email = `${unique()}@example.mn`;
    const invited = await admin.client.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    const token = new URL(invited.body.invitation_link ?? "").searchParams.get("token");
    const wrongUser = await new Client(t.url).post("/api/auth/handoff", { token, userID: admin.me.ID, email });
    expect(errorCode(wrongUser)).toBe("handoff_invalid");
  });
});

describe("password reset", () => {
  it("mails a one-time link that sets a new password and ends old sessions", async () => {
    const { client, email } = await signUp(t);
    expect((await new Client(t.url).post("/api/password/forgot", { email })).body).toEqual({ ok: true });
    const nobody = `${unique()}@nobody.mn`;
    expect((await new Client(t.url).post("/api/password/forgot", { email: nobody })).body).toEqual({ ok: true });
    expect(() => withheldLink(t, nobody)).toThrow();
    // Without SMTP, only the server's console has it (outbox.test.ts: no admin can read it).
    const token = withheldLink(t, email).searchParams.get("token");
    const reset = await new Client(t.url).post("/api/password/reset", { token, password: "new-password-77" });
    expect(reset.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await new Client(t.url).post("/api/login", { email, password: "new-password-77" })).status).toBe(200);
    const reused = await new Client(t.url).post("/api/password/reset", { token, password: "another-pass-88" });
    expect(errorCode(reused)).toBe("reset_token_invalid");
  });
});

describe("profile and language", () => {
  it("changes the user's locale and sets the chosenLocale cookie for 365 days", async () => {
    const { client } = await signUp(t);
    const response = await client.put("/api/change-lang?lang=en");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("chosenLocale=en"))).toMatch(/Max-Age=31536000/);
    expect((await client.get<MeView>("/api/me")).body.locale).toBe("en");
    expect((await client.put("/api/change-lang?lang=fr")).status).toBe(400);
  });

  it("changing the password needs the current one", async () => {
    const { client } = await signUp(t);
    const wrong = await client.put("/api/me/password", { password: "brand-new-pass", current_password: "nope" });
    expect(fieldCode(wrong, "current_password")).toBe("invalid_credentials");
    expect((await client.put("/api/me/password", { password: "brand-new-pass", current_password: PASSWORD })).status).toBe(200);
  });
});
