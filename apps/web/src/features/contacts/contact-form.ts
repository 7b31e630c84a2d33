import type { ContactFormValues, ContactView } from "@holboo/core";

/** What the contact form edits: every field as the input shows it. */
export interface ContactFormState {
  first_name: string;
  last_name: string;
  email: string;
  email2: string;
  phone: string;
  phone2: string;
  company_name: string;
  profession: string;
  city: string;
  district: string;
  subdistrict: string;
  address_detail: string;
  note: string;
  description: string;
  type_id: string | null;
  special: boolean;
}

const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "email2",
  "phone",
  "phone2",
  "company_name",
  "profession",
  "city",
  "district",
  "subdistrict",
  "address_detail",
  "note",
  "description",
] as const satisfies readonly (keyof ContactFormState)[];

export function formState(contact: ContactView | null): ContactFormState {
  const state = Object.fromEntries(TEXT_FIELDS.map((field) => [field, contact?.[field] ?? ""])) as Record<(typeof TEXT_FIELDS)[number], string>;
  return { ...state, type_id: contact?.type ? String(contact.type.id) : null, special: contact?.special ?? false };
}

export const toInput = (state: ContactFormState): ContactFormValues => ({ ...state, type_id: state.type_id ? Number(state.type_id) : null });

/** "Merge into it" from the add form: the existing contact keeps its values and takes the typed ones where it has none. */
export function fillEmpty(existing: ContactView, typed: ContactFormState): ContactFormValues {
  const current = formState(existing);
  const merged = { ...current };
  for (const field of TEXT_FIELDS) if (!current[field] && typed[field]) merged[field] = typed[field];
  if (!merged.type_id) merged.type_id = typed.type_id;
  merged.special = current.special || typed.special;
  return toInput(merged);
}

export const contactName = (contact: { first_name: string; last_name: string }) => [contact.last_name, contact.first_name].filter(Boolean).join(" ");
