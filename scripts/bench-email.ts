/**
 * `npm run bench:email [-- --messages N --threads-of N --arrivals N --port N]`
 * Against the real IMAP server the e-mail tests use (Debian's Dovecot, `apps/server/test/dovecot.ts`, with
 * smtp-server for the connection check): puts N messages into a company mailbox by IMAP APPEND (threads of
 * `threads-of` mails, each reply carrying In-Reply-To and References, dated over the last two days), starts
 * Holboo as its own process on the machine's PostgreSQL (a fresh database), connects the mailbox with
 * "import the last 7 days" and times importing and threading them all (each mail a conversation message,
 * replies in their thread's conversation). Then, with the reader waiting in IDLE (the poll set to 10 min),
 * appends `arrivals` new mails one at a time and measures the delay from the APPEND to the message being
 * stored in its conversation. The last line is one JSON object.
 */
import { performance } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import pg from "pg";
import { dovecotMissing } from "../apps/server/test/dovecot.ts";
import { rawMail, startMailWorld } from "../apps/server/test/mail-world.ts";
import { arg, createDatabase, run, Session, sleep, startServer, tearDown, type ServerProcess } from "./lib/harness.ts";

const messages = arg("messages", 10_000);
const threadsOf = arg("threads-of", 5);
const arrivals = arg("arrivals", 40);
const port = arg("port", 3910);
const base = `http://127.0.0.1:${port}`;
const APPEND_CONNECTIONS = 4;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function appendAll(host: string, imapPort: number, user: string, password: string, mails: { raw: string; date: Date }[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: APPEND_CONNECTIONS }, async () => {
      const client = new ImapFlow({ host, port: imapPort, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false });
      await client.connect();
      try {
        // Each connection takes the next thread's mails in order, so a reply is never appended before what it answers.
        for (;;) {
          const start = next;
          next += threadsOf;
          if (start >= mails.length) break;
          for (const mail of mails.slice(start, start + threadsOf)) await client.append("INBOX", mail.raw, [], mail.date);
        }
      } finally {
        await client.logout().catch(() => undefined);
      }
    }),
  );
}

async function main() {
  const missing = dovecotMissing();
  if (missing) throw new Error(missing);
  const world = await startMailWorld();
  const database = await createDatabase();
  let server: ServerProcess | null = null;
  const db = new pg.Client({ connectionString: database.url });
  try {
    const box = await world.mailbox();
    const customers = Array.from({ length: Math.max(1, Math.ceil(messages / threadsOf)) }, (_, i) => `customer${i}@bench.test`);
    const now = Date.now();
    const mails: { raw: string; date: Date }[] = [];
    for (let thread = 0; mails.length < messages; thread += 1) {
      const from = customers[thread % customers.length] ?? "customer@bench.test";
      const chain: string[] = [];
      for (let i = 0; i < threadsOf && mails.length < messages; i += 1) {
        const mail = rawMail({
          from,
          to: box.address,
          subject: i === 0 ? `Захиалга №${thread}` : `Re: Захиалга №${thread}`,
          text: `Сайн байна уу, захиалга №${thread}-ийн талаар ${i + 1} дэх асуулт.`,
          inReplyTo: chain.at(-1),
          references: chain.length ? chain.join(" ") : undefined,
        });
        chain.push(mail.messageId);
        mails.push({ raw: mail.raw, date: new Date(now - 2 * 24 * 3600_000 + mails.length * 1000) });
      }
    }
    const threadCount = Math.ceil(messages / threadsOf);
    const appendStarted = performance.now();
    await appendAll(world.imap.host, world.imap.port, box.address, box.password, mails);
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    console.log(
      `appended ${messages} mails (${threadCount} threads of ${threadsOf}) in ${appendSeconds.toFixed(1)} s (${Math.round(messages / appendSeconds)}/s)`,
    );

    process.env.EMAIL_SCAN_SECONDS = "1";
    // The bench's Dovecot and SMTP server are on this machine.
    process.env.EMAIL_ALLOW_PRIVATE = "true";
    process.env.EMAIL_POLL_SECONDS = "600";
    server = await startServer(database.url, port);
    await db.connect();
    const admin = new Session(base);
    await admin.call("POST", "/api/signup", { first_name: "Бенч", last_name: "Админ", email: "bench-mail@holboo.test", password: "bench-password-1" });
    await admin.call("POST", "/api/onboarding", { company_name: "Бенч мэйл", sector: "technology", employee_range: "11-50", agent_name: "Бенч бот" });

    const importStarted = performance.now();
    const channel = await admin.call<{ id: number }>("POST", "/api/email-channels", { ...box.input, import_days: 7 });
    const stored = async () => {
      const { rows } = await db.query<{ done: string; conversations: string }>(
        "SELECT count(*) FILTER (WHERE message_id IS NOT NULL) AS done, count(DISTINCT interaction_id) AS conversations FROM email_messages WHERE channel_id = $1",
        [channel.id],
      );
      return { done: Number(rows[0]?.done ?? 0), conversations: Number(rows[0]?.conversations ?? 0) };
    };
    let progress = await stored();
    let lastReport = performance.now();
    while (progress.done < messages) {
      await sleep(250);
      progress = await stored();
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`  imported ${progress.done}/${messages}`);
      }
      if (performance.now() - importStarted > 60 * 60_000) throw new Error(`import stalled at ${progress.done}/${messages}`);
    }
    const importSeconds = (performance.now() - importStarted) / 1000;
    const threaded = progress.conversations === threadCount;
    console.log(
      `imported and threaded ${messages} mails into ${progress.conversations} conversations (expected ${threadCount}) in ${importSeconds.toFixed(1)} s (${Math.round(messages / importSeconds)}/s)`,
    );

    // Live mail with the reader in IDLE: the delay from the APPEND to the message in its conversation.
    const delays: number[] = [];
    for (let i = 0; i < arrivals; i += 1) {
      const mail = rawMail({ from: `live${i}@bench.test`, to: box.address, subject: `Шинэ асуулт ${i}`, text: `Шууд ирсэн мэйл ${i}` });
      const started = performance.now();
      await world.imap.append(box.address, mail.raw);
      for (;;) {
        const { rows } = await db.query("SELECT 1 FROM email_messages WHERE channel_id = $1 AND rfc_message_id = $2 AND message_id IS NOT NULL", [
          channel.id,
          mail.messageId,
        ]);
        if (rows.length) break;
        if (performance.now() - started > 60_000) throw new Error(`mail ${i} did not arrive within 60 s`);
        await sleep(10);
      }
      delays.push(performance.now() - started);
      await sleep(200);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    const result = {
      messages,
      threads: threadCount,
      append_per_s: Math.round(messages / appendSeconds),
      import_s: Number(importSeconds.toFixed(1)),
      import_per_s: Math.round(messages / importSeconds),
      threaded_correctly: threaded,
      arrivals,
      arrival_p50_ms: Math.round(percentile(sorted, 50)),
      arrival_p95_ms: Math.round(percentile(sorted, 95)),
      arrival_max_ms: Math.round(sorted.at(-1) ?? 0),
    };
    console.log(`arrival with IDLE over ${arrivals} mails: p50 ${result.arrival_p50_ms} ms, p95 ${result.arrival_p95_ms} ms, max ${result.arrival_max_ms} ms`);
    console.log(JSON.stringify(result));
  } finally {
    await db.end().catch(() => undefined);
    await tearDown(server, database.name);
    await world.stop();
  }
}

run(main);
