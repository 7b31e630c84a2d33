import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from "@holboo/core";
import type { FastifyRequest } from "fastify";

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The user's stored locale, else the chosenLocale cookie, else Accept-Language, else Mongolian. */
export function requestLocale(request: FastifyRequest): Locale {
  const userLocale = request.actor?.locale;
  if (isLocale(userLocale)) return userLocale;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const header = request.headers["accept-language"];
  if (typeof header === "string") {
    const first = header.split(",")[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(first)) return first;
  }
  return DEFAULT_LOCALE;
}
