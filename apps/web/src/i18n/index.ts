import { DEFAULT_LOCALE, LIMITS, LOCALE_COOKIE, LOCALES, type Locale } from "@holboo/core";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { readCookie, writeCookie } from "../lib/cookies.ts";

type Catalogue = Record<string, unknown>;
const files = import.meta.glob<Catalogue>("./locales/*/*.json", { eager: true, import: "default" });

/** { mn: { common: {...}, auth: {...} }, en: {...} } from locales/<lang>/<namespace>.json */
export const resources: Record<string, Record<string, Catalogue>> = {};
for (const [file, catalogue] of Object.entries(files)) {
  const [, lang = "", namespace = ""] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
  (resources[lang] ??= {})[namespace] = catalogue;
}

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

export function initialLocale(): Locale {
  const stored = readCookie(LOCALE_COOKIE);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

const startLocale = initialLocale();
if (typeof document !== "undefined") document.documentElement.lang = startLocale;

void i18n.use(initReactI18next).init({
  resources,
  lng: startLocale,
  fallbackLng: DEFAULT_LOCALE,
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Stores the choice in the chosenLocale cookie for a year and tells the server; a failed call is only logged, never reverted (spec §2, §7). */
export async function changeLocale(locale: Locale, send: (locale: Locale) => Promise<unknown>) {
  writeCookie(LOCALE_COOKIE, locale, LIMITS.localeCookieDays);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
  try {
    await send(locale);
  } catch (error) {
    console.error("change-lang failed", error);
  }
}

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

export default i18n;
