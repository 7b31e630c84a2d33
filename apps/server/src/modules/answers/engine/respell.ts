/**
 * Latin-typed words read the way the knowledge writes them. A company writes its knowledge in Cyrillic;
 * a customer without a Cyrillic keyboard types "vniig" for үнийг or "ugnu" for өгнө, whose skeletons
 * ("vnig", "ugnu") are not the knowledge's ("unig", "ogno"). For a Latin word the knowledge does not use,
 * each of its readings (text/latin.ts) is weighed by how much of it the knowledge's Cyrillic text uses —
 * its stem, else its character n-grams — and the best reading replaces it when it does better than the
 * word as typed. Only Cyrillic text counts, so English knowledge (and English words) are never respelled.
 */
import { type Token, charGrams, isStopSkeleton } from "../text/features.ts";
import { isCyrillicWord } from "../text/normalize.ts";
import { latinReadings } from "../text/latin.ts";
import { stemMongolian } from "../text/stem.ts";

/** What respelling asks of an index: whether a feature occurs in its text, and in its Cyrillic text. */
export interface CyrillicVocabulary {
  uses(feature: string): boolean;
  cyrillic(feature: string): boolean;
}

/** A reading whose stem the knowledge uses outweighs any share of known n-grams. */
const KNOWN_STEM = 1;
/** Without a known stem, a reading replaces the word as typed only with this much more of its n-grams
 * known: a few more known n-grams are as often chance as a better reading. */
const GRAM_MARGIN = 0.25;

function fit(vocabulary: CyrillicVocabulary, reading: string): number {
  const grams = charGrams(reading);
  const known = grams.filter((gram) => vocabulary.cyrillic(gram)).length;
  return (vocabulary.cyrillic(`w${stemMongolian(reading)}`) ? KNOWN_STEM : 0) + known / Math.max(1, grams.length);
}

function respellOne(vocabulary: CyrillicVocabulary, token: Token): Token {
  if (token.stop || isCyrillicWord(token.word) || /^\d+$/.test(token.word)) return token;
  let best = token;
  const english = token.english !== null && vocabulary.uses(`e${token.english}`);
  if (!english && !vocabulary.uses(`w${token.stem}`)) {
    const readings = latinReadings(token.word).slice(1);
    // A stop word typed another way ("bajna" = байна, "y" = үү) is one still.
    const stop = readings.find(isStopSkeleton);
    if (stop !== undefined) return { ...token, skeleton: stop, stem: stemMongolian(stop), english: null, stop: true };
    let bestFit = fit(vocabulary, token.skeleton) + GRAM_MARGIN;
    for (const reading of readings) {
      const readingFit = fit(vocabulary, reading);
      if (readingFit > bestFit) {
        bestFit = readingFit;
        best = { ...token, skeleton: reading, stem: stemMongolian(reading) };
      }
    }
  }
  // A Mongolian word typed in Latin pairs with its neighbours as the Cyrillic text does (by its Mongolian
  // stem, not an English one).
  return !english && vocabulary.cyrillic(`w${best.stem}`) ? { ...best, english: null } : best;
}

/** The message's tokens, Latin-typed Mongolian words read as the knowledge writes them. */
export function respell(vocabulary: CyrillicVocabulary, tokens: Token[]): Token[] {
  return tokens.map((token) => respellOne(vocabulary, token));
}
