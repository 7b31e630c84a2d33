import { contactDisplayName, type ContactNameParts } from "@holboo/core";
import { useTranslation } from "react-i18next";
import { isLocale } from "../i18n/index.ts";

/**
 * The one way a screen names a contact: core's `contactDisplayName` in the interface's language, so an anonymous
 * visitor is "Зочин #812" / "Visitor #812" in the inbox, the thread, the contact's page, issues and alerts alike.
 */
export function useContactName(): (contact: ContactNameParts) => string {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "mn";
  return (contact) => contactDisplayName(contact, locale);
}
