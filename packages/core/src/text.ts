const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Avatar initials: at most two characters, the first letter or digit of the first two words that have one ("Зочин #7" → "З7"). */
export function initials(name: string | null | undefined): string {
  const letters = neutralizeBidi(name ?? "")
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((character) => LETTER_OR_DIGIT.test(character)) ?? "")
    .filter(Boolean);
  return letters.slice(0, 2).join("").toLocaleUpperCase().slice(0, 2);
}

/** A person's shown name; bidi controls are neutralised (names are typed by anyone: visitors, imports, sign-ups). */
export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  neutralizeBidi([first, last].filter((part) => part && part.trim()).join(" "));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be stored, or null: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD or refused, depending on the path).
 */
export function unstorableText(text: string): "nul" | "surrogate" | null {
  if (text.includes("\u0000")) return "nul";
  return LONE_SURROGATE.test(text) ? "surrogate" : null;
}

const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/**
 * A stored link's address if it is http(s), mailto or tel (or an anchor on the page), else null. Browsers ignore
 * tabs, newlines and control characters inside a scheme ("java\tscript:"), so they are ignored here too.
 */
export function safeLink(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const trimmed = href.trim();
  if (trimmed.startsWith("#")) return trimmed;
  // eslint-disable-next-line no-control-regex -- control characters are what browsers drop from a scheme
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed.replace(/[\u0000-\u0020\u007f]/g, ""))?.[1]?.toLowerCase();
  return scheme && LINK_SCHEMES.has(scheme) ? trimmed : null;
}

/** Characters that reorder the text around them (embeddings, overrides, isolates, marks). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A name as shown: bidi controls removed, so "user\u202Egnp.exe" cannot read as "userexe.png". */
export const neutralizeBidi = (text: string): string => text.replace(BIDI_CONTROLS, "");
