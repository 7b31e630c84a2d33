import type { Locale } from "../locale.ts";
import type { GENERIC_ERRORS } from "./generic.ts";

/**
 * The catalogue code a failed HTTP response without one of its own is shown as (spec §8), kept apart from
 * the catalogue's texts so a client can map a status without loading every message.
 */
export const STATUS_ERROR_CODES: Readonly<Record<number, keyof typeof GENERIC_ERRORS>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  500: "internal_error",
  502: "bad_gateway",
};

/** Any other status (spec §8: "Алдаа гарлаа"). */
export const GENERIC_FAILURE: Readonly<Record<Locale, string>> = { mn: "Алдаа гарлаа", en: "Something went wrong" };
