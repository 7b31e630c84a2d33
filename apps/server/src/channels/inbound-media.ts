import { LIMITS, type AttachmentView, type Locale } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { storeAttachment } from "../modules/interactions/attachments.service.ts";
import { AppError } from "../platform/http/errors.ts";

/** What the customer's message shows in place of a file Holboo could not keep, followed by the provider's link. */
const KEPT_AS_LINK: Record<Locale, string> = {
  mn: "Файл хэт том эсвэл зөвшөөрөгдөөгүй төрлийн тул холбоосоор хадгалав:",
  en: "The file is too large or of a type not allowed, so it is kept as a link:",
};

/** Shown while the file is still being downloaded again (inbound-media.job.ts replaces it by the file). */
const NOT_YET: Record<Locale, string> = {
  mn: "Файлыг одоохондоо татаж чадсангүй, ирмэгц энд нэмэгдэнэ:",
  en: "The file could not be downloaded yet; it will be added here when it arrives:",
};

/** Shown when every later try failed too. */
const NEVER_ARRIVED: Record<Locale, string> = {
  mn: "Файлыг татаж чадсангүй, холбоосоор үлдээв:",
  en: "The file could not be downloaded, so it is kept as a link:",
};

/** A file the provider did not hand over at the first try: its link, the name to store it under, the message's note. */
export interface PendingMedia {
  url: string;
  name: string;
  note: string;
}

export type FetchedMedia = { attachment: AttachmentView } | { note: string } | { pending: PendingMedia };

export const neverArrivedNote = (url: string, locale: Locale) => `${NEVER_ARRIVED[locale]} ${url}`;

/** One try: the stored file, a note with the link (too large, a type not allowed), or null when it could not be had now. */
export async function downloadInboundMedia(ctx: AppContext, companyId: number, url: string, name: string, locale: Locale) {
  const asLink = { note: `${KEPT_AS_LINK[locale]} ${url}` };
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch((error: unknown) => {
    ctx.log.warn({ err: error, url }, "provider media could not be downloaded");
    return null;
  });
  if (!response?.ok) {
    if (response) ctx.log.warn({ status: response.status, url }, "provider media could not be downloaded");
    await response?.body?.cancel();
    return null;
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > LIMITS.attachmentBytes) {
    await response.body?.cancel();
    return asLink;
  }
  const data = await readUpTo(response, LIMITS.attachmentBytes + 1).catch(() => null);
  if (!data) return null;
  try {
    return { attachment: await storeAttachment(ctx, companyId, name, data, data.length > LIMITS.attachmentBytes) };
  } catch (error) {
    if (error instanceof AppError) return asLink;
    throw error;
  }
}

/**
 * A customer's picture or file from the provider's URL, stored as a message attachment within the size
 * limit; a larger file, or one of a type not allowed, becomes a note with its link, never dropped silently.
 * One that cannot be downloaded now (the provider's host is down, answers an error) does not hold the
 * message back: it shows at once with the link and a note, and inbound-media.job.ts keeps trying.
 */
export async function fetchInboundMedia(ctx: AppContext, companyId: number, url: string, name: string, locale: Locale): Promise<FetchedMedia> {
  return (await downloadInboundMedia(ctx, companyId, url, name, locale)) ?? { pending: { url, name, note: `${NOT_YET[locale]} ${url}` } };
}

/** Reads at most `max` bytes of a body, so a provider's huge file never sits whole in memory. */
async function readUpTo(response: Response, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    size += value.length;
    if (size >= max) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** The file name a provider's link ends in, when it has one with an extension. */
export function fileNameOf(url: string): string | null {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return /^[^/\\]{1,200}\.[A-Za-z0-9]{1,8}$/.test(last) ? last : null;
  } catch {
    return null;
  }
}

/** The media of one provider message, fetched in order: attachments, notes, and what is still to come. */
export class InboundMediaSet {
  readonly attachments: AttachmentView[] = [];
  readonly notes: string[] = [];
  readonly pending: PendingMedia[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly companyId: number,
  ) {}

  /** Named as the provider names it (`given`), else as its link does ("…/receipt.pdf"), else `fallback`. */
  async add(url: string, fallback: string, given?: string | null, locale: Locale = "mn") {
    const fetched = await fetchInboundMedia(this.ctx, this.companyId, url, given || fileNameOf(url) || fallback, locale);
    if ("attachment" in fetched) this.attachments.push(fetched.attachment);
    else if ("note" in fetched) this.notes.push(fetched.note);
    else {
      this.notes.push(fetched.pending.note);
      this.pending.push(fetched.pending);
    }
  }
}
