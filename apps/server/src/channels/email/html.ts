import sanitizeHtml from "sanitize-html";

/**
 * A mail's HTML as the conversation may show it: no scripts, styles that reach outside, forms or frames;
 * links open apart; remote images are held back (`data-remote-src`) until the person asks, since loading
 * them tells the sender the mail was read. Inline (`cid:` → `data:`) images stay.
 */
export function sanitizeMailHtml(html: string): { html: string; remoteImages: number } {
  let remoteImages = 0;
  const clean = sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(["img", "span", "font", "center"]),
    allowedAttributes: {
      a: ["href", "title"],
      img: ["src", "alt", "width", "height", "data-remote-src"],
      td: ["colspan", "rowspan", "align", "valign"],
      th: ["colspan", "rowspan", "align", "valign"],
      div: ["class"],
      blockquote: ["type", "class"],
      "*": ["dir", "lang"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["data", "http", "https"] },
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? "";
        if (/^https?:/i.test(src)) {
          remoteImages += 1;
          const { src: _src, ...rest } = attribs;
          return { tagName, attribs: { ...rest, "data-remote-src": src } };
        }
        return { tagName, attribs };
      },
    },
  });
  return { html: clean, remoteImages };
}

/** Puts held-back remote images back, when the person asked to see them. */
export const withRemoteImages = (html: string) => html.replace(/data-remote-src="([^"]*)"/g, 'src="$1"');

const QUOTE_START = [/<blockquote[^>]*type="cite"/i, /<div class="gmail_quote/i, /<div[^>]*class="[^"]*(yahoo_quoted|moz-cite-prefix)/i, /<blockquote/i];

/** Splits a sanitised HTML into the new part and the quoted history below it (folded in the view). */
export function foldQuotedHtml(html: string): { reply: string; quoted: string | null } {
  const starts = QUOTE_START.map((pattern) => pattern.exec(html)?.index ?? -1).filter((index) => index > 0);
  if (!starts.length) return { reply: html, quoted: null };
  const at = Math.min(...starts);
  return { reply: html.slice(0, at), quoted: html.slice(at) };
}

const QUOTE_HEADER = /^(on\s.+wrote:|.+\sбичсэн:|.+\sнаписал[а]?:|-{2,}\s*original message\s*-{2,}|from:\s.+)$/i;

/** A plain-text mail's new part: the text above the first quote header ("On … wrote:") or run of "> " lines. */
export function newTextOf(text: string): string {
  return splitQuotedText(text).reply;
}

/** A plain-text mail split at its quoted history: the new part, and what was cut off (kept to be shown on request). */
export function splitQuotedText(text: string): { reply: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const cut = lines.findIndex((line, index) => {
    const trimmed = line.trim();
    if (QUOTE_HEADER.test(trimmed) && index > 0) return true;
    return trimmed.startsWith(">") && lines.slice(index).every((rest) => rest.trim() === "" || rest.trim().startsWith(">"));
  });
  const kept = (cut === -1 ? lines : lines.slice(0, cut)).join("\n").trim();
  if (!kept) return { reply: text.trim(), quoted: null };
  const quoted = cut === -1 ? "" : lines.slice(cut).join("\n").trim();
  return { reply: kept, quoted: quoted || null };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A plain-text quote as the conversation's folded history shows it (mail without HTML has nothing else to show). */
export const quotedTextAsHtml = (quoted: string) => `<pre>${escapeHtml(quoted)}</pre>`;
