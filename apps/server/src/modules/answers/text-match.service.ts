import { skeleton, words } from "./text/normalize.ts";

/** The words of a short text as the answer engine reads them (case, ө/ү look-alikes, Latin↔Cyrillic), to compare labels. */
export const wordsKey = (text: string): string => words(text).map(skeleton).join(" ");
