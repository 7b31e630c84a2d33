import { ERROR_CATALOGUE, type Locale } from "@holboo/core";
import type { Catalogue } from "../catalogue.ts";

/** The "errors" namespace of a language: every catalogue code's message, from core's one table. */
export const errorTexts = (locale: Locale): Catalogue => Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry[locale]]));
