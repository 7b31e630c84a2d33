/**
 * Mongolian Cyrillic typed in Latin letters the ways people type it without a Cyrillic keyboard, for the
 * transliteration tests and the generated Latin evaluation set (testdata/README.md). Each message has a
 * typist's habits (ө as o, u, q or 6; ү as u, v or y; х as h, kh or x; ц as ts or c; ы as ii, y or i …),
 * which the typist now and then breaks within the same message; long vowels are sometimes typed short
 * and short ones long, a short vowel inside a long word is sometimes dropped, and some words of a
 * message may stay in Cyrillic. Deterministic for one random source.
 */

export type Random = () => number;

/** A seeded linear congruential generator (the same numbers on every run). */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Letters with one way to type them. */
const PLAIN: Record<string, string> = {
  а: "a",
  б: "b",
  г: "g",
  д: "d",
  ж: "j",
  з: "z",
  и: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  э: "e",
  ъ: "",
  ё: "yo",
};

/** Letters typed several ways: a typist's habit is one of them. */
export const VARIANTS: Record<string, readonly string[]> = {
  ө: ["o", "u", "q", "6"],
  ү: ["u", "v", "y"],
  х: ["h", "kh", "x"],
  ц: ["ts", "c"],
  ы: ["ii", "y", "i"],
  й: ["i", "j"],
  в: ["v", "w"],
  е: ["e", "ye", "yo"],
  я: ["ya", "ia"],
  ю: ["yu", "iu"],
  ь: ["", "i"],
};

/** How a typist types; `breaks`: how often a letter is typed another way than the habit. */
export interface Habits {
  letters: Record<string, string>;
  breaks: number;
}

export function habitsOf(random: Random): Habits {
  const letters: Record<string, string> = {};
  for (const [letter, ways] of Object.entries(VARIANTS)) letters[letter] = pick(random, ways);
  // Mid-word е is "e" for nearly everyone; "ye"/"yo" are how a word-initial е (ерөнхий) sounds.
  return { letters, breaks: 0.2 };
}

const CYRILLIC_VOWELS = "аэиоуөүыеяюё";

function typeLetter(letter: string, at: number, habits: Habits, random: Random): string {
  const ways = VARIANTS[letter];
  if (!ways) return PLAIN[letter] ?? letter;
  if (letter === "е" && at > 0) return random() < 0.85 ? "e" : "ye";
  return random() < habits.breaks ? pick(random, ways) : (habits.letters[letter] ?? ways[0] ?? "");
}

/** One Cyrillic word in Latin letters. */
export function typeWord(word: string, habits: Habits, random: Random): string {
  const letters = [...word.toLowerCase()];
  let out = "";
  for (let i = 0; i < letters.length; i++) {
    const letter = letters[i] ?? "";
    const vowel = CYRILLIC_VOWELS.includes(letter);
    // A long vowel typed short.
    if (vowel && letters[i + 1] === letter && random() < 0.15) continue;
    // A short vowel dropped inside a long word ("hrgelt"), never the first letter.
    if (vowel && i > 0 && letters.length > 5 && letters[i + 1] !== letter && letters[i - 1] !== letter && random() < 0.04) continue;
    let typed = typeLetter(letter, i, habits, random);
    // A short vowel typed long.
    if (vowel && typed.length === 1 && letters[i + 1] !== letter && letters[i - 1] !== letter && random() < 0.04) typed += typed;
    out += typed;
  }
  return out;
}

/** A message in Latin letters; with `mixed`, one or two of its words (not all) stay in Cyrillic. */
export function typeLatin(message: string, random: Random, options: { mixed?: boolean } = {}): string {
  const habits = habitsOf(random);
  const parts = message.split(/([^\p{L}\p{N}]+)/u);
  const wordAt = parts.flatMap((part, i) => (/[\u0400-\u04ff]/.test(part) ? [i] : []));
  const keep = new Set<number>();
  if (options.mixed && wordAt.length > 1) {
    const count = Math.min(wordAt.length - 1, 1 + Math.floor(random() * 2));
    while (keep.size < count) keep.add(pick(random, wordAt));
  }
  return parts.map((part, i) => (keep.has(i) || !/[\u0400-\u04ff]/.test(part) ? part : typeWord(part, habits, random))).join("");
}
