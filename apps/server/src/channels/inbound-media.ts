import { LIMITS, type AttachmentView, type Locale } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { storeAttachment } from "../modules/interactions/attachments.service.ts";
import { AppError } from "../platform/http/errors.ts";

/** What the customer sees in place of a file Holboo could not keep, followed by the provider's link. */
const KEPT_AS_LINK: Record<Locale, string> = {
  mn: "Файл хэт том эсвэл зөвшөөрөгдөөгүй төрлийн тул холбоосоор хадгалав:",
  en: "The file is too large or of a type not allowed, so it is kept as a link:",
};

export type FetchedMedia = { attachment: AttachmentView } | { note: string };

/**
 * A customer's picture or file from the provider's URL, stored as a message attachment within the size
 * limit; a larger file, or one of a type not allowed, becomes a note with its link, never dropped silently.
 * A network failure throws, so the event's job tries again.
 */
export async function fetchInboundMedia(ctx: AppContext, companyId: number, url: string, name: string, locale: Locale): Promise<FetchedMedia> {
  const asLink = { note: `${KEPT_AS_LINK[locale]} ${url}` };
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`media answered ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > LIMITS.attachmentBytes) {
    await response.body?.cancel();
    return asLink;
  }
  const data = await readUpTo(response, LIMITS.attachmentBytes + 1);
  try {
    return { attachment: await storeAttachment(ctx, companyId, name, data, data.length > LIMITS.attachmentBytes) };
  } catch (error) {
    if (error instanceof AppError) return asLink;
    throw error;
  }
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
