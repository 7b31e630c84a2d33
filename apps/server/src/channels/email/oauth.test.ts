import { randomBytes } from "node:crypto";
import {
  CSRF_COOKIE,
  SESSION_COOKIE,
  type EmailChannelView,
  type EmailOAuthSessionView,
  type InteractionView,
  type MessageView,
  type OutboxMailView,
} from "@holboo/core";
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import { dovecotMissing } from "../../../test/dovecot.ts";
import { startFakeOAuth, type FakeOAuth } from "../../../test/fake-oauth.ts";
import { rawMail, startMailWorld, type MailWorld } from "../../../test/mail-world.ts";
import { until } from "../../../test/sockets.ts";

const missing = dovecotMissing();
if (missing) console.warn(missing);

const KEY = randomBytes(32).toString("hex");
let t: TestApp;
let world: MailWorld;
let oauth: FakeOAuth;
beforeAll(async () => {
  if (missing) return;
  oauth = await startFakeOAuth();
  world = await startMailWorld({ oauth });
  t = await startTestApp({
    LOG_LEVEL: process.env.EMAIL_TEST_LOG ?? "silent",
    EMAIL_READERS: "true",
    EMAIL_SCAN_SECONDS: "0.3",
    EMAIL_POLL_SECONDS: "1",
    EMAIL_ALLOW_PRIVATE: "true",
    HOLBOO_SECRET_KEY: KEY,
    ...oauth.env,
  });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await world?.stop();
  await oauth?.stop();
});

/** The browser's round trip: "Connect Google" → the provider's consent → back to Holboo → the sealed sign-in in the settings URL. */
async function signIn(client: Client, provider: "google" | "microsoft", address: string) {
  const started = await client.post<{ url: string }>(`/api/email-oauth/${provider}/start`);
  expect(started.status).toBe(200);
  const back = new URL(await oauth.consent(started.body.url, address));
  const landed = await client.request("GET", `${back.pathname}${back.search}`, undefined, { redirect: "manual" });
  expect(landed.status).toBe(303);
  const location = new URL(landed.headers.get("location") ?? "", t.url);
  expect(location.pathname).toBe("/settings/email");
  return { session: location.searchParams.get("email_oauth") ?? "", error: location.searchParams.get("email_oauth_error"), authorizeUrl: started.body.url };
}

const servers = () => ({
  imap_host: "127.0.0.1",
  imap_port: world.imap.port,
  imap_tls: "none",
  smtp_host: "127.0.0.1",
  smtp_port: world.smtpPort,
  smtp_tls: "none",
});

