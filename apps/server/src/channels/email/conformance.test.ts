import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeChannelConformance } from "../../../test/channel-conformance.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { dovecotMissing } from "../../../test/dovecot.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { connectedMailbox } from "../../../test/mail-inbox.ts";
import { rawMail, startMailWorld, type MailWorld } from "../../../test/mail-world.ts";
import { until } from "../../../test/sockets.ts";
import { parseMail } from "./mail.ts";

/**
 * The e-mail adapter's conformance: mail as the standards' own examples and the big mail programs write it
 * (test/email-conformance/*.eml: each file follows its source's shape — header order, boundaries, encodings,
 * charsets — with our own content), read from a real IMAP server and taken by the inbound job. Every case is
 * labelled with what must become of it: `handled` (a message in the inbox, with the text and files checked
 * here) or `ignored` (recorded with its reason and logged, never answered). Refused — the job failing on it, or
 * the mail left unprocessed — must never happen; the run prints the three counts.
 */
type Outcome = "handled" | "ignored" | "refused";

interface Case {
  file: string;
  /** The standard or client whose output the case follows. */
  source: string;
  expect: Exclude<Outcome, "refused">;
  /** handled: text the message must contain, and its files' names (in order). */
  text?: string;
  files?: string[];
  /** handled: the customer the mail is from (when it is not simply From). */
  from?: string;
  /** ignored: the reason recorded. */
  reason?: string;
}

