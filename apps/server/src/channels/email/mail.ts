import { createHash } from "node:crypto";
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from "mailparser";
import { foldQuotedHtml, quotedTextAsHtml, sanitizeMailHtml, splitQuotedText } from "./html.ts";
import { messageIdsIn } from "./threading.ts";

/** Why a received mail must not start a conversation nor be answered; null for a person's mail. */
export type LoopReason = "own_address" | "bounce" | "read_receipt" | "auto_reply" | "bulk";

export interface IncomingMail {
  rfcMessageId: string | null;
  /** In-Reply-To first, then References from the newest: the conversation candidates in order. */
  threadIds: string[];
  references: string[];
  subject: string;
  fromAddress: string;
  fromName: string;
  toAddress: string;
  text: string;
  html: string | null;
  quotedHtml: string | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  loop: LoopReason | null;
}

const firstAddress = (value: AddressObject | AddressObject[] | undefined) => (Array.isArray(value) ? value[0] : value)?.value[0];
const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) => group.value.map((entry) => entry.address ?? "").filter(Boolean));

const header = (mail: ParsedMail, name: string): string => {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object" && "value" in value && typeof value.value === "string") return value.value;
  return String(value as unknown);
};

/** A parameter of a structured header (`Content-Type: multipart/report; report-type=…`), lower-case. */
const headerParam = (mail: ParsedMail, name: string, param: string): string => {
  const value = mail.headers.get(name);
  const params = typeof value === "object" && value !== null && "params" in value ? (value.params as Record<string, string>) : {};
  return (params[param] ?? "").toLowerCase();
};

/**
 * RFC 3834 and practice (FreeScout, Chatwoot): mail from the mailbox itself, delivery reports (RFC 3464) and
 * mailer-daemons, read receipts (RFC 8098), auto-replies (`Auto-Submitted` other than `no`, X-Autoreply,
 * X-Autorespond) and bulk or list mail (`Precedence: bulk|list|junk`, List-Id) are never answered and never
 * start conversations.
 */
export function loopReasonOf(mail: ParsedMail, ownAddress: string, sender: string = firstAddress(mail.from)?.address ?? ""): LoopReason | null {
  const from = sender.toLowerCase();
  if (from === ownAddress.toLowerCase()) return "own_address";
  const contentType = header(mail, "content-type").toLowerCase();
  const report = contentType === "multipart/report" ? headerParam(mail, "content-type", "report-type") : "";
  const returnPath = header(mail, "return-path").trim();
  if (/^(mailer-daemon|postmaster)@/i.test(from) || report === "delivery-status" || returnPath === "<>") return "bounce";
  if (report === "disposition-notification") return "read_receipt";
  const autoSubmitted = header(mail, "auto-submitted").trim().toLowerCase();
  if ((autoSubmitted && autoSubmitted !== "no") || mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return "auto_reply";
  const precedence = (header(mail, "precedence") || header(mail, "x-precedence")).trim().toLowerCase();
  // The company's own group (support@ on Google Groups, a Microsoft 365 group) marks every customer's mail as list mail.
  if (isOwnGroupMail(mail, ownAddress)) return null;
  if (["bulk", "list", "junk", "auto_reply"].includes(precedence) || mail.headers.has("list-id") || mail.headers.has("list-unsubscribe")) return "bulk";
  return null;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(":") + 1))
    .join(" ");

/**
 * Mail a group of the mailbox's own domain relays (RFC 2919 List-Id `<support.example.com>`, or List-Post
 * `<mailto:support@example.com>`): a support address run as a group, of which the mailbox is a member. Its
 * mail is the customers', not a newsletter.
 */
export function isOwnGroupMail(mail: ParsedMail, ownAddress: string): boolean {
  const domain = domainOf(ownAddress);
  if (!domain) return false;
  const listId = /<([^>]+)>/.exec(rawHeader(mail, "list-id"))?.[1]?.trim().toLowerCase() ?? "";
  const listPost = /<mailto:([^>?]+)/i.exec(rawHeader(mail, "list-post"))?.[1]?.trim().toLowerCase() ?? "";
  return listId === domain || listId.endsWith(`.${domain}`) || (listPost !== "" && domainOf(listPost) === domain);
}

/** Addresses that only send: a web form's or a notifier's; the person who wrote is in Reply-To. */
const SENDS_ONLY = /^(no-?reply|do-?not-?reply|noreply-[^@]*|mailer|forms?|wordpress|webform|notifications?)@/i;

/**
 * Who wrote the mail. RFC 5322 §3.6.2: From, or Sender when a form or script writes none. Two senders put the
 * person in Reply-To instead: a group of the mailbox's domain that rewrites From to its own address (DMARC,
 * "'Name' via Support"), and a web form's no-reply address; then the one Reply-To address is the customer.
 */
