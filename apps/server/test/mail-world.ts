import { randomBytes } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { startDovecot, type Dovecot } from "./dovecot.ts";
import type { FakeOAuth } from "./fake-oauth.ts";

// Not from factories.ts (which loads vitest): the Playwright journey starts this world too (e2e/email.spec.ts).
const unique = (prefix = "x") => `${prefix}${randomBytes(5).toString("hex")}`;

/**
 * The outside world of the e-mail tests: a real IMAP server (Dovecot) holding the company's mailbox and
 * the customers' mailboxes, and a real SMTP server (smtp-server) that takes the company's replies after a
 * password login and delivers each into its recipients' Dovecot mailboxes (IMAP APPEND). With `oauth`, both
 * servers also take SASL XOAUTH2 with that fake provider's access tokens (Dovecot asks its introspection
 * endpoint, the SMTP server its token list), as Gmail's and Microsoft 365's servers do.
 */
export interface MailWorld {
  imap: Dovecot;
  smtpPort: number;
  /** Every mail the SMTP server accepted, raw. */
  accepted: string[];
  /**
   * While held, the SMTP server keeps each sender waiting for its answer to MAIL FROM: a delivery is in
   * flight and nothing is accepted yet. `waiting` counts them; `release` answers them all and stops holding.
   */
  sends: { hold(): void; release(): void; waiting(): number; failNext(kind: "temporary" | "permanent"): void };
  /** The SMTP logins it accepted, by SASL mechanism (PLAIN, LOGIN, XOAUTH2). */
  smtpLogins: Array<{ method: string; user: string }>;
  /** A new company mailbox: its address, login and the settings a form would send. */
  mailbox(): Promise<{ address: string; password: string; input: Record<string, unknown> }>;
  customer(): Promise<string>;
  stop(): Promise<void>;
}

export async function startMailWorld(options: { oauth?: FakeOAuth; sentFolder?: string | null } = {}): Promise<MailWorld> {
  const { oauth } = options;
  const imap = await startDovecot({ ...(oauth ? { oauth2IntrospectionUrl: `${oauth.url}/introspect` } : {}), sentFolder: options.sentFolder });
  const accepted: string[] = [];
  const smtpLogins: MailWorld["smtpLogins"] = [];
  const passwords = new Map<string, string>();
  let holding = false;
  const held: Array<() => void> = [];
  // The next sender's MAIL FROM is answered with this refusal: 451 asks to try later, 550 refuses for good.
  let refuseNext: "temporary" | "permanent" | null = null;
  const sends: MailWorld["sends"] = {
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    waiting: () => held.length,
    failNext(kind) {
      refuseNext = kind;
    },
  };
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    authMethods: oauth ? ["PLAIN", "LOGIN", "XOAUTH2"] : ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.method === "XOAUTH2") {
        if (auth.username && auth.accessToken && oauth?.userOf(auth.accessToken) === auth.username) {
          smtpLogins.push({ method: auth.method, user: auth.username });
          return callback(null, { user: auth.username });
        }
        // What Gmail answers a refused token with (smtp-server sends it as the 334 challenge, then 535).
        return callback(null, { data: { status: "401", schemes: "bearer", scope: "https://mail.google.com/" } });
      }
      if (auth.username && passwords.get(auth.username) === auth.password) {
        smtpLogins.push({ method: auth.method, user: auth.username });
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      if (refuseNext) {
        const code = refuseNext === "temporary" ? 451 : 550;
        refuseNext = null;
        return callback(Object.assign(new Error(code === 451 ? "Try again later" : "Mailbox unavailable"), { responseCode: code }));
      }
      if (holding) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        accepted.push(raw);
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        Promise.all(recipients.filter((address) => passwords.has(address)).map((address) => imap.append(address, raw)))
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve) => {
    smtp.listen(0, "127.0.0.1", () => {
      const address = smtp.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  const addUser = async (address: string, password: string) => {
    passwords.set(address, password);
    await imap.addUser(address, password);
  };
  return {
    imap,
    smtpPort,
    accepted,
    sends,
    smtpLogins,
    async mailbox() {
      const address = `${unique("support")}@shop.test`;
      const password = unique("pw");
      await addUser(address, password);
      return {
        address,
        password,
        input: {
          name: "Дэлгүүрийн мэйл",
          address,
          imap_host: "127.0.0.1",
          imap_port: imap.port,
          imap_tls: "none",
          smtp_host: "127.0.0.1",
          smtp_port: smtpPort,
          smtp_tls: "none",
          username: address,
          password,
          signature: "Хүндэтгэсэн, Дэлгүүрийн баг",
        },
      };
    },
    async customer() {
      const address = `${unique("bat")}@mail.test`;
      await addUser(address, unique("pw"));
      return address;
    },
    async stop() {
      sends.release();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      imap.stop();
    },
  };
}

/** A raw mail as a customer's mail program writes it. */
export function rawMail(options: {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
}): { raw: string; messageId: string } {
  const messageId = options.messageId ?? `<${unique("m")}@mail.test>`;
  const lines = [
    `From: Бат Болд <${options.from}>`,
    `To: ${options.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(options.subject).toString("base64")}?=`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references ? [`References: ${options.references}`] : []),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  if (options.html) {
    const boundary = unique("b");
    lines.push(`Content-Type: multipart/alternative; boundary="${boundary}"`, "");
    lines.push(
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(options.text ?? "").toString("base64"),
    );
    lines.push(
      `--${boundary}`,
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(options.html).toString("base64"),
    );
    lines.push(`--${boundary}--`, "");
  } else {
    lines.push("Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", Buffer.from(options.text ?? "").toString("base64"), "");
  }
  return { raw: lines.join("\r\n"), messageId };
}