const CASES: Case[] = [
  // RFC 5322 Appendix A: the standard's own example messages.
  { file: "rfc5322-a1-1-simple-addressing.eml", source: "RFC 5322 A.1.1", expect: "handled", text: 'So, "Hello".' },
  { file: "rfc5322-a1-2-mailbox-forms.eml", source: "RFC 5322 A.1.2", expect: "handled", text: "Hi everyone." },
  { file: "rfc5322-a1-3-group-addresses.eml", source: "RFC 5322 A.1.3", expect: "handled", text: "Testing." },
  { file: "rfc5322-a2-reply.eml", source: "RFC 5322 A.2", expect: "handled", text: "This is a reply to your hello." },
  { file: "rfc5322-a5-comments-and-whitespace.eml", source: "RFC 5322 A.5", expect: "handled", text: "Testing." },
  { file: "rfc5322-a6-obsolete-syntax.eml", source: "RFC 5322 A.6 (obsolete syntax)", expect: "handled", text: "Hi everyone." },
  // MIME: RFC 2045, 2046, 2047, 2231, 6532.
  {
    file: "rfc2046-5-1-1-multipart-preamble-epilogue.eml",
    source: "RFC 2046 §5.1.1",
    expect: "handled",
    text: "This is explicitly typed plain US-ASCII text.",
  },
  { file: "rfc2047-8-encoded-words.eml", source: "RFC 2047 §8", expect: "handled", text: "Grüße aus Dänemark: Keld Jørn." },
  { file: "rfc2231-parameter-continuations.eml", source: "RFC 2231 §3-4", expect: "handled", files: ["Гэрээ байгуулах гэрээ.pdf"] },
  { file: "rfc2045-quoted-printable-soft-breaks.eml", source: "RFC 2045 §6.7", expect: "handled", text: "1+1=2, and this line was broken softly" },
  { file: "rfc2045-no-mime-headers-8bit.eml", source: "RFC 2045 §5.2 defaults, 8-bit body", expect: "handled", text: "захиалгын дугаар 5521" },
  { file: "rfc6532-utf8-headers.eml", source: "RFC 6532 (UTF-8 headers)", expect: "handled", text: "Хүргэлт хэзээ ирэх вэ?" },
  { file: "rfc2046-message-rfc822-forward.eml", source: "RFC 2046 §5.2.1 message/rfc822", expect: "handled", text: "See the mail below" },
  { file: "rfc2046-multipart-digest.eml", source: "RFC 2046 §5.1.5 multipart/digest", expect: "handled", text: "Two messages follow." },
  {
    file: "rfc6047-imip-request-google-calendar.eml",
    source: "RFC 6047 iMIP REQUEST (Google Calendar)",
    expect: "handled",
    text: "уригдлаа",
    files: ["invite.ics", "invite.ics"],
  },
  {
    file: "rfc6047-imip-reply-outlook-accepted.eml",
    source: "RFC 6047 iMIP REPLY (Outlook)",
    expect: "handled",
    text: "Accepted: Contract meeting",
    files: ["invite.ics"],
  },
  { file: "rfc5751-smime-signed.eml", source: "RFC 5751 S/MIME signed", expect: "handled", text: "signed order 7781", files: ["smime.p7s"] },
  { file: "rfc5751-smime-encrypted.eml", source: "RFC 5751 S/MIME enveloped", expect: "handled", text: "Encrypted contract", files: ["smime.p7m"] },
  { file: "rfc3156-pgp-mime-signed.eml", source: "RFC 3156 PGP/MIME signed", expect: "handled", text: "open on Sunday", files: ["signature.asc"] },
  // Automatic mail: RFC 3464 delivery reports, RFC 3834 auto-replies, RFC 8098 read receipts, lists and bulk.
  { file: "rfc3464-dsn-failed.eml", source: "RFC 3464 DSN (failed)", expect: "ignored", reason: "bounce" },
  { file: "rfc3464-dsn-delayed.eml", source: "RFC 3464 DSN (delayed)", expect: "ignored", reason: "bounce" },
  { file: "exchange-online-ndr.eml", source: "Exchange Online NDR", expect: "ignored", reason: "bounce" },
  { file: "gmail-bounce-mailer-daemon.eml", source: "Gmail DSN", expect: "ignored", reason: "bounce" },
  { file: "postfix-bounce-undelivered.eml", source: "Postfix bounce", expect: "ignored", reason: "bounce" },
  { file: "rfc8098-mdn-read-receipt.eml", source: "RFC 8098 MDN", expect: "ignored", reason: "read_receipt" },
  { file: "rfc3834-auto-replied.eml", source: "RFC 3834 auto-replied", expect: "ignored", reason: "auto_reply" },
  { file: "rfc3834-auto-generated-notification.eml", source: "RFC 3834 auto-generated", expect: "ignored", reason: "auto_reply" },
  { file: "exchange-automatic-reply.eml", source: "Exchange automatic reply", expect: "ignored", reason: "auto_reply" },
  { file: "gmail-vacation-responder.eml", source: "Gmail vacation responder", expect: "ignored", reason: "auto_reply" },
  { file: "list-mailing-list-post.eml", source: "RFC 2919 List-Id", expect: "ignored", reason: "bulk" },
  { file: "bulk-newsletter.eml", source: "Precedence: bulk, RFC 8058 one-click unsubscribe", expect: "ignored", reason: "bulk" },
  // A support address run as a group of the mailbox's own domain: list mail, From rewritten to the group (DMARC).
  {
    file: "google-groups-own-support-group.eml",
    source: "Google Groups (the company's own support@ group)",
    expect: "handled",
    text: "захиалга 7731",
    from: "bolormaa.dorj@gmail.example",
  },
  {
    file: "webform-noreply-with-reply-to.eml",
    source: "a website's contact form (no-reply From, Reply-To)",
    expect: "handled",
    text: "Бараа буцаах",
    from: "ganbat@customer.example",
  },
  // Gmail.
  { file: "gmail-web-alternative-cyrillic.eml", source: "Gmail web", expect: "handled", text: "Миний захиалга хаана явж байна вэ?" },
  { file: "gmail-web-reply-with-quote.eml", source: "Gmail web reply", expect: "handled", text: "Thank you, that helps." },
  {
    file: "gmail-web-attachment-encoded-name.eml",
    source: "Gmail web attachment",
    expect: "handled",
    text: "Нэхэмжлэлээ хавсаргав.",
    files: ["Нэхэмжлэл №42.pdf"],
  },
  { file: "gmail-web-inline-image-related.eml", source: "Gmail web inline image (Content-ID)", expect: "handled", text: "The item arrived broken", files: [] },
  { file: "gmail-forwarded-inline.eml", source: "Gmail forward", expect: "handled", text: "Payment of 120000 MNT" },
  // Outlook and Exchange.
  { file: "outlook-desktop-mixed-xlsx.eml", source: "Outlook desktop", expect: "handled", text: "Үнийн саналыг хавсаргав.", files: ["Үнийн санал 2025.xlsx"] },
  { file: "outlook-desktop-related-signature-image.eml", source: "Outlook signature image (Content-ID)", expect: "handled", text: "3rd floor", files: [] },
  { file: "outlook-tnef-winmail.eml", source: "Outlook rich text (TNEF)", expect: "handled", text: "order form", files: ["winmail.dat"] },
  { file: "outlook-web-html-only.eml", source: "Outlook on the web, HTML only, ISO-8859-1", expect: "handled", text: "Café colour" },
  { file: "outlook-iso-8859-1-german.eml", source: "Outlook ISO-8859-1", expect: "handled", text: "Hauptstraße 5. Grüße, Jürgen" },
  // Apple.
  { file: "apple-mail-alternative-qp.eml", source: "Apple Mail (macOS)", expect: "handled", text: "Төлбөрөө шилжүүлсэн" },
  {
    file: "apple-mail-attachment-between-text-rfc2231.eml",
    source: "Apple Mail, file between text, RFC 2231 name",
    expect: "handled",
    text: "Tell me what you think.",
    files: ["Гэрээний төсөл.pdf"],
  },
  { file: "iphone-mail-plain-qp.eml", source: "iPhone Mail", expect: "handled", text: "Буцаалт хийж болох уу?" },
  { file: "iphone-mail-photo.eml", source: "iPhone Mail with a photo", expect: "handled", text: "Receipt attached", files: ["IMG_0001.jpeg"] },
  // Android, Thunderbird, Yahoo, and mail programs of other scripts and charsets.
  { file: "samsung-email-android.eml", source: "Samsung Email (Android)", expect: "handled", text: "Гутлын хэмжээг 38" },
  { file: "thunderbird-format-flowed-8bit.eml", source: "Thunderbird, RFC 3676 format=flowed", expect: "handled", text: "Thunderbird үүнийг зөөлөн тасалсан" },
  { file: "yahoo-mail-parts.eml", source: "Yahoo Mail", expect: "handled", text: "wrap the order as a gift" },
  { file: "mailru-windows-1251-8bit.eml", source: "Mail.ru, windows-1251", expect: "handled", text: "Когда придёт мой заказ?" },
  { file: "thebat-koi8-r.eml", source: "The Bat!, KOI8-R", expect: "handled", text: "счёт на оплату" },
  { file: "docomo-iso-2022-jp.eml", source: "Japanese phone mail, ISO-2022-JP", expect: "handled", text: "いつ届きますか" },
  { file: "shift-jis-japanese.eml", source: "Shift_JIS", expect: "handled", text: "返品したいです" },
  { file: "qqmail-gb2312-html.eml", source: "QQ Mail, GB2312", expect: "handled", text: "请给我开发票" },
  { file: "big5-traditional-chinese.eml", source: "Big5", expect: "handled", text: "何時出貨" },
  { file: "naver-euc-kr.eml", source: "Naver, EUC-KR", expect: "handled", text: "배송은 언제 되나요?" },
  { file: "unknown-charset-label.eml", source: "unknown charset label", expect: "handled", text: "Plain ASCII under a label nobody knows." },
  // What scripts, forms and old programs send.
  { file: "edge-no-message-id.eml", source: "no Message-ID", expect: "handled", text: "sets no Message-ID" },
  { file: "edge-sender-without-from.eml", source: "Sender without From (RFC 5322 §3.6.2)", expect: "handled", text: "without From" },
  { file: "edge-no-originator.eml", source: "no From and no Sender", expect: "ignored", reason: "no_sender" },
  { file: "edge-empty-body-and-subject.eml", source: "empty subject and body", expect: "handled", text: "" },
  { file: "edge-only-attachment-no-text.eml", source: "no text body, one file", expect: "handled", text: "Scan 2025-01-15", files: ["scan0001.pdf"] },
  { file: "edge-nul-bytes-in-text.eml", source: "NUL in an 8-bit body and an encoded-word subject", expect: "handled", text: "8812." },
  { file: "edge-very-long-message-id.eml", source: "Message-ID of 3 kB", expect: "handled", text: "longer than an index row" },
  { file: "edge-bare-lf-line-endings.eml", source: "bare LF line endings", expect: "handled", text: "Second line." },
  {
    file: "edge-many-attachments.eml",
    source: "30 attachments",
    expect: "handled",
    text: "Thirty photos",
    files: Array.from({ length: 30 }, (_, i) => `photo${String(i + 1).padStart(2, "0")}.png`),
  },
  {
    file: "edge-attachment-without-name.eml",
    source: "attachments without names",
    expect: "handled",
    text: "neither named",
    files: ["image.jpg", "attachment.bin"],
  },
];

