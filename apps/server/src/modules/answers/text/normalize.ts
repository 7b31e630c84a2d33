/**
 * Text normalisation for Mongolian (Cyrillic and Latin-typed) and English.
 *
 * Every word is reduced to one lossy Latin "skeleton" so that the ways people type the same word meet:
 * - case folding (toLocaleLowerCase is locale-free here: Cyrillic and Latin fold the same everywhere);
 * - Russian-keyboard and look-alike letters: ө is typed о, θ, ѳ or ɵ; ү is typed у, ұ, Y or v-less
 *   "u"; Ukrainian/Kazakh і, ї, є, ә — all fold onto the plain vowel;
 * - Latin look-alike letters inside a Cyrillic word ("coнгoх" with Latin c and o) are read as Cyrillic;
 * - Latin↔Cyrillic transliteration: Cyrillic goes to Latin with the schemes people type
 *   (х → h, "kh" → h, "x" → h; ц → ts, "c" → ts; ч → ch; ш/щ → sh; я → ya, ё → yo, ю → yu;
 *   е → e and "ye" → e; ы/й → i; ь and ъ dropped, as most type them; ü/ö → u/o), so "sain baina uu" and "сайн байна уу" give one
 *   form. Latin letters that stand for several Cyrillic ones (u for ү, у or ө; v for ү or в; y for ы, й
 *   or ү; q and 6 for ө) cannot be settled here: latin.ts lists a word's readings and the
 *   index picks the one its knowledge uses (engine/respell.ts);
 * - repeated letters collapse (long vowels "аа", "uu" and doubled consonants are typed either way).
 */

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "j",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  ө: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ү: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Look-alikes from Kazakh, Ukrainian and other keyboards.
  ұ: "u",
  ә: "a",
  і: "i",
  ї: "i",
  є: "e",
  ғ: "g",
  қ: "k",
  ң: "n",
  һ: "h",
  ѳ: "o",
  ў: "u",
};

/** Non-Cyrillic letters typed for ө and ү (Greek theta, barred o, umlauts). */
const LATIN_LOOKALIKES: Record<string, string> = { θ: "o", ɵ: "o", ö: "o", ø: "o", ü: "u", ů: "u", ú: "u", ó: "o" };

/** Latin letters that look like Cyrillic ones, read as Cyrillic inside a mostly Cyrillic word. */
const LATIN_AS_CYRILLIC: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  k: "к",
  m: "м",
  o: "о",
  p: "р",
  t: "т",
  x: "х",
  y: "у",
  v: "ү",
  u: "ү",
};

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[a-z]/;

/** Letters and digits runs of a folded text (keeps apostrophes out; splits on everything else). */
const WORD = /[\p{L}\p{N}]+/gu;

export function fold(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

export function isCyrillicWord(word: string): boolean {
  return CYRILLIC.test(word);
}

/** Latin typing of a Latin-only word: kh → h, x → h, c → ts, ye → e, w → v, q → k (q and 6 typed for ө
 * are readings of latin.ts: English knowledge keeps its "qu"). */
function latinSkeleton(word: string): string {
  return word
    .replace(/kh/g, "h")
    .replace(/x/g, "h")
    .replace(/c(?!h)/g, "ts")
    .replace(/tz/g, "ts")
    .replace(/w/g, "v")
    .replace(/q/g, "k")
    .replace(/(^|[^a-z])ye/g, "$1e")
    .replace(/y(?=[^aeiouy]|$)/g, "i");
}

/** One folded word (from `words`) to its skeleton. */
export function skeleton(word: string): string {
  let out = "";
  const mixed = CYRILLIC.test(word) && LATIN.test(word);
  if (CYRILLIC.test(word)) {
    for (const ch of word) {
      const cyr = mixed ? (LATIN_AS_CYRILLIC[ch] ?? ch) : ch;
      out += CYRILLIC_TO_LATIN[cyr] ?? LATIN_LOOKALIKES[cyr] ?? cyr;
    }
  } else {
    for (const ch of word) out += LATIN_LOOKALIKES[ch] ?? ch;
    out = latinSkeleton(out);
  }
  return out.replace(/(.)\1+/g, "$1");
}
