import { GENERIC_FAILURE, STATUS_ERROR_CODES, type ErrorCode } from "@holboo/core";
import i18n from "i18next";
import { currentLocale, ERRORS_NAMESPACE } from "../i18n/index.ts";

/**
 * The error catalogue's messages in the web app: the "errors" translation namespace, made from core's
 * catalogue (i18n/locales/errors.ts) and loaded apart from the first screen, when the app is idle after
 * its first render, with every lazy screen, and before any error toast.
 */
export const errorMessagesReady = (): Promise<void> => i18n.loadNamespaces(ERRORS_NAMESPACE);

/** Whether a text is a catalogue code the loaded messages know (a zod issue's message is one). */
export const isKnownErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && i18n.exists(value, { ns: ERRORS_NAMESPACE });

/** A code's message in the current language; before the messages are loaded, the generic failure (spec §8). */
export function errorMessage(code: ErrorCode): string {
  return isKnownErrorCode(code) ? i18n.t(code, { ns: ERRORS_NAMESPACE }) : GENERIC_FAILURE[currentLocale()];
}

/** The message for a failed HTTP response without a code (spec §8): 600 shows the server's text as it is. */
export function statusMessage(status: number, text?: string): string {
  if (status === 600 && text) return text;
  const code = STATUS_ERROR_CODES[status];
  return code ? errorMessage(code) : GENERIC_FAILURE[currentLocale()];
}
