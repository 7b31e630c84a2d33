import { createServer, type Server, type Socket } from "node:net";
import type { EmailChannelView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin } from "../../../test/factories.ts";
import { dovecotMissing } from "../../../test/dovecot.ts";
import { startMailWorld, type MailWorld } from "../../../test/mail-world.ts";
import { loadConfig } from "../../platform/config.ts";
import { checkedServer, imapClient, MailServerRefused, smtpTransport } from "./connect.ts";

const missing = dovecotMissing();
const BUDGET_SECONDS = 3;

/** A TCP port on this machine that behaves as told: nothing listens, it answers something that is not mail, or it stays silent. */
async function port(kind: "closed" | "not_mail" | "silent"): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    if (kind === "not_mail") socket.write("SSH-2.0-OpenSSH_9.6p1 Debian-3\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const number = typeof address === "object" && address ? address.port : 0;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  if (kind === "closed") await close();
  return { port: number, connections: () => connections, close };
}

let open: TestApp;
let strict: TestApp;
let world: MailWorld;
beforeAll(async () => {
  if (missing) return;
  world = await startMailWorld();
  const common = { EMAIL_CONNECT_TIMEOUT_SECONDS: String(BUDGET_SECONDS) };
  [open, strict] = await Promise.all([startTestApp({ ...common, EMAIL_ALLOW_PRIVATE: "true" }), startTestApp(common)]);
}, 30_000);
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close()]);
  await world?.stop();
});

describe.skipIf(missing)("a mailbox's servers: which addresses, and what a failure tells", () => {
  it("refuses private and loopback servers unless the installation allows them, before connecting, and stores nothing", async () => {
    const admin = await companyAdmin(strict);
    const box = await world.mailbox();
    const listening = await port("silent");
    try {
      for (const host of ["127.0.0.1", "localhost", "[::1]", "::ffff:127.0.0.1"]) {
        const refused = await admin.client.post("/api/email-channels", { ...box.input, imap_host: host, imap_port: listening.port });
        expect([refused.status, errorCode(refused), fieldCode(refused, "imap_host")], host).toEqual([400, "email_host_blocked", "email_host_blocked"]);
      }
      expect(listening.connections()).toBe(0);
    } finally {
      await listening.close();
    }
    const list = await admin.client.get<{ items: EmailChannelView[] }>(`/api/company/${admin.me.company_id}/channel/emails`);
    expect(list.body.items).toEqual([]);
    // The installation that allows private servers connects the same mailbox.
    const allowed = await (await companyAdmin(open)).client.post<EmailChannelView>("/api/email-channels", box.input);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it("judges every address a name has, with the URL import's address policy, and connects to the address it judged", async () => {
    const strictConfig = loadConfig({ EMAIL_ALLOW_PRIVATE: "false" }, { dotenv: false });
    const allowPrivate = loadConfig({ EMAIL_ALLOW_PRIVATE: "true" }, { dotenv: false });
    for (const host of ["10.1.2.3", "192.168.1.10", "169.254.169.254", "100.64.0.1", "fd00::1", "::ffff:10.0.0.1", "0.0.0.0", "localhost"])
      await expect(checkedServer({ config: strictConfig }, host), host).rejects.toBeInstanceOf(MailServerRefused);
    expect(await checkedServer({ config: strictConfig }, "93.184.215.14")).toEqual({ address: "93.184.215.14", servername: undefined });
    // A name is resolved once; the connection goes to that address, and TLS still checks the certificate for the name.
    const login = { imapHost: "localhost", imapPort: 993, imapTls: "tls", smtpHost: "localhost", smtpPort: 465, smtpTls: "tls", username: "u", password: "p" };
    const imap = (await imapClient({ config: allowPrivate }, login)) as unknown as { host: string; servername: string };
    expect(imap.host).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(imap.servername).toBe("localhost");
    const smtp = (await smtpTransport({ config: allowPrivate }, login)) as unknown as { options: { host: string; servername: string } };
    expect(smtp.options.host).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(smtp.options.servername).toBe("localhost");
  });

  it("answers every failure to connect with one error after the same time: a closed port, one that is not a mail server, a silent one, a name that does not resolve", async () => {
    const admin = await companyAdmin(open);
    const box = await world.mailbox();
    const ports = await Promise.all([port("closed"), port("not_mail"), port("silent")]);
    const unresolvable = "mail.holboo-test.invalid";
    try {
      const attempts = [
        ...ports.map((p) => ({ server: "imap", input: { ...box.input, imap_port: p.port } })),
        { server: "imap", input: { ...box.input, imap_host: unresolvable } },
        ...ports.map((p) => ({ server: "smtp", input: { ...box.input, smtp_port: p.port } })),
        { server: "smtp", input: { ...box.input, smtp_host: unresolvable } },
      ];
      const answers = await Promise.all(
        attempts.map(async ({ server, input }) => {
          const started = Date.now();
          const answer = await admin.client.post("/api/email-channels", input);
          return { server, status: answer.status, code: errorCode(answer), field: fieldCode(answer, `${server}_host`), ms: Date.now() - started };
        }),
      );
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 502, code: "email_connection_failed", field: "email_connection_failed" });
        // Not sooner than the budget, whichever way it failed (a closed port used to answer in milliseconds).
        expect(answer.ms, JSON.stringify(answer)).toBeGreaterThanOrEqual(BUDGET_SECONDS * 1000);
      }
      console.log(`answer times (ms), imap then smtp, closed/not mail/silent/unresolvable: ${answers.map((a) => a.ms).join(", ")}`);
    } finally {
      await Promise.all(ports.map((p) => p.close()));
    }
  });
});
