import type { InvitedUserView, OutboxMailView } from "@holboo/core";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { until } from "../../../test/sockets.ts";
import { companyAdmin, linkFromMail, unique } from "../../../test/factories.ts";
import { outboxMails } from "../db/schema.ts";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a local port that records what it receives, or refuses recipients on demand. */
function startSmtp(refuse: (address: string) => boolean) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (refuse(address.address)) return callback(new Error("mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ port, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp((address) => address.startsWith("bounce"));
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A colleague signed in through the invitation the SMTP server received (with SMTP, the invite answers no link). */
async function invitedBySmtp(admin: Client, role: "admin" | "agent") {
  const email = `${unique()}@example.mn`;
  expect((await admin.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role })).status).toBe(200);
  await until(() => smtp.received.some((mail) => mail.to.includes(email)));
  const raw = smtp.received.find((mail) => mail.to.includes(email))?.raw ?? "";
  const link = linkFromMail({ text: raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=") });
  const client = new Client(t.url);
  const me = await client.post("/api/auth/handoff", { token: link.searchParams.get("token"), userID: Number(link.searchParams.get("userID")), email });
  expect(me.status).toBe(200);
  return { client, email };
}

describe("mail over SMTP, from the job queue", () => {
  const outboxStatus = async (admin: Awaited<ReturnType<typeof companyAdmin>>, email: string) =>
    (await admin.client.get<{ items: OutboxMailView[] }>("/api/outbox")).body.items.find((m) => m.to === email)?.status;

  it("delivers the invitation through the SMTP server after the invite commits, and records it as sent", async () => {
    const admin = await companyAdmin(t);
    const email = `${unique()}@example.mn`;
    expect((await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" })).status).toBe(200);
    await until(async () => (await outboxStatus(admin, email)) === "sent");
    const delivered = smtp.received.filter((mail) => mail.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toMatch(/token=/);
  });

  it("a recipient the server refuses for good (5xx) fails at once, without retries, and the invitation stays for a resend", async () => {
    const admin = await companyAdmin(t);
    const email = `bounce-${unique()}@example.mn`;
    const response = await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    expect(response.status).toBe(200);
    await until(async () => (await outboxStatus(admin, email)) === "failed");
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(0);
    const users = await admin.client.get<{ items: Array<{ email: string }> }>("/api/users?search=bounce");
    expect(users.body.items.map((u) => u.email)).toEqual([email]);
  });

  it("a reset link goes to its recipient by SMTP and is never readable in the outbox, queued or sent; invitations answer no link", async () => {
    const owner = await companyAdmin(t);
    const second = await invitedBySmtp(owner.client, "admin");
    expect((await second.client.post("/api/password/forgot", { email: owner.email })).status).toBe(200);
    const listed = async () => (await second.client.get<{ items: OutboxMailView[] }>("/api/outbox?page_size=100")).body.items.find((m) => m.to === owner.email);
    expect(await listed()).toMatchObject({ carries_secret: true, text: "" });
    await until(async () => (await listed())?.status === "sent");
    expect(await listed()).toMatchObject({ carries_secret: true, text: "" });
    const delivered = smtp.received.filter((mail) => mail.to.includes(owner.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toMatch(/reset-password\?token=/);
    // Nothing of it stays in the table once SMTP has it.
    const [row] = await t.database.db.select().from(outboxMails).where(eq(outboxMails.toAddress, owner.email));
    expect(row).toMatchObject({ textBody: "", htmlBody: null, carriesSecret: true });
    expect(t.operatorConsole.join("\n")).not.toContain(owner.email);

    const email = `${unique()}@example.mn`;
    const invited = await owner.client.post<InvitedUserView>("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    expect(invited.body).toMatchObject({ mail_withheld: false, invitation_link: null });
  });
});
