import { randomBytes } from "node:crypto";

/** The reply token a conversation's subjects carry, e.g. "Re: Захиалга [#k3x9q2ab]". */
const TOKEN = /\[#([a-z0-9]{8})\]/i;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function newReplyToken(): string {
  return [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export const tokenInSubject = (subject: string): string | null => TOKEN.exec(subject)?.[1]?.toLowerCase() ?? null;

/** A subject without reply/forward prefixes in the languages our customers write (Re, Fwd, RE:, Хариу, AW, SV…) and without our token. */
export function baseSubject(subject: string): string {
  let current = subject.replace(TOKEN, "").trim();
  const prefix = /^(re|fw|fwd|aw|sv|vs|wg|ha|хариу|хар|от|отв|ответ)\s*(\[\d+\])?\s*:\s*/i;
  while (prefix.test(current)) current = current.replace(prefix, "").trim();
  return current;
}

export function replySubject(subject: string, token: string, isReply: boolean): string {
  const base = baseSubject(subject) || "(no subject)";
  return `${isReply ? "Re: " : ""}${base} [#${token}]`;
}

/** Message-IDs in a References or In-Reply-To value, with their angle brackets. */
export function messageIdsIn(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...text.matchAll(/<[^<>\s]+>/g)].map((match) => match[0]);
}

/** Our own Message-ID for a reply: derived from the message, so a retried delivery sends the same one. */
export function outgoingMessageId(companyId: number, messageId: number, address: string): string {
  const domain = address.split("@")[1] || "holboo.local";
  return `<holboo.${companyId}.${messageId}@${domain}>`;
}
