import { IMPORT_FIELDS, LIMITS, type ContactExportQuery } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { contactVisibility } from "./contacts.policy.ts";
import * as repo from "./contacts.repo.ts";
import { TABLE_MIME, writeTable } from "./table-file.ts";
import { recordAudit } from "../audit/audit.service.ts";

const COLUMNS = [...IMPORT_FIELDS, "created_at"] as const;

/** The filtered list (what the user may see) as CSV or XLSX; the header names the import fields, so an export imports back as is. */
export async function exportContacts(ctx: AppContext, actor: MemberActor, query: ContactExportQuery) {
  const { items } = await repo.listContacts(ctx.db, actor.companyId, query, contactVisibility(actor), actor.userId, {
    limit: LIMITS.contactExportMaxRows,
    offset: 0,
  });
  const rows = items.map(({ contact, typeName }) => {
    const values: Record<(typeof COLUMNS)[number], string> = {
      first_name: contact.firstName,
      last_name: contact.lastName,
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
      special: contact.special ? "1" : "0",
      created_at: contact.createdAt.toISOString(),
    };
    return COLUMNS.map((column) => values[column]);
  });
  const body = await writeTable(query.format, [[...COLUMNS], ...rows]);
  // A read changes nothing: the entry is written once the file exists, just before it is sent.
  await recordAudit(ctx.db, actor, { action: "contact.export", targetType: "export", after: { format: query.format, rows: rows.length } });
  return { body, mime: TABLE_MIME[query.format], filename: `contacts.${query.format}` };
}