function authorOf(mail: ParsedMail, ownAddress: string) {
  const from = firstAddress(mail.from) ?? firstAddress(mail.headers.get("sender") as AddressObject | undefined);
  const replyTo = Array.isArray(mail.replyTo) ? undefined : mail.replyTo?.value.length === 1 ? mail.replyTo.value[0] : undefined;
  const fromAddress = (from?.address ?? "").toLowerCase();
  const replyAddress = (replyTo?.address ?? "").toLowerCase();
  if (!replyAddress || replyAddress === fromAddress || replyAddress === ownAddress.toLowerCase()) return from;
  const rewrittenByOwnGroup = isOwnGroupMail(mail, ownAddress) && domainOf(fromAddress) === domainOf(ownAddress);
  if (rewrittenByOwnGroup || SENDS_ONLY.test(fromAddress)) return { address: replyAddress, name: replyTo?.name || from?.name || "" };
  return from;
}

/** PostgreSQL text and jsonb cannot hold NUL; mail programs and charset conversions sometimes produce it. */
const clean = (text: string) => text.replaceAll("\u0000", "");

/**
 * A Message-ID as stored and compared: as written, unless it is too long for an index (a few programs write
 * kilobytes), then a digest of it, the same for every copy of the mail and every reference to it.
 */
export function storedMessageId(id: string): string {
  const cleaned = clean(id);
  return cleaned.length <= 250 ? cleaned : `<sha256.${createHash("sha256").update(cleaned).digest("hex")}@long-message-id.invalid>`;
}

/** What an attachment is called when its part has no name: by its type, as mail programs save them. */
function nameOf(attachment: Attachment): string {
  const named = clean(attachment.filename ?? "").trim();
  if (named) return named;
  const type = (attachment.contentType || "").toLowerCase();
  const known: Record<string, string> = {
    "text/calendar": "invite.ics",
    "application/ics": "invite.ics",
    "message/rfc822": "message.eml",
    "message/global": "message.eml",
    "message/delivery-status": "delivery-status.txt",
    "message/disposition-notification": "disposition-notification.txt",
    "message/rfc822-headers": "headers.txt",
    "text/plain": "text.txt",
    "text/html": "page.html",
    "application/pdf": "document.pdf",
  };
  const [kind, subtype = "bin"] = type.split("/");
  return (
    known[type] ??
    (kind === "image" || kind === "audio" || kind === "video" ? `${kind}.${subtype.replace(/^x-/, "").replace("jpeg", "jpg")}` : "attachment.bin")
  );
}

/** Fwd:/Fw: and their translations (Outlook, Gmail, Apple Mail, mail.ru), or the markers Gmail and Apple Mail put above a forwarded mail. */
const FORWARD_SUBJECT = /^\s*(fwd?|fw|wg|tr|rv|enc|vs|doorst|pd|пересл|fwd?\[\d+\])\s*:/i;
const FORWARD_MARKER = /^(-{5,}\s*forwarded message\s*-{5,}|begin forwarded message:|-{5,}\s*пересылаемое сообщение\s*-{5,})\s*$/im;
const isForward = (subject: string, text: string) => FORWARD_SUBJECT.test(subject) || FORWARD_MARKER.test(text);

export async function parseMail(raw: Buffer, ownAddress: string): Promise<IncomingMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true });
  const references = messageIdsIn(mail.references).map(storedMessageId);
  const inReplyTo = messageIdsIn(mail.inReplyTo).map(storedMessageId);
  const sanitized = mail.html ? sanitizeMailHtml(clean(mail.html)) : null;
  const folded = sanitized ? foldQuotedHtml(sanitized.html) : null;
  const subject = clean(mail.subject ?? "").trim();
  // A forward's quoted part is what the customer wants answered: its text is kept whole.
  const text = isForward(subject, mail.text ?? "") ? { reply: clean(mail.text ?? "").trim(), quoted: null } : splitQuotedText(clean(mail.text ?? ""));
  const sender = authorOf(mail, ownAddress);
  const messageId = messageIdsIn(mail.messageId)[0];
  return {
    rfcMessageId: messageId ? storedMessageId(messageId) : null,
    threadIds: [...new Set([...inReplyTo, ...references.slice().reverse()])],
    references,
    subject,
    fromAddress: clean(sender?.address ?? "").toLowerCase(),
    fromName: clean(sender?.name ?? ""),
    toAddress: clean(addresses(mail.to).join(", ")),
    text: text.reply,
    html: folded?.reply ?? null,
    // A mail without HTML keeps its quoted history (a reply's quote, a forwarded message) as text to show on request.
    quotedHtml: folded ? folded.quoted : text.quoted ? quotedTextAsHtml(text.quoted) : null,
    attachments: mail.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment) => ({
        filename: nameOf(attachment),
        contentType: clean(attachment.contentType || "application/octet-stream"),
        content: attachment.content,
      })),
    loop: loopReasonOf(mail, ownAddress, sender?.address ?? ""),
  };
}
