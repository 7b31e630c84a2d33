/**
 * A suffix-stripping stemmer for Mongolian, working on the skeleton from normalize.ts (so Cyrillic and
 * Latin-typed words share one stem), and a light English stemmer.
 *
 * Mongolian is agglutinative: case, plural, reflexive and verb endings stack on a stem, in vowel-harmony
 * variants (-аас/-ээс/-оос/-өөс) that the skeleton already folds to one (-as/-es/-os). We strip the
 * longest known ending while at least MIN_STEM letters stay, up to three times, then drop vowels after
 * the first letter: Mongolian drops and inserts stem vowels when it inflects (ажил → ажлын,
 * хүргэх → хүргэлт), and the consonant frame is what stays. `npm run eval:stemmer` measures this on
 * UniMorph Khalkha (data: unimorph/khk, CC BY-SA 3.0, via MorphyNet by Khuyagbaatar Batsuren).
 */

const MIN_STEM = 3;

// Skeleton forms of endings; "A" stands for the harmony vowel (a/e/o; ө and ү already fold to o and u).
const harmony = (...forms: string[]) =>
  [...new Set(forms.flatMap((f) => (f.includes("A") ? ["a", "e", "o"].map((v) => f.replaceAll("A", v)) : [f])))].sort((a, b) => b.length - a.length);

/** Endings stack as stem + plural + case + reflexive, or stem + verb ending: one of each layer, outermost first. */
const LAYERS = [
  // reflexive-possessive (-аа, -гаа, -ийгээ)
  harmony("A", "gA", "iA"),
  // case (genitive, accusative, dative, ablative, instrumental, comitative, directive) or a verb ending
  harmony(
    "in",
    "ni",
    "ig",
    "g",
    "d",
    "t",
    "nd",
    "Ad",
    "As",
    "nAs",
    "Ar",
    "iAr",
    "gAr",
    "tAi",
    "ru",
    "lu",
    "n",
    "h",
    "Ah",
    "dAg",
    "v",
    "jee",
    "chee",
    "sAn",
    "mAr",
    "mAgts",
    "Asai",
    "Asei",
    "Asoi",
    "ya",
    "ye",
    "yo",
    "tsgA",
    "ul",
    "uul",
    "chih",
    "tAl",
    "vAl",
    "ngA",
    "lgui",
    "gui",
    "hgui",
    "j",
    "ch",
    "lA",
    "nA",
    "jAi",
    "hAd",
    "hAs",
    "hAr",
  ),
  // plural
  harmony("ud", "nud", "chud", "nar", "id"),
];

const VOWEL = /[aeiou]/;

/** Strips the longest ending that leaves a stem with a vowel; a bare-consonant ending (-д, -г, -н, -ж)
 * other than the dative -д/-т only after a vowel, so a stem's own last consonant (өнцөг, хүн) stays;
 * -т after л/н is the noun ending of хүргэлт, буцаалт and stays too. */
function strip(word: string, endings: string[]): string {
  for (const ending of endings) {
    if (word.length - ending.length < MIN_STEM || !word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    if (!VOWEL.test(stem)) continue;
    if (!VOWEL.test(ending) && !VOWEL.test(stem.at(-1) ?? "") && !(ending === "d" || (ending === "t" && !/[ln]$/.test(stem)))) continue;
    return stem;
  }
  return word;
}

/** Stem of one skeleton word (see normalize.ts `skeleton`). */
export function stemMongolian(skeletonWord: string): string {
  let word = skeletonWord;
  for (const layer of LAYERS) word = strip(word, layer);
  // A trailing stem vowel and the vowel of a last closed syllable come and go (ажил → ажлын).
  if (word.length > MIN_STEM) word = word.replace(/[aeiou]$/, "");
  return /[aeiou].*[aeiou][^aeiou]$/.test(word) ? word.replace(/[aeiou]([^aeiou])$/, "$1") : word;
}

const ENGLISH_ENDINGS: Array<[RegExp, string]> = [
  [/ies$/, "y"],
  [/sses$/, "ss"],
  [/([^s])s$/, "$1"],
  [/ied$/, "y"],
  [/eed$/, "ee"],
  [/([a-z]{3,})ing$/, "$1"],
  [/([a-z]{3,})ed$/, "$1"],
  [/([a-z]{3,})ly$/, "$1"],
  [/([a-z]{3,})ment$/, "$1"],
];

/** A light English stemmer (plural, -ing, -ed, -ly, -ment), enough to join word forms for retrieval. */
export function stemEnglish(word: string): string {
  if (word.length <= 3) return word;
  let out = word;
  for (const [pattern, replacement] of ENGLISH_ENDINGS) {
    if (pattern.test(out)) {
      out = out.replace(pattern, replacement);
      break;
    }
  }
  return out.replace(/(.)\1$/, "$1").replace(/e$/, "");
}
