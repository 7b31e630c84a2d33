/** A mail text cut into plain parts and http(s) links, so links can be rendered clickable without HTML. */
export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const LINK = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?)\]}»]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ kind: "text", value: text.slice(last, start) });
    parts.push({ kind: "link", value: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: "text", value: text.slice(last) });
  return parts;
}

export const firstLink = (text: string): string | null => splitLinks(text).find((part) => part.kind === "link")?.value ?? null;