/** A mail above LIMITS.emailMaxBytes (25 MB): its text comes first, then a 26 MB attachment (as any mail program writes it). */
function hugeMail(): Buffer {
  const boundary = "huge-boundary-0001";
  const head = [
    "From: Big Sender <big@huge.example>",
    "To: support@shop.test",
    "Subject: A video of the problem",
    "Message-ID: <huge-mail-26mb@huge.example>",
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "",
    "The video shows the problem; it is large.",
    `--${boundary}`,
    'Content-Type: video/mp4; name="problem.mp4"',
    'Content-Disposition: attachment; filename="problem.mp4"',
    "Content-Transfer-Encoding: base64",
    "",
    "",
  ].join("\r\n");
  const video =
    (
      randomBytes(64 * 1024)
        .toString("base64")
        .match(/.{1,76}/g) ?? []
    ).join("\r\n") + "\r\n";
  const body = video.repeat(Math.ceil((26 * 1024 * 1024) / video.length));
  return Buffer.concat([Buffer.from(head), Buffer.from(body), Buffer.from(`--${boundary}--\r\n`)]);
}

const FIXTURES = path.resolve(import.meta.dirname, "../../../test/email-conformance");
const missing = dovecotMissing();

let t: TestApp;
let world: MailWorld;
beforeAll(async () => {
  if (missing) return;
  world = await startMailWorld();
  t = await startTestApp({
    LOG_LEVEL: process.env.EMAIL_TEST_LOG ?? "silent",
    EMAIL_READERS: "true",
    EMAIL_SCAN_SECONDS: "0.3",
    EMAIL_POLL_SECONDS: "1",
    EMAIL_ALLOW_PRIVATE: "true",
    HOLBOO_SECRET_KEY: randomBytes(32).toString("hex"),
  });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await world?.stop();
});

