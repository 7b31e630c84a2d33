import type { InvitationSentView, InvitedUserView, MeView, OutboxMailView, UserView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, platformAdmin, unique, withheldLink } from "../../../test/factories.ts";
import { connected, staffSocket } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const outboxOf = async (client: Client, path = "/api/outbox") => (await client.get<{ items: OutboxMailView[] }>(`${path}?page_size=100`)).body.items;

/** Every GET route a signed-in admin may call without path parameters, besides the ones that sign out. */
const readableRoutes = () =>
  t.app.routeAccess
    .filter((route) => route.method === "GET" && route.url.startsWith("/api/") && !route.url.includes(":") && !route.url.includes("logout"))
    .map((route) => route.url);

describe("mail that carries a sign-in secret, without SMTP", () => {
  it("a second admin cannot obtain a reset link for the owner through any endpoint or socket, and the owner's reset still works from the server's console", async () => {
    const owner = await companyAdmin(t);
    const second = await colleague(t, owner.client, "admin");
    const socket = staffSocket(t, second.client);
    await connected(socket);
    const pushed: string[] = [];
    socket.onAny((event: string, ...payload: unknown[]) => pushed.push(`${event} ${JSON.stringify(payload)}`));

    // Anyone may ask for the owner's reset; the second admin does.
    expect((await second.client.post("/api/password/forgot", { email: owner.email })).status).toBe(200);
    const token = withheldLink(t, owner.email).searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(20);

    const [mail] = (await outboxOf(second.client)).filter((m) => m.to === owner.email);
    expect(mail).toMatchObject({ status: "withheld", carries_secret: true, text: "" });
    expect(readableRoutes().length).toBeGreaterThan(30);
    for (const path of [...readableRoutes(), `/api/users/${owner.me.ID}`, "/api/outbox?page_size=100", "/api/audit?page_size=100"]) {
      const answer = await second.client.get<unknown>(path);
      expect(JSON.stringify(answer.body), path).not.toContain(token);
    }
    // Not the platform admin either, whose outbox lists every company's mail.
    expect(JSON.stringify(await outboxOf(await platformAdmin(t), "/api/admin/outbox"))).not.toContain(token);
    expect(pushed.join("\n")).not.toContain(token);
    socket.close();

    // Whoever runs the server read it on the console: the lone owner gets back in.
    expect((await new Client(t.url).post("/api/password/reset", { token, password: "owner-is-back-42" })).status).toBe(200);
    expect((await new Client(t.url).post("/api/login", { email: owner.email, password: "owner-is-back-42" })).status).toBe(200);
  });
});

describe("invitations without SMTP", () => {
  const invite = (admin: Client, email: string) =>
    admin.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });

  it("show the link once, in the answer, to the inviting admin only; never in the outbox; a resend shows it to the inviter alone", async () => {
    const owner = await companyAdmin(t);
    const second = await colleague(t, owner.client, "admin");
    const email = `${unique()}@example.mn`;
    const invited = await invite(owner.client, email);
    expect(invited.body).toMatchObject({ mail_withheld: true, invitation_pending: true });
    const first = new URL(invited.body.invitation_link ?? "");
    expect(first.searchParams.get("email")).toBe(email);

    expect(await outboxOf(second.client)).toContainEqual(expect.objectContaining({ to: email, status: "withheld", carries_secret: true, text: "" }));
    const listed = await second.client.get<{ items: UserView[] }>(`/api/users?search=${encodeURIComponent(email)}`);
    expect(JSON.stringify(listed.body)).not.toContain(first.searchParams.get("token"));

    // Another admin resending gets no link (it went to the server's console); the inviter does, and the old one is spent.
    const bySecond = await second.client.post<InvitationSentView>(`/api/users/${invited.body.ID}/resend-invite`);
    expect(bySecond.body).toEqual({ mail_withheld: true, invitation_link: null });
    const byOwner = await owner.client.post<InvitationSentView>(`/api/users/${invited.body.ID}/resend-invite`);
    const latest = new URL(byOwner.body.invitation_link ?? "");
    expect(latest.searchParams.get("token")).not.toBe(first.searchParams.get("token"));
    expect(withheldLink(t, email).toString()).toBe(latest.toString());
    const handoff = (link: URL) =>
      new Client(t.url).post<MeView>("/api/auth/handoff", {
        token: link.searchParams.get("token"),
        userID: Number(link.searchParams.get("userID")),
        email: link.searchParams.get("email"),
      });
    expect(errorCode(await handoff(first))).toBe("handoff_invalid");
    expect((await handoff(latest)).status).toBe(200);
  });

  it("never reach an account someone has signed in to: no resend, and a link still alive stops opening it", async () => {
    const owner = await companyAdmin(t);
    const email = `${unique()}@example.mn`;
    const invited = await invite(owner.client, email);
    // The owner resends (a new live link they saw), then the colleague signs in by another way: a password reset.
    const live = new URL((await owner.client.post<InvitationSentView>(`/api/users/${invited.body.ID}/resend-invite`)).body.invitation_link ?? "");
    expect((await new Client(t.url).post("/api/password/forgot", { email })).status).toBe(200);
    const reset = withheldLink(t, email).searchParams.get("token");
    expect((await new Client(t.url).post("/api/password/reset", { token: reset, password: "colleague-own-42" })).status).toBe(200);
    const signedIn = new Client(t.url);
    expect((await signedIn.post("/api/login", { email, password: "colleague-own-42" })).status).toBe(200);

    const handoff = await new Client(t.url).post("/api/auth/handoff", {
      token: live.searchParams.get("token"),
      userID: invited.body.ID,
      email,
    });
    expect(errorCode(handoff)).toBe("handoff_invalid");
    expect(errorCode(await owner.client.post(`/api/users/${invited.body.ID}/resend-invite`))).toBe("invitation_already_accepted");
    const row = (await owner.client.get<UserView>(`/api/users/${invited.body.ID}`)).body;
    expect(row.invitation_pending).toBe(false);
  });
});
