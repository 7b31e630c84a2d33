import {
  CONTACT_EXPORT_COLUMNS,
  CONTACT_EXPORT_HEADERS,
  CONTACT_EXPORT_SPECIAL,
  contactDisplayName,
  contactKnownName,
  LIMITS,
  type ContactExportColumn,
  type ContactExportQuery,
  type Locale,
} from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { contactVisibility } from "./contacts.policy.ts";
import * as repo from "./contacts.repo.ts";
import { TABLE_MIME, writeTable } from "./table-file.ts";
import { recordAudit } from "../audit/audit.service.ts";

type ExportedContact = Awaited<ReturnType<typeof repo.listContacts>>["items"][number]["contact"];

/** The export's name columns: the contact's own, or for an anonymous visitor the name every screen shows ("Зочин #812"). */
export function exportNameCells(contact: ExportedContact, locale: Locale): { first_name: string; last_name: string } {
  const parts = { id: contact.id, first_name: contact.firstName, last_name: contact.lastName, email: contact.email, phone: contact.phone, city: contact.city };
  if (contactKnownName(parts)) return { first_name: contact.firstName, last_name: contact.lastName };
  return { first_name: contactDisplayName(parts, locale), last_name: "" };
}

/**
 * The filtered list (what the user may see) as CSV or XLSX, headed in the person's language with the labels the
 * import matches its columns by, so an export imports back as is.
 */
export async function exportContacts(ctx: AppContext, actor: MemberActor, query: ContactExportQuery, locale: Locale) {
  const { items } = await repo.listContacts(ctx.db, actor.companyId, query, contactVisibility(actor), actor.userId, {
    limit: LIMITS.contactExportMaxRows,
    offset: 0,
  });
  const special = CONTACT_EXPORT_SPECIAL[locale];
  const rows = items.map(({ contact, typeName }) => {
    const values: Record<ContactExportColumn, string> = {
      ...exportNameCells(contact, locale),
      email: contact.email ?? "",
      email2: contact.email2 ?? "",
      phone: contact.phone ?? "",
      phone2: contact.phone2 ?? "",
      company_name: contact.companyName,
      profession: contact.profession,
      city: contact.city,
      district: contact.district,
      subdistrict: contact.subdistrict,
      address_detail: contact.addressDetail,
      note: contact.note,
      description: contact.description,
      type: typeName ?? "",
      special: contact.special ? special.yes : special.no,
      created_at: contact.createdAt.toISOString(),
    };
    return CONTACT_EXPORT_COLUMNS.map((column) => values[column]);
  });
  const header = CONTACT_EXPORT_COLUMNS.map((column) => CONTACT_EXPORT_HEADERS[locale][column]);
  const body = await writeTable(query.format, [header, ...rows]);
  // A read changes nothing: the entry is written once the file exists, just before it is sent.
  await recordAudit(ctx.db, actor, { action: "contact.export", targetType: "export", after: { format: query.format, rows: rows.length } });
  return { body, mime: TABLE_MIME[query.format], filename: `contacts.${query.format}` };
}