describe.skipIf(missing)("e-mail conformance: the standards' examples and the big mail programs' output", () => {
  it("handles or records-and-ignores every case; refuses none", async () => {
    const box = await connectedMailbox(t, world);
    const all = [
      ...CASES,
      { file: "(generated) 26 MB mail", source: "a mail above the 25 MB limit", expect: "handled" as const, text: "The video shows the problem", files: [] },
    ];
    const raws = new Map(all.map((c) => [c.file, c.file.startsWith("(generated)") ? hugeMail() : readFileSync(path.join(FIXTURES, c.file))]));
    const uids = new Map<string, number>();
    for (const c of all) uids.set(c.file, (await world.imap.append(box.address, raws.get(c.file) ?? Buffer.alloc(0))).uid);

    const pool = t.database.pool;
    const channelId = box.channel.id;
    const pending = async () =>
      (
        await pool.query<{ stored: number; open: number }>(
          "SELECT count(*)::int AS stored, count(*) FILTER (WHERE processed_at IS NULL)::int AS open FROM channel_events WHERE channel_id = $1",
          [channelId],
        )
      ).rows[0];
    // Until every mail is stored and processed; a failing one is retried at once (makeWaitingJobsDue), so a
    // refusal shows as a mail still open at the end rather than as a wait.
    const started = Date.now();
    for (;;) {
      const now = await pending();
      if (now?.stored === all.length && now.open === 0) break;
      if (Date.now() - started > 120_000) break;
      await makeWaitingJobsDue(t);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const { rows: boxRows } = await pool.query<{ uid_validity: number }>("SELECT uid_validity FROM email_mailboxes WHERE channel_id = $1", [channelId]);
    const uidValidity = boxRows[0]?.uid_validity ?? 0;
    const results: Array<{ file: string; source: string; expected: string; outcome: Outcome; problem: string | null }> = [];
    for (const c of all) {
      const uid = uids.get(c.file) ?? 0;
      const parsed = await parseMail(c.file.startsWith("(generated)") ? Buffer.alloc(0) : (raws.get(c.file) ?? Buffer.alloc(0)), box.address);
      const rfcMessageId = c.file.startsWith("(generated)")
        ? "<huge-mail-26mb@huge.example>"
        : (parsed.rfcMessageId ?? `<imap.${uidValidity}.${uid}.${channelId}@holboo.local>`);
      const { rows } = await pool.query<{
        ignored_reason: string | null;
        message_id: string | null;
        from_address: string | null;
        text: string | null;
        attachments: Array<{ name: string }> | null;
      }>(
        `SELECT e.ignored_reason, e.message_id, e.from_address, m.text, m.attachments FROM email_messages e LEFT JOIN messages m ON m.id = e.message_id
         WHERE e.channel_id = $1 AND e.rfc_message_id = $2`,
        [channelId, rfcMessageId],
      );
      const row = rows[0];
      const outcome: Outcome = row?.message_id ? "handled" : row?.ignored_reason ? "ignored" : "refused";
      let problem: string | null = outcome === c.expect ? null : `expected ${c.expect}, was ${outcome}`;
      if (!problem && outcome === "ignored" && c.reason && row?.ignored_reason !== c.reason)
        problem = `ignored as ${row?.ignored_reason}, expected ${c.reason}`;
      if (!problem && outcome === "handled") {
        const text = row?.text ?? "";
        const files = (row?.attachments ?? []).map((file) => file.name);
        if (c.text !== undefined && !text.includes(c.text)) problem = `text ${JSON.stringify(text.slice(0, 200))} lacks ${JSON.stringify(c.text)}`;
        else if (c.text === "" && text !== "") problem = `text ${JSON.stringify(text)} should be empty`;
        else if (c.files && JSON.stringify(files) !== JSON.stringify(c.files)) problem = `files ${JSON.stringify(files)}, expected ${JSON.stringify(c.files)}`;
        else if (text.includes("\u0000")) problem = "text holds NUL";
        else if (c.from && row?.from_address !== c.from) problem = `from ${row?.from_address}, expected ${c.from}`;
      }
      results.push({ file: c.file, source: c.source, expected: c.expect, outcome, problem });
    }
    const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
    console.log(`e-mail conformance: ${results.length} cases: ${count("handled")} handled, ${count("ignored")} ignored, ${count("refused")} refused`);
    expect(results.filter((r) => r.problem)).toEqual([]);
    expect(count("refused")).toBe(0);
  }, 240_000);
});

/**
 * E-mail through the suite every adapter runs: a customer's mail lands in the mailbox Holboo reads (its
 * Message-ID is the event id, so the same mail again is a redelivery), and replies leave through the mailbox's
 * SMTP, which the world can make refuse for a while (451) or for good (550). Holboo logs in to read, so no
 * event can be pushed to it forged.
 */
describe.skipIf(missing)("e-mail as a channel adapter", () => {
  describeChannelConformance(
    {
      name: "e-mail",
      live: false,
      pulled: true,
      async connect(app) {
        const box = await connectedMailbox(app, world);
        const customer = await world.customer();
        let appended = 0;
        return {
          staff: box.client,
          async customerSends(text, eventId) {
            const mail = rawMail({ from: customer, to: box.address, subject: "Захиалга", text, messageId: `<${eventId}@mail.test>` });
            await world.imap.append(box.address, mail.raw);
            appended += 1;
            return { status: 200 };
          },
          forged: null,
          async handedOver() {
            const mails = await Promise.all(world.accepted.map((raw) => simpleParser(raw)));
            // The reply's own text: what comes before the signature's "-- " line and the quoted mail.
            return mails.filter((mail) => mail.from?.value[0]?.address === box.address).map((mail) => (mail.text ?? "").split("\n-- \n")[0]?.trim() ?? "");
          },
          async settled() {
            await until(async () => {
              const { rows } = await app.database.pool.query<{ stored: number; open: number }>(
                "SELECT count(*)::int AS stored, count(*) FILTER (WHERE processed_at IS NULL)::int AS open FROM channel_events WHERE channel_id = $1",
                [box.channel.id],
              );
              return rows[0]?.stored === appended && rows[0].open === 0;
            }, 10_000);
          },
          failNext: (kind) => world.sends.failNext(kind),
        };
      },
    },
    () => t,
  );
});
