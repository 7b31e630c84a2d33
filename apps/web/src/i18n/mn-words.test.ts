import { ERROR_CATALOGUE, LOCALES } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { loadCatalogues } from "./index.ts";

/**
 * Latin-script words a Mongolian screen may show: names of products, companies and file formats, key names, and
 * technical terms Mongolian users read as they are. Any other Latin word in a Mongolian text is an English leftover.
 */
const NAMES = new Set(
  (
    "Holboo Facebook Messenger Viber Meta Google Gmail Microsoft Outlook Excel QPay OpenAI Azure Ollama vLLM llama cpp Asterisk Stasis " +
    "Authenticator Password WebP Enter Inbox Sent English OAuth OAuth2 webhook http https p90"
  ).split(" "),
);
/** Texts that quote another product's own screens word for word (Meta's and Viber's settings), so a person finds them there. */
const QUOTES_ANOTHER_PRODUCT = new Set([
  "channels.social.tokenHint",
  "channels.social.handoverGuide",
  "channels.social.guideOpen",
  "channels.social.guideSteps.one",
  "channels.social.guideSteps.two",
  "channels.social.guideSteps.three",
  "channels.social.guideSteps.four",
  "error.messenger_page_connect_failed",
  "error.messenger_handover_failed",
  "error.messenger_not_configured",
  "error.viber_token_invalid",
  // The spec (§2) fixes the error screen's heading as "404 Page Not Found" in every language; its text is translated.
  "shell.error.heading",
  // A file name, not shown.
  "guide.video.items.0.file",
  "guide.video.items.1.file",
]);

/** The Latin words of a text a person reads: placeholders, tags, addresses, code and file extensions left out. */
function latinWords(text: string): string[] {
  const read = text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\S*(?:https?:\/\/|www\.|\/\/)\S*/g, " ")
    .replace(/\S*[A-Za-z0-9][._][A-Za-z0-9]\S*/g, " ")
    .replace(/(^|\s)\.[a-z0-9]+/g, " ");
  return read.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
}
/** An abbreviation (API, PDF, MP3, HMAC, SHA256) is read as it is; so is a name of the list above. */
const allowed = (word: string) => NAMES.has(word) || NAMES.has(word.toLowerCase()) || /^[A-Z][A-Z0-9]+$/.test(word) || /^[A-Z]{2,}[a-z]?$/.test(word);

const texts = (value: unknown, key: string): Array<[string, string]> =>
  typeof value === "string"
    ? [[key, value]]
    : value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>).flatMap(([child, inner]) => texts(inner, key ? `${key}.${child}` : child))
      : [];

describe("Mongolian texts", () => {
  it("show no English word, only names, abbreviations and quotes of other products' screens", async () => {
    const catalogues = await loadCatalogues("mn");
    const all = [
      ...Object.entries(catalogues).flatMap(([namespace, catalogue]) => texts(catalogue, namespace)),
      ...Object.entries(ERROR_CATALOGUE).map(([code, entry]): [string, string] => [`error.${code}`, entry.mn]),
    ];
    expect(all.length).toBeGreaterThan(1000);
    const leftovers = all
      .filter(([key]) => !QUOTES_ANOTHER_PRODUCT.has(key))
      .flatMap(([key, text]) =>
        latinWords(text)
          .filter((word) => !allowed(word))
          .map((word) => `${key}: ${word}`),
      );
    expect(leftovers).toEqual([]);
    // The exceptions stay few and true: each names a text that exists.
    expect([...QUOTES_ANOTHER_PRODUCT].filter((key) => !all.some(([text]) => text === key))).toEqual([]);
  });
});

describe("file sizes", () => {
  it("are never written by hand in a text: {{size}} comes from the one formatter, so every screen says 1 МБ (1 MB) alike", async () => {
    const handWritten = [];
    for (const locale of LOCALES) {
      const all = [
        ...Object.entries(await loadCatalogues(locale)).flatMap(([namespace, catalogue]) => texts(catalogue, namespace)),
        ...Object.entries(ERROR_CATALOGUE).map(([code, entry]): [string, string] => [`error.${code}`, entry[locale]]),
      ];
      handWritten.push(
        ...all.filter(([, text]) => /\d\s*(?:[KMG]B|[КМГ]Б)(?![A-Za-zА-Яа-яЁёӨөҮү])/.test(text.replace(/\{\{[^}]*\}\}/g, ""))).map(([key]) => key),
      );
    }
    // The error catalogue's sizes are filled in by the same formatter when it is built.
    expect(handWritten.filter((key) => !key.startsWith("error."))).toEqual([]);
  });
});
