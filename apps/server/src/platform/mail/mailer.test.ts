import type { OutboxMailView } from "@holboo/core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { until } from "../../../test/sockets.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";

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
});
