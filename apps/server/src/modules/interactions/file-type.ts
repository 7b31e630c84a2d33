import { sniffImageType } from "../companies/companies.service.ts";

const startsWith = (data: Buffer, text: string) => data.subarray(0, text.length).toString("latin1") === text;

/** Attachment types we accept, decided from the content; the declared type and name are not trusted. */
export function sniffAttachmentType(data: Buffer): string | null {
  const image = sniffImageType(data);
  if (image) return image;
  if (startsWith(data, "%PDF-")) return "application/pdf";
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) return "application/zip";
  if (!data.includes(0) && Buffer.from(data.toString("utf8"), "utf8").equals(data)) return "text/plain";
  return null;
}
