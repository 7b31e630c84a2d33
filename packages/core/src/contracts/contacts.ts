import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { isValidEmail, isValidPhone } from "../validation.ts";
import { CHANNEL_TYPES } from "./channels.ts";
import { listQueryBase } from "./common.ts";
import type { Locale } from "../locale.ts";

/** Who registered a contact (spec §3): a person ("me" in filters means the current user), the system, an AI agent, or an unregistered visitor. */
export const CONTACT_ORIGINS = ["user", "system", "ai", "unregistered"] as const;
export type ContactOrigin = (typeof CONTACT_ORIGINS)[number];
export const CONTACT_ORIGIN_FILTERS = ["me", ...CONTACT_ORIGINS] as const;

/** Mongolian 8-digit numbers become +976XXXXXXXX; other numbers keep their E.164 form. Stored and compared this way. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/[^\d+]/g, "");
  const bare = digits.replace(/^\+/, "");
  if (/^\d{8}$/.test(bare)) return `+976${bare}`;
  if (/^976\d{8}$/.test(bare)) return `+${bare}`;
  return `+${bare}`;
}

const text = (max: number) => z.string().trim().max(max, { error: "text_too_long" }).default("");
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || isValidEmail(v), { error: "email_invalid" })
  .transform((v) => v || null)
  .nullish()
  .transform((v) => v ?? null);
const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === "" || isValidPhone(v), { error: "phone_invalid" })
  .transform((v) => (v ? normalizePhone(v) : null))
  .nullish()
  .transform((v) => v ?? null);

/** The fields of a contact (spec §3) with the spec §5 rules; the same schema validates forms, the API and import rows. */
const contactFields = z.object({
  first_name: z.string({ error: "name_empty" }).trim().min(1, { error: "name_empty" }).max(LIMITS.contactNameMaxChars, { error: "name_too_long" }),
  /** Optional, but a given surname is at least contactSurnameMinChars long. */
  last_name: z
    .string()
    .trim()
    .max(LIMITS.contactNameMaxChars, { error: "name_too_long" })
    .refine((v) => v === "" || v.length >= LIMITS.contactSurnameMinChars, { error: "contact_surname_too_short" })
    .default(""),
  email: optionalEmail,
  email2: optionalEmail,
  phone: optionalPhone,
  phone2: optionalPhone,
  company_name: text(LIMITS.contactTextMaxChars),
  profession: text(LIMITS.contactTextMaxChars),
  city: text(LIMITS.contactTextMaxChars),
  district: text(LIMITS.contactTextMaxChars),
  subdistrict: text(LIMITS.contactTextMaxChars),
  address_detail: z.string().trim().max(LIMITS.contactAddressDetailChars, { error: "contact_address_too_long" }).default(""),
  note: z.string().trim().max(LIMITS.contactNoteChars, { error: "contact_note_too_long" }).default(""),
  description: text(LIMITS.contactDescriptionMaxChars),
  type_id: z
    .number()
    .int()
    .positive({ error: "contact_type_not_found" })
    .nullish()
    .transform((v) => v ?? null),
  special: z.boolean().default(false),
});

const phoneOrEmail = (value: { email: string | null; phone: string | null; email2: string | null; phone2: string | null }) =>
  !!(value.email || value.phone || value.email2 || value.phone2);

export const ContactInput = contactFields.refine(phoneOrEmail, { error: "contact_phone_or_email_required", path: ["phone"] });
export type ContactInput = z.infer<typeof ContactInput>;
export type ContactFormValues = z.input<typeof ContactInput>;

/** An add carries a key the client generates once per form, so a retried add never creates a second contact. */
export const CreateContactInput = contactFields
  .extend({ idempotency_key: z.string().trim().min(8, { error: "invalid_parameters" }).max(64, { error: "invalid_parameters" }).optional() })
  .refine(phoneOrEmail, { error: "contact_phone_or_email_required", path: ["phone"] });
export type CreateContactInput = z.infer<typeof CreateContactInput>;

export const ContactSocialView = z.object({
  id: z.number().int(),
  channel: z.object({ id: z.number().int(), type: z.enum(CHANNEL_TYPES), name: z.string() }),
  external_id: z.string(),
  verified: z.boolean(),
});

/**
 * What the requesting member may do with this contact, from the server's contacts policy (the rule that guards those
 * routes). Deleting may still be refused for the contact's open work (open interactions, unresolved issues).
 */
export const ContactAbilities = z.object({ edit: z.boolean(), merge: z.boolean(), delete: z.boolean() });
export type ContactAbilities = z.infer<typeof ContactAbilities>;
export type ContactAction = keyof ContactAbilities;

export const ContactView = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  email2: z.string().nullable(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  company_name: z.string(),
  profession: z.string(),
  city: z.string(),
  district: z.string(),
  subdistrict: z.string(),
  address_detail: z.string(),
  note: z.string(),
  description: z.string(),
  type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  special: z.boolean(),
  created_at: z.string(),
  created_by: z.enum(CONTACT_ORIGINS),
  created_by_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  social_accounts: z.array(ContactSocialView),
  can: ContactAbilities,
});
export type ContactView = z.infer<typeof ContactView>;

