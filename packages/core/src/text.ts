/** Avatar initials: at most two characters, from the first letters of the first two words. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return letters.join("").toLocaleUpperCase().slice(0, 2);
}

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].filter((part) => part && part.trim()).join(" ");

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be stored, or null: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD or refused, depending on the path).
 */
export function unstorableText(text: string): "nul" | "surrogate" | null {
  if (text.includes("\u0000")) return "nul";
  return LONE_SURROGATE.test(text) ? "surrogate" : null;
}
