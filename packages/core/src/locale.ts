/** The interface's languages: Mongolian first, English second. */
export type Locale = "mn" | "en";
export const LOCALES = ["mn", "en"] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = "mn";
