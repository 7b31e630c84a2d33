/**
 * The error catalogue (spec §8). Every failure the server reports carries one of these codes;
 * the HTTP status and the mn/en messages come from this table only. The codes are listed by feature
 * area in errors/; this file joins them into the one table and answers from it.
 */
import { AUTH_ERRORS } from "./errors/auth.ts";
import { CALL_ERRORS } from "./errors/calls.ts";
import { CHANNEL_ERRORS } from "./errors/channels.ts";
import { COMPANY_ERRORS } from "./errors/company.ts";
import { CONTACT_ERRORS } from "./errors/contacts.ts";
import { CONVERSATION_ERRORS } from "./errors/conversations.ts";
import type { ErrorEntry } from "./errors/entry.ts";
import { GENERIC_ERRORS } from "./errors/generic.ts";
import type { Locale } from "./locale.ts";
import { GENERIC_FAILURE, STATUS_ERROR_CODES } from "./errors/by-status.ts";
import { KNOWLEDGE_ERRORS } from "./errors/knowledge.ts";

// A code in two areas would be one entry here, the later one: core.test.ts checks that none is.
export const ERROR_CATALOGUE = {
  ...GENERIC_ERRORS,
  ...AUTH_ERRORS,
  ...COMPANY_ERRORS,
  ...CHANNEL_ERRORS,
  ...CONVERSATION_ERRORS,
  ...KNOWLEDGE_ERRORS,
  ...CONTACT_ERRORS,
  ...CALL_ERRORS,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_CATALOGUE[code][locale];
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The body of every failed API response. `fields` maps a form field to the code of its problem. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, ErrorCode>;
    /** Data the client acts on, e.g. `contact_id` of the existing contact behind `contact_exists`. */
    details?: Record<string, string | number>;
  };
}

/** Client-side message for a failed HTTP response (spec §8). 600 shows the server text as it is. */
export function messageForStatus(status: number, locale: Locale, text?: string): string {
  if (status === 600 && text) return text;
  const code = STATUS_ERROR_CODES[status];
  if (code) return errorMessage(code, locale);
  return GENERIC_FAILURE[locale];
}
