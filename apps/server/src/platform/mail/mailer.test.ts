import type { OutboxMailView } from "@holboo/core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
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

describe("mail over SMTP", () => {
  it("delivers the invitation through the SMTP server and records it as sent", async () => {
    const admin = await companyAdmin(t);
    const email = `${unique()}@example.mn`;
    expect((await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" })).status).toBe(200);
    const delivered = smtp.received.find((mail) => mail.to.includes(email));
    expect(delivered?.raw).toMatch(/token=/);
    const outbox = await admin.client.get<{ items: OutboxMailView[] }>("/api/outbox");
    expect(outbox.body.items.find((m) => m.to === email)?.status).toBe("sent");
  });

  it("a refused invitation fails with invite_mail_failed and leaves no user behind", async () => {
    const admin = await companyAdmin(t);
    const email = `bounce-${unique()}@example.mn`;
    const response = await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email, role: "agent" });
    expect(response.status).toBe(502);
    expect(errorCode(response)).toBe("invite_mail_failed");
    const users = await admin.client.get<{ items: Array<{ email: string }> }>("/api/users?search=bounce");
    expect(users.body.items).toEqual([]);
  });
});
