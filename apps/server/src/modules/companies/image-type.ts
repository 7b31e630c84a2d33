import { LIMITS } from "@holboo/core";
import { fail } from "../../platform/http/errors.ts";
/** Detects an image type from its first bytes; the client's declared type is never trusted. */
export function sniffImageType(data: Buffer): "image/png" | "image/jpeg" | "image/gif" | "image/webp" | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 6 && ["GIF87a", "GIF89a"].includes(data.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (data.length >= 12 && data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return null;
}

/** A logo (the company's, a web chat's) must be an image of at most 1 MB; answers its sniffed type. */
export function logoImageType(data: Buffer, truncated: boolean) {
  if (truncated || data.length > LIMITS.logoBytes) fail("logo_too_large");
  return sniffImageType(data) ?? fail("logo_not_image");
}
