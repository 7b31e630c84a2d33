import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { foldQuotedHtml, newTextOf, sanitizeMailHtml } from "./html.ts";
import { messageIdsIn } from "./threading.ts";

/** Why a received mail must not start a conversation nor be answered; null for a person's mail. */
export type LoopReason = "own_address" | "bounce" | "auto_reply" | "bulk";

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

/**
 * RFC 3834 and practice (FreeScout, Chatwoot): mail from the mailbox itself, delivery reports and
 * mailer-daemons, auto-replies (`Auto-Submitted` other than `no`, X-Autoreply, X-Autorespond) and bulk or
 * list mail (`Precedence: bulk|list|junk`, List-Id) are never answered and never start conversations.
 */
export function loopReasonOf(mail: ParsedMail, ownAddress: string): LoopReason | null {
  const from = (firstAddress(mail.from)?.address ?? "").toLowerCase();
  if (from === ownAddress.toLowerCase()) return "own_address";
  const contentType = header(mail, "content-type").toLowerCase();
  const returnPath = header(mail, "return-path").trim();
  if (/^(mailer-daemon|postmaster)@/i.test(from) || contentType.includes("report-type=delivery-status") || returnPath === "<>") return "bounce";
  const autoSubmitted = header(mail, "auto-submitted").trim().toLowerCase();
  if ((autoSubmitted && autoSubmitted !== "no") || mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return "auto_reply";
  const precedence = (header(mail, "precedence") || header(mail, "x-precedence")).trim().toLowerCase();
  if (["bulk", "list", "junk", "auto_reply"].includes(precedence) || mail.headers.has("list-id") || mail.headers.has("list-unsubscribe")) return "bulk";
  return null;
}

export async function parseMail(raw: Buffer, ownAddress: string): Promise<IncomingMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true });
  const references = messageIdsIn(mail.references);
  const inReplyTo = messageIdsIn(mail.inReplyTo);
  const sanitized = mail.html ? sanitizeMailHtml(mail.html) : null;
  const folded = sanitized ? foldQuotedHtml(sanitized.html) : null;
  const sender = firstAddress(mail.from);
  return {
    rfcMessageId: messageIdsIn(mail.messageId)[0] ?? null,
    threadIds: [...new Set([...inReplyTo, ...references.slice().reverse()])],
    references,
    subject: (mail.subject ?? "").trim(),
    fromAddress: (sender?.address ?? "").toLowerCase(),
    fromName: sender?.name ?? "",
    toAddress: addresses(mail.to).join(", "),
    text: newTextOf(mail.text ?? ""),
    html: folded?.reply ?? null,
    quotedHtml: folded?.quoted ?? null,
    attachments: mail.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment) => ({
        filename: attachment.filename ?? "attachment",
        contentType: attachment.contentType || "application/octet-stream",
        content: attachment.content,
      })),
    loop: loopReasonOf(mail, ownAddress),
  };
}