async function connectOAuth(provider: "google" | "microsoft") {
  const admin = await companyAdmin(t);
  const box = await world.mailbox();
  const { session } = await signIn(admin.client, provider, box.address);
  const created = await admin.client.post<EmailChannelView>("/api/email-channels", {
    name: `${provider} mail`,
    address: box.address,
    ...servers(),
    username: "ignored@x.test",
    auth: provider,
    oauth_session: session,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await until(async () => (await admin.client.get<EmailChannelView>(`/api/email-channels/${created.body.id}`)).body.state === "connected", 10_000);
  return { ...admin, box, channel: created.body };
}

const messagesOf = async (client: Client, id: number) => (await client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;

async function conversationWith(client: Client, text: string) {
  let found: InteractionView | undefined;
  await until(async () => {
    const items = (await client.get<{ items: InteractionView[] }>("/api/interactions?status=open&page_size=100")).body.items;
    for (const item of items) if ((await messagesOf(client, item.id)).some((m) => m.text.includes(text))) found = item;
    return Boolean(found);
  }, 15_000);
  return found as InteractionView;
}

async function replyAndReceive(client: Client, conversationId: number, customer: string) {
  const text = `Хариулт ${unique()}`;
  const sent = await client.post<MessageView>(`/api/interactions/${conversationId}/messages`, { text, client_id: unique("c") });
  expect(sent.status).toBe(200);
  let raw = "";
  await until(async () => Boolean((raw = (await world.imap.fetchAll(customer)).find((mail) => mail.includes(text.slice(-8))) ?? "")), 15_000);
  return { text, mail: await simpleParser(raw), id: sent.body.id };
}

describe.skipIf(missing)("Gmail and Microsoft 365 mailboxes over OAuth2 (XOAUTH2 on Dovecot and smtp-server)", () => {
  it("Dovecot itself takes an XOAUTH2 login only with a token its introspection endpoint calls active", async () => {
    const box = await world.mailbox();
    const login = (accessToken: string) =>
      new ImapFlow({ host: "127.0.0.1", port: world.imap.port, secure: false, doSTARTTLS: false, auth: { user: box.address, accessToken }, logger: false });
    const refused = login("ya29.not-a-token");
    refused.on("error", () => undefined);
    await expect(refused.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });

  it("connects a Gmail mailbox: PKCE and state on the consent, tokens sealed, mail read and replies sent with XOAUTH2", async () => {
    const admin = await companyAdmin(t);
    const box = await world.mailbox();
    const { session, authorizeUrl } = await signIn(admin.client, "google", box.address);
    const asked = new URL(authorizeUrl).searchParams;
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("scope")?.split(" ")).toContain("https://mail.google.com/");
    expect(asked.get("access_type")).toBe("offline");
    const peek = await admin.client.post<EmailOAuthSessionView>("/api/email-oauth/session", { session });
    expect(peek.body).toEqual({ provider: "google", address: box.address });
    // The sealed sign-in is this person's: another company cannot use it.
    const stranger = await companyAdmin(t);
    expect(errorCode(await stranger.client.post("/api/email-oauth/session", { session }))).toBe("email_oauth_failed");
    const input = { name: "Gmail", address: box.address, ...servers(), username: "", auth: "google", oauth_session: session };
    expect(errorCode(await stranger.client.post("/api/email-channels", input))).toBe("email_oauth_failed");
    expect(errorCode(await admin.client.post("/api/email-channels", { ...input, auth: "microsoft" }))).toBe("email_oauth_failed");

    const created = await admin.client.post<EmailChannelView>("/api/email-channels", input);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ auth: "google", username: box.address });
    const { rows } = await t.database.pool.query<{ secrets: Buffer }>("SELECT secrets FROM channels WHERE id = $1", [created.body.id]);
    expect(rows[0]?.secrets.toString("latin1")).not.toMatch(/refresh|ya29/);
    expect(JSON.stringify(created.body)).not.toMatch(/refresh|ya29/);
    await until(async () => (await admin.client.get<EmailChannelView>(`/api/email-channels/${created.body.id}`)).body.state === "connected", 10_000);

    const customer = await world.customer();
    const question = `Gmail-ээр ирсэн асуулт ${unique()}`;
    const mail = rawMail({ from: customer, to: box.address, subject: "Gmail асуулт", text: question });
    await world.imap.append(box.address, mail.raw);
    const conversation = await conversationWith(admin.client, question);
    const reply = await replyAndReceive(admin.client, conversation.id, customer);
    expect(reply.mail.inReplyTo).toBe(mail.messageId);
    expect(world.smtpLogins).toContainEqual({ method: "XOAUTH2", user: box.address });
    expect(oauth.refused).toEqual([]);
  });

  it("refreshes the access token before it expires (Microsoft rotates the refresh token), and keeps it across a restart", async () => {
    oauth.accessTokenSeconds = 303; // inside the 5-minute margin after 3 s
    const box = await connectOAuth("microsoft");
    const refreshes = () => oauth.grants.filter((g) => g.provider === "microsoft" && g.grant_type === "refresh_token").length;
    const before = refreshes();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    oauth.accessTokenSeconds = 3599;
    const customer = await world.customer();
    const question = `Outlook асуулт ${unique()}`;
    await world.imap.append(box.box.address, rawMail({ from: customer, to: box.box.address, subject: "Outlook", text: question }).raw);
    const conversation = await conversationWith(box.client, question);
    await replyAndReceive(box.client, conversation.id, customer);
    expect(refreshes()).toBe(before + 1);

    // A restarted process reads the stored (rotated) tokens: the reader logs in again and mail still arrives.
    await t.restart();
    const client = new Client(t.url);
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) client.setCookie(name, box.client.cookie(name) ?? "");
    const after = `Дахин эхэлсний дараа ${unique()}`;
    await world.imap.append(box.box.address, rawMail({ from: customer, to: box.box.address, subject: "Restart", text: after }).raw);
    const again = await conversationWith(client, after);
    await replyAndReceive(client, again.id, customer);
    expect(refreshes()).toBe(before + 1);
    expect(oauth.refused).toEqual([]);
  }, 90_000);

  it("a revoked grant marks the mailbox 'reconnect' instead of retrying; signing in again resumes it", async () => {
    const box = await connectOAuth("google");
    const customer = await world.customer();
    const question = `Эрх цуцлахаас өмнө ${unique()}`;
    await world.imap.append(box.box.address, rawMail({ from: customer, to: box.box.address, subject: "Before", text: question }).raw);
    const conversation = await conversationWith(box.client, question);
    oauth.revoke(box.box.address);
    const sent = await box.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { text: "Хүлээнэ үү", client_id: unique("c") });
    // SMTP refuses the token; the retry refreshes, Google answers invalid_grant: the reply waits for a Retry, the mailbox for a sign-in.
    await until(async () => (await messagesOf(box.client, conversation.id)).find((m) => m.id === sent.body.id)?.status === "retry", 20_000);
    const view = await box.client.get<EmailChannelView>(`/api/email-channels/${box.channel.id}`);
    expect(view.body.state).toBe("reconnect");
    const grantsThen = oauth.grants.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(oauth.grants.length).toBe(grantsThen);
    // The admins are told once by mail, though the reader and the delivery may each find the grant revoked.
    const notices = (await box.client.get<{ items: OutboxMailView[] }>("/api/outbox")).body.items.filter((mail) => mail.subject.includes("sign in again"));
    expect(notices.map((mail) => mail.subject)).toEqual([`Holboo: ${box.box.address} — дахин нэвтэрнэ үү / sign in again`]);
    // Saving without a new sign-in is refused; with one, the mailbox reads again.
    const input = { name: "Gmail", address: box.box.address, ...servers(), username: "", auth: "google" };
    expect(errorCode(await box.client.put(`/api/email-channels/${box.channel.id}`, input))).toBe("email_oauth_failed");
    const { session } = await signIn(box.client, "google", box.box.address);
    const saved = await box.client.put<EmailChannelView>(`/api/email-channels/${box.channel.id}`, { ...input, oauth_session: session });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await until(async () => (await box.client.get<EmailChannelView>(`/api/email-channels/${box.channel.id}`)).body.state === "connected", 15_000);
    const after = `Дахин холбосны дараа ${unique()}`;
    await world.imap.append(box.box.address, rawMail({ from: customer, to: box.box.address, subject: "After", text: after }).raw);
    const resumed = await conversationWith(box.client, after);
    await replyAndReceive(box.client, resumed.id, customer);
  }, 90_000);

  it("a refused consent, a forged state or a missing cookie leads back to the settings with an error and connects nothing", async () => {
    const admin = await companyAdmin(t);
    const box = await world.mailbox();
    const started = await admin.client.post<{ url: string }>("/api/email-oauth/microsoft/start");
    const denied = new URL(await oauth.deny(started.body.url));
    const back = await admin.client.request("GET", `${denied.pathname}${denied.search}`, undefined, { redirect: "manual" });
    expect(back.headers.get("location")).toBe("/settings/email?email_oauth_error=email_oauth_failed");
    const again = await admin.client.post<{ url: string }>("/api/email-oauth/microsoft/start");
    const forged = new URL(await oauth.consent(again.body.url, box.address));
    forged.searchParams.set("state", "forged");
    const refused = await admin.client.request("GET", `${forged.pathname}${forged.search}`, undefined, { redirect: "manual" });
    expect(refused.headers.get("location")).toContain("email_oauth_error=email_oauth_failed");
    // The code and state of someone else's browser (no pending sign-in cookie here) are refused too.
    const other = await companyAdmin(t);
    const third = await admin.client.post<{ url: string }>("/api/email-oauth/google/start");
    const stolen = new URL(await oauth.consent(third.body.url, box.address));
    const stolenBack = await other.client.request("GET", `${stolen.pathname}${stolen.search}`, undefined, { redirect: "manual" });
    expect(stolenBack.headers.get("location")).toContain("email_oauth_error=email_oauth_failed");
    expect((await admin.client.post("/api/email-oauth/yahoo/start")).status).toBe(400);
    const list = await admin.client.get<{ items: EmailChannelView[] }>(`/api/company/${admin.me.company_id}/channel/emails`);
    expect(list.body.items).toEqual([]);
  });
});