/** A list row: the profile without the long texts and identities. */
export const ContactListItem = ContactView.omit({ note: true, description: true, social_accounts: true, address_detail: true });
export type ContactListItem = z.infer<typeof ContactListItem>;

const contactFilters = z.object({
  search: z.string().trim().max(100).optional(),
  type_id: z.coerce.number().int().positive().optional(),
  special: z
    .enum(["true", "false"], { error: "invalid_parameters" })
    .transform((v) => v === "true")
    .optional(),
  created_by: z.enum(CONTACT_ORIGIN_FILTERS, { error: "invalid_parameters" }).optional(),
  channel_type: z.enum(CHANNEL_TYPES, { error: "invalid_parameters" }).optional(),
  from: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  to: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
});
export type ContactFilters = z.infer<typeof contactFilters>;
export const ContactListQuery = listQueryBase.extend(contactFilters.shape);
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ContactExportQuery = contactFilters.extend({ format: z.enum(EXPORT_FORMATS, { error: "invalid_parameters" }).default("csv") });
export type ContactExportQuery = z.infer<typeof ContactExportQuery>;

export const ContactInteractionView = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  channel: z.object({ id: z.number().int(), type: z.enum(CHANNEL_TYPES), name: z.string() }).nullable(),
  started_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ContactInteractionView = z.infer<typeof ContactInteractionView>;

export const MergeContactsInput = z.object({
  keep_id: z.number().int().positive({ error: "invalid_parameters" }),
  remove_id: z.number().int().positive({ error: "invalid_parameters" }),
});
export type MergeContactsInput = z.infer<typeof MergeContactsInput>;

// Contact types (/settings/contact_type)
export const ContactTypeInput = z.object({
  name: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.tagNameMaxChars, { error: "text_too_long" }),
  description: z.string().trim().max(LIMITS.tagDescriptionMaxChars, { error: "text_too_long" }).default(""),
});
export type ContactTypeInput = z.infer<typeof ContactTypeInput>;
export const ContactTypeView = z.object({ id: z.number().int(), name: z.string(), description: z.string(), created_at: z.string() });
export type ContactTypeView = z.infer<typeof ContactTypeView>;

// Import: upload → column mapping → preview → commit
/** Contact fields a file column can be mapped to. */
export const IMPORT_TEXT_FIELDS = [
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
] as const;
/** `type` holds a contact type's name; `special` a yes/no word (1, true, yes, тийм). */
export const IMPORT_FIELDS = [...IMPORT_TEXT_FIELDS, "type", "special"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The columns of a contact export: the import's fields, then when the contact was registered. */
export const CONTACT_EXPORT_COLUMNS = [...IMPORT_FIELDS, "created_at"] as const;
export type ContactExportColumn = (typeof CONTACT_EXPORT_COLUMNS)[number];
/**
 * An export's header row in the person's language. They are the contact form's field labels, which the import's
 * column matching also knows, so an export imports back without mapping a column by hand.
 */
export const CONTACT_EXPORT_HEADERS: Record<Locale, Record<ContactExportColumn, string>> = {
  mn: {
    first_name: "Нэр",
    last_name: "Овог",
    email: "И-мэйл",
    email2: "Нэмэлт и-мэйл",
    phone: "Утас",
    phone2: "Нэмэлт утас",
    company_name: "Байгууллага",
    profession: "Мэргэжил",
    city: "Хот / аймаг",
    district: "Дүүрэг / сум",
    subdistrict: "Хороо / баг",
    address_detail: "Дэлгэрэнгүй хаяг",
    note: "Тэмдэглэл",
    description: "Тайлбар",
    type: "Харилцагчийн төрөл",
    special: "Онцгой харилцагч",
    created_at: "Бүртгэсэн огноо",
  },
  en: {
    first_name: "First name",
    last_name: "Last name",
    email: "E-mail",
    email2: "Extra e-mail",
    phone: "Phone",
    phone2: "Extra phone",
    company_name: "Company",
    profession: "Profession",
    city: "City / province",
    district: "District / soum",
    subdistrict: "Subdistrict / bag",
    address_detail: "Address detail",
    note: "Note",
    description: "Description",
    type: "Contact type",
    special: "Special contact",
    created_at: "Created",
  },
};
/** A special contact's column in an export, in words the import reads back (any other word is "no"). */
export const CONTACT_EXPORT_SPECIAL: Record<Locale, { yes: string; no: string }> = { mn: { yes: "Тийм", no: "Үгүй" }, en: { yes: "Yes", no: "No" } };
/** field → index of the file's column */
export const ImportMapping = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int().min(0));
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportInspectView = z.object({ columns: z.array(z.string()), rows: z.number().int(), sample: z.array(z.array(z.string())) });
export type ImportInspectView = z.infer<typeof ImportInspectView>;

const ImportRowError = z.object({ row: z.number().int(), fields: z.record(z.string(), z.string()) });
export const ImportPreviewView = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first rows with a problem, for the preview table. */
  errors: z.array(ImportRowError),
});
export type ImportPreviewView = z.infer<typeof ImportPreviewView>;
export const ImportResultView = ImportPreviewView.extend({
  imported: z.number().int(),
  /** The invalid rows as a file in the upload's format, with an error column; null when every row went in. */
  report_file_id: z.string().nullable(),
});
export type ImportResultView = z.infer<typeof ImportResultView>;
