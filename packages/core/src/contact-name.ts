import type { Locale } from "./locale.ts";
import { fullName, neutralizeBidi } from "./text.ts";

/**
 * What names a contact: their own name (`name`, as a reference carries it, or first and last), their phone or
 * e-mail, their number (the contact's id, as in /contacts/{id}) and city. Any may be missing.
 */
export interface ContactNameParts {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  email?: string | null;
  city?: string | null;
}

/** The word before an anonymous contact's number. */
const VISITOR: Record<Locale, string> = { mn: "Зочин", en: "Visitor" };

/**
 * How the contact is known without a language: their name, else their e-mail, else their phone; "" for an anonymous
 * visitor. Servers send this in references (`contact.name`), so every client names the rest the same way.
 */
export function contactKnownName(contact: ContactNameParts): string {
  const own = contact.name != null ? neutralizeBidi(contact.name.trim()) : fullName(contact.first_name, contact.last_name);
  return own || contact.email || contact.phone || "";
}

/**
 * What a contact is called on every screen and in every file: `contactKnownName`, or for an anonymous visitor
 * "Зочин #812" / "Visitor #812" (with " · Дархан" when their city is known): stable, and one visitor is told from another.
 */
export function contactDisplayName(contact: ContactNameParts, locale: Locale): string {
  const known = contactKnownName(contact);
  if (known) return known;
  const city = neutralizeBidi(contact.city?.trim() ?? "");
  const label = `${VISITOR[locale]} #${contact.id}`;
  return city ? `${label} · ${city}` : label;
}
