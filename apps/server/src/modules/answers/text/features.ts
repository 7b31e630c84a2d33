/**
 * From a message to the sparse features the engine scores: word stems (Mongolian stem of the skeleton,
 * and a light English stem for Latin words), stem bigrams, and character n-grams of each word's skeleton
 * (sub-word features that survive typos, look-alikes and endings the stemmer does not know).
 */
import { isCyrillicWord, skeleton, words } from "./normalize.ts";
import { stemEnglish, stemMongolian } from "./stem.ts";
import { MONGOLIAN_STOPWORDS } from "./stopwords.ts";

export interface Token {
  /** The word as typed, folded (normalize.ts `words`). */
  word: string;
  skeleton: string;
  stem: string;
  /** Latin words may be English: their English stem, else null. */
  english: string | null;
  stop: boolean;
}

/** Latin chat shorthands of stop words ("bn" = байна, "bnu" = байна уу). Other typings of stop words
 * ("vv", "uv" = үү; "bajna") are their readings (engine/respell.ts). */
const SHORTHAND_STOPWORDS = ["bn", "bna", "bnu", "bnuu", "bgaa", "bga", "yum", "ym", "be", "ve", "uu", "u"];
const STOP_SKELETONS = new Set([...MONGOLIAN_STOPWORDS.map(skeleton), ...SHORTHAND_STOPWORDS.map(skeleton)]);

/** Whether a skeleton word is a stop word (Mongolian, or a Latin shorthand of one). */
export const isStopSkeleton = (sk: string) => STOP_SKELETONS.has(sk);

export function tokenize(text: string): Token[] {
  return words(text).map((word) => {
    const sk = skeleton(word);
    return { word, skeleton: sk, stem: stemMongolian(sk), english: isCyrillicWord(word) ? null : stemEnglish(word), stop: STOP_SKELETONS.has(sk) };
  });
}

/** Feature name → raw count. Groups: "w" stem, "e" English stem, "b" stem bigram, "c" character n-gram. */
export function featureCounts(tokens: Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  let previous: string | null = null;
  for (const token of tokens) {
    if (!token.stop) {
      add(`w${token.stem}`);
      if (token.english && token.english !== token.stem) add(`e${token.english}`);
    }
    const key = token.english ?? token.stem;
    if (previous !== null) add(`b${previous}_${key}`);
    previous = key;
    if (token.stop || /^\d+$/.test(token.skeleton)) continue;
    for (const gram of charGrams(token.skeleton)) add(gram);
  }
  return counts;
}

/** The character 3–5-gram features of one skeleton word. */
export function charGrams(skeletonWord: string): string[] {
  const padded = `<${skeletonWord}>`;
  const grams: string[] = [];
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) grams.push(`c${padded.slice(i, i + n)}`);
  return grams;
}

export const FEATURE_GROUP_WEIGHTS: Record<string, number> = { w: 1, e: 1, b: 1, c: 0.35 };
