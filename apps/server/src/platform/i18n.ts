import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from "@holboo/core";
import type { FastifyRequest } from "fastify";

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

function acceptLanguageLocale(header: string | string[] | undefined): Locale | null {
  if (typeof header !== "string") return null;
  const first = header.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : null;
}

/** The user's stored locale, else the chosenLocale cookie, else Accept-Language, else Mongolian. */
export function requestLocale(request: FastifyRequest): Locale {
  const userLocale = request.actor?.locale;
  if (isLocale(userLocale)) return userLocale;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return acceptLanguageLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
}

/** A socket's locale: what its client declared when connecting, else Accept-Language, else Mongolian. */
export function handshakeLocale(handshake: { auth: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }): Locale {
  const declared = handshake.auth.locale;
  if (isLocale(declared)) return declared;
  return acceptLanguageLocale(handshake.headers["accept-language"]) ?? DEFAULT_LOCALE;
}
