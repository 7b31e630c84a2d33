import type { Locale } from "./locale.ts";

/** The units of a file size, in each language (Mongolian writes them in Cyrillic). */
const UNITS: Record<Locale, readonly string[]> = { mn: ["Б", "КБ", "МБ", "ГБ"], en: ["B", "KB", "MB", "GB"] };

/**
 * A file size as people read it ("1 МБ", "1.5 MB", "500 KB"), binary units, at most one decimal. Every size the
 * product shows or writes (limits in hints and errors, attachments) goes through this one function.
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  const units = UNITS[locale];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${units[unit]}`;
}
