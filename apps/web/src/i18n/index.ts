import { DEFAULT_LOCALE, LIMITS, LOCALE_COOKIE, LOCALES, type Locale } from "@holboo/core";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { readCookie, writeCookie } from "../lib/cookies.ts";
import type { Catalogue, Catalogues } from "./catalogue.ts";
import firstScreen from "./locales/mn-first-screen.ts";
import { FIRST_SCREEN_NAMESPACES, NAMESPACES } from "./namespaces.ts";

/**
 * The first screen's Mongolian (the first language and every other's fallback) ships with the app.
 * Each language's whole catalogue is a chunk of its own: loaded when the language is chosen (at
 * start from the cookie, or from the language menu) and, for Mongolian, with the first lazy screen.
 */
const catalogues: Record<Locale, () => Promise<Catalogues>> = {
  mn: () => import("./locales/mn.ts").then((module) => module.default),
  en: () => import("./locales/en.ts").then((module) => module.default),
};
export const loadCatalogues = (locale: Locale): Promise<Catalogues> => catalogues[locale]();

/** The error catalogue's messages (lib/errors.ts): a namespace made from core's table, in a chunk of its own. */
export const ERRORS_NAMESPACE = "errors";
const loadNamespace = (locale: Locale, namespace: string): Promise<Catalogue> =>
  namespace === ERRORS_NAMESPACE
    ? import("./locales/errors.ts").then((module) => module.errorTexts(locale))
    : loadCatalogues(locale).then((loaded) => loaded[namespace] ?? {});

/** i18next's loader for what is not bundled. */
const otherLanguages: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    loadNamespace(language, namespace).then(
      (loaded) => callback(null, loaded),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

export function initialLocale(): Locale {
  const stored = readCookie(LOCALE_COOKIE);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

const startLocale = initialLocale();
if (typeof document !== "undefined") document.documentElement.lang = startLocale;

/** Resolves when the start language is loaded; main.tsx renders after it, so no text flashes in another language. */
export const i18nReady = i18n
  .use(otherLanguages)
  .use(initReactI18next)
  .init({
    resources: { mn: { ...firstScreen } },
    partialBundledLanguages: true,
    lng: startLocale,
    fallbackLng: DEFAULT_LOCALE,
    ns: [...FIRST_SCREEN_NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Every namespace in the current language (and the fallback); a lazy screen waits for it before it renders. */
export const allNamespaces = (): Promise<void> => i18n.loadNamespaces([...NAMESPACES, ERRORS_NAMESPACE]);

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
