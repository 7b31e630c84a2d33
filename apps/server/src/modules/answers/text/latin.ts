/**
 * The ways a Latin-typed Mongolian word may be read. Phones and keyboards without Cyrillic make one Latin
 * letter stand for several Cyrillic ones, and the skeleton (normalize.ts) cannot know which was meant:
 * - u is у, ү or ө ("ugnu" = өгнө); v is в or ү ("vne" = үнэ); y is ы, й or ү ("yg" = үг), and before a
 *   vowel it may be the glide typed for е ("matyerial" = материал);
 * - "yo", "ye" are е ("yoronhii" = ерөнхий), "ia" and "iu" are я and ю; j may be й ("bajna");
 * - q, and 6 among letters, are ө (the keys nearest its shape: "qgqqch" = өгөөч);
 * - an i after a consonant and before another or at the end may be ь, which the skeleton drops ("yarij").
 * Each reading is a skeleton; the first is the word's own. The index keeps the reading its knowledge uses
 * (engine/respell.ts), so nothing here guesses which word was meant.
 */
import { skeleton } from "./normalize.ts";

/** Alternatives for a letter pair, then for a single letter, as typed → what it may stand for. */
const PAIRS: Record<string, string[]> = { yo: ["yo", "e"], ye: ["ye", "e"], ia: ["ia", "ya"], iu: ["iu", "yu"] };
const VOWEL = /[aeiouy]/;

function alternatives(word: string, at: number): { length: number; options: string[] } {
  const pair = PAIRS[word.slice(at, at + 2)];
  if (pair) return { length: 2, options: pair };
  const ch = word[at] ?? "";
  const next = word[at + 1] ?? "";
  const previous = word[at - 1] ?? "";
  switch (ch) {
    case "u":
      return { length: 1, options: ["u", "o"] };
    case "v":
      return { length: 1, options: ["v", "u"] };
    case "y":
      return { length: 1, options: VOWEL.test(next) ? ["y", "", "u"] : ["y", "u"] };
    case "j":
      return { length: 1, options: previous ? ["j", "i"] : ["j"] };
    case "i":
      return { length: 1, options: previous && !VOWEL.test(previous) && !VOWEL.test(next) ? ["i", ""] : ["i"] };
    case "q":
      return { length: 1, options: ["o"] };
    case "6":
      return { length: 1, options: /[a-z]/.test(word) ? ["o"] : ["6"] };
    default:
      return { length: 1, options: [ch] };
  }
}

/** At most this many readings a word (a word has rarely more than five ambiguous letters). */
export const MAX_READINGS = 64;

/** Skeletons of the readings of one folded Latin word (see `words` in normalize.ts), its own first. */
export function latinReadings(word: string, limit = MAX_READINGS): string[] {
  let partial = [""];
  for (let at = 0; at < word.length;) {
    const { length, options } = alternatives(word, at);
    // Past the limit, later letters keep what was typed.
    const usable = partial.length * options.length > limit ? options.slice(0, 1) : options;
    partial = partial.flatMap((head) => usable.map((option) => head + option));
    at += length;
  }
  return [...new Set([skeleton(word), ...partial.map(skeleton)])];
}
