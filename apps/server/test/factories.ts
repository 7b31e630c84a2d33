import type { InteractionEventView, InvitedUserView, MeView, MessageView, Role, WebchatChannelView, WebchatSessionView } from "@holboo/core";
import { VISITOR_TOKEN_HEADER } from "@holboo/core";
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { Client, type Served } from "./harness.ts";

export const unique = (prefix = "x") => `${prefix}${randomBytes(5).toString("hex")}`;
export const PASSWORD = "correct-horse-42";

export async function signUp(t: Served, overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {}) {
  const client = new Client(t.url);
  const email = overrides.email ?? `${unique("user")}@example.mn`;
  const response = await client.post<MeView>("/api/signup", {
    first_name: "Батбаяр",
    last_name: "Дорж",
    email,
    password: PASSWORD,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { client, me: response.body, email };
}

/** A signed-up user who finished onboarding: creator, owner and admin of a new company. */
export async function companyAdmin(t: Served) {
  const { client, email } = await signUp(t);
  const response = await client.post<MeView>("/api/onboarding", {
    company_name: `Компани ${unique()}`,
    sector: "commerce",
    employee_range: "11-50",
    agent_name: "Туслах бот",
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { client, me: response.body, email };
}

export function linkFromMail(mail: { text: string }): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(match[0]);
}

/**
 * The link of the latest mail to `email` the server withheld (no SMTP, a sign-in secret) and printed for its operator:
 * the only place such a link can be read, as whoever runs the server reads it.
 */
export function withheldLink(t: { operatorConsole: string[] }, email: string): URL {
  const text = t.operatorConsole.findLast((printed) => printed.includes(`To: ${email}\n`));
  if (!text) throw new Error(`no withheld mail to ${email}`);
  return linkFromMail({ text });
}

/** Invites a colleague with the given role and signs them in through the invitation link. */
export async function colleague(t: Served, admin: Client, role: Role) {
  const email = `${unique(role)}@example.mn`;
  const invited = await admin.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  // Without SMTP the invitation is withheld and its link shown once, to the inviting admin, in the answer.
  if (!invited.body.invitation_link) throw new Error("the invite answer carries no link (is SMTP set?)");
  const link = new URL(invited.body.invitation_link);
  const client = new Client(t.url);
  const me = await client.post<MeView>("/api/auth/handoff", {
    token: link.searchParams.get("token"),
    userID: Number(link.searchParams.get("userID")),
    email: link.searchParams.get("email"),
  });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  await client.put("/api/me/password", { password: PASSWORD });
  return { client, me: me.body, email, user: invited.body };
}

export const webchatInput = (domain = `${unique("shop")}.mn`) => ({
  name: "Вэб чат",
  description: "Манай вэбсайтын чат",
  domain,
  name_mn: "Номин туслах",
  name_en: "Nomin helper",
  greeting_mn: "Сайн байна уу! Бид танд туслахад бэлэн.",
  greeting_en: "Hello! How can we help?",
});

/** A company admin with a web-chat channel on a fresh domain. */
export async function webchatCompany(t: Served) {
  const admin = await companyAdmin(t);
  const input = webchatInput();
  const channel = await admin.client.post<WebchatChannelView>("/api/webchat-channels", input);
  expect(channel.status, JSON.stringify(channel.body)).toBe(200);
  return { ...admin, channel: channel.body, domain: input.domain };
}

/** A visitor on the channel's site: a session, and helpers to send and read with the visitor token. */
export async function visitor(t: Served, channel: WebchatChannelView, extra: Record<string, string> = {}) {
  const client = new Client(t.url);
  const session = await client.post<WebchatSessionView>("/api/webchat/session", {
    public_key: channel.public_key,
    host_origin: `https://${channel.domain}`,
    ...extra,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const headers = { [VISITOR_TOKEN_HEADER]: session.body.visitor_token };
  return {
    session: session.body,
    token: session.body.visitor_token,
    send: (text: string, clientId = unique("c-")) => client.request<MessageView>("POST", "/api/webchat/messages", { client_id: clientId, text }, { headers }),
    events: (interactionId: number, after = 0) =>
      client.request<{ items: InteractionEventView[] }>("GET", `/api/webchat/events?interaction_id=${interactionId}&after=${after}`, undefined, { headers }),
    seen: (interactionId: number, upToSeq: number) =>
      client.request("POST", "/api/webchat/seen", { interaction_id: interactionId, up_to_seq: upToSeq }, { headers }),
    file: (fileId: string) => client.request("GET", `/api/webchat/files/${fileId}`, undefined, { headers }),
  };
}

/** The platform admin of the test installation (PLATFORM_ADMIN_EMAILS in the harness), signed in. */
export async function platformAdmin(t: Served): Promise<Client> {
  const client = new Client(t.url);
  const email = "root-admin@holboo.test";
  const signedUp = await client.post("/api/signup", { first_name: "Платформ", last_name: "Админ", email, password: PASSWORD });
  if (signedUp.status !== 200) expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
  return client;
}
