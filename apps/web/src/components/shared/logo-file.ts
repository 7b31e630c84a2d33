import { LIMITS, type ErrorCode } from "@holboo/core";

/** The image types the server accepts for a logo (it sniffs the bytes again). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Why a chosen file cannot be a logo, checked before uploading: at most 1 MB, and an image. */
export function logoFileProblem(file: Pick<File, "size" | "type">): ErrorCode | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "logo_not_image";
  if (file.size > LIMITS.logoBytes) return "logo_too_large";
  return null;
}
