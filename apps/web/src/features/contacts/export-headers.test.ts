import { CONTACT_EXPORT_COLUMNS, CONTACT_EXPORT_HEADERS, LOCALES } from "@holboo/core";
import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/contacts.json";
import mn from "../../i18n/locales/mn/contacts.json";

const fields = { mn: mn.fields, en: en.fields } as const;

describe("contact export headers", () => {
  it("are the form's field labels in each language, which the import's column matching knows", () => {
    for (const locale of LOCALES)
      for (const column of CONTACT_EXPORT_COLUMNS)
        expect([locale, column, CONTACT_EXPORT_HEADERS[locale][column]]).toEqual([locale, column, fields[locale][column]]);
  });
});
