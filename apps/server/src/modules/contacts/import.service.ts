import {
  ContactInput,
  IMPORT_TEXT_FIELDS,
  LIMITS,
  errorMessage,
  isErrorCode,
  type ErrorCode,
  type Locale,
  type ImportInspectView,
  type ImportMapping,
  type ImportPreviewView,
  type ImportResultView,
} from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { listContactTypes } from "./contact-types.repo.ts";
import { contactValues } from "./contacts.presenter.ts";
import * as repo from "./contacts.repo.ts";
import { TABLE_MIME, readTable, writeTable, type Table } from "./table-file.ts";
import { recordAudit } from "../audit/audit.service.ts";

interface CheckedRow {
  /** 1-based line of the file, the header being line 1 */
  line: number;
  cells: string[];
  input: ContactInput | null;
  fields: Record<string, ErrorCode>;
}

const PREVIEW_ERRORS = 50;
const LOOKUP_CHUNK = 5000;

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const YES = new Set(["1", "true", "yes", "y", "тийм", "т"]);

/** A row as contact input: text fields as they are, the type by its name (unknown names fail), special as yes/no. */
function mapRow(cells: string[], mapping: ImportMapping, typeIds: Map<string, number>): Record<string, unknown> {
  const cell = (column: number | undefined) => (column === undefined ? "" : (cells[column] ?? "").trim());
  const values: Record<string, unknown> = {};
  for (const field of IMPORT_TEXT_FIELDS) if (mapping[field] !== undefined) values[field] = cell(mapping[field]);
  const typeName = cell(mapping.type).toLowerCase();
  values.type_id = typeName ? (typeIds.get(typeName) ?? -1) : null;
  values.special = YES.has(cell(mapping.special).toLowerCase());
  return values;
}

/** Validates every row with the contact schema, then marks rows whose e-mail or phone exists already or earlier in the file. */
async function checkRows(ctx: AppContext, companyId: number, table: Table, mapping: ImportMapping): Promise<CheckedRow[]> {
  if (mapping.first_name === undefined) fail("import_mapping_invalid");
  const width = table.rows[0]?.length ?? 0;
  if (Object.values(mapping).some((column) => column >= width)) fail("import_mapping_invalid");
  const typeIds = new Map((await listContactTypes(ctx.db, companyId)).map((type) => [type.name.toLowerCase(), type.id]));
  const checked: CheckedRow[] = table.rows.slice(1).map((cells, index) => {
    const result = ContactInput.safeParse(mapRow(cells, mapping, typeIds));
    const fields: Record<string, ErrorCode> = {};
    if (!result.success)
      for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= isErrorCode(issue.message) ? issue.message : "invalid_parameters";
    return { line: index + 2, cells, input: result.success ? result.data : null, fields };
  });

  const keysOf = (input: ContactInput) => ({
    emails: [input.email, input.email2].filter((v): v is string => !!v),
    phones: [input.phone, input.phone2].filter((v): v is string => !!v),
  });
  const allEmails = new Set<string>();
  const allPhones = new Set<string>();
  for (const row of checked)
    if (row.input) {
      const { emails, phones } = keysOf(row.input);
      emails.forEach((e) => allEmails.add(e));
      phones.forEach((p) => allPhones.add(p));
    }
  const taken = new Set<string>();
  for (const part of chunks([...allEmails], LOOKUP_CHUNK))
    for (const c of await repo.findByEmailsOrPhones(ctx.db, companyId, part, [])) [c.email, c.email2].forEach((v) => v && taken.add(v));
  for (const part of chunks([...allPhones], LOOKUP_CHUNK))
    for (const c of await repo.findByEmailsOrPhones(ctx.db, companyId, [], part)) [c.phone, c.phone2].forEach((v) => v && taken.add(v));

  for (const row of checked) {
    if (!row.input) continue;
    const { emails, phones } = keysOf(row.input);
    const clash = [...emails, ...phones].find((key) => taken.has(key));
    if (clash) {
      const field = (["email", "email2", "phone", "phone2"] as const).find((f) => row.input?.[f] === clash) ?? "email";
      row.fields[field] = "contact_exists";
      row.input = null;
    } else [...emails, ...phones].forEach((key) => taken.add(key));
  }
  return checked;
}

const summary = (rows: CheckedRow[]): ImportPreviewView => {
  const invalid = rows.filter((row) => !row.input);
  return {
    rows: rows.length,
    valid: rows.length - invalid.length,
    invalid: invalid.length,
    errors: invalid.slice(0, PREVIEW_ERRORS).map((row) => ({ row: row.line, fields: row.fields })),
  };
};

export async function inspect(data: Buffer): Promise<ImportInspectView> {
  const { rows } = await readTable(data);
  return { columns: rows[0] ?? [], rows: rows.length - 1, sample: rows.slice(1, 6) };
}

export async function preview(ctx: AppContext, actor: MemberActor, data: Buffer, mapping: ImportMapping): Promise<ImportPreviewView> {
  return summary(await checkRows(ctx, actor.companyId, await readTable(data), mapping));
}

/**
 * Valid rows go in, in batches that each commit whole or not at all; invalid rows (and the rows of a
 * batch that failed) come back as a report in the upload's format, with the reason in a last column.
 */
export async function commit(ctx: AppContext, actor: MemberActor, data: Buffer, mapping: ImportMapping, locale: Locale): Promise<ImportResultView> {
  const table = await readTable(data);
  const rows = await checkRows(ctx, actor.companyId, table, mapping);
  let imported = 0;
  for (const batch of chunks(
    rows.filter((row) => row.input),
    LIMITS.contactImportBatchRows,
  )) {
    try {
      imported += await ctx.db.transaction(async (tx) => {
        const added = await repo.insertContacts(
          tx,
          batch.map((row) => ({ ...contactValues(row.input as ContactInput), companyId: actor.companyId, createdBy: "user", createdByUserId: actor.userId })),
        );
        // One entry per batch, in the batch's own transaction: what the log says went in is exactly what did.
        await recordAudit(tx, actor, { action: "contact.import", targetType: "contact", after: { format: table.format, rows: added } });
        return added;
      });
    } catch {
      for (const row of batch) {
        row.input = null;
        row.fields = { _: "contact_add_failed" };
      }
    }
  }
  const result = summary(rows);
  const failed = rows.filter((row) => !row.input);
  return { ...result, imported, report_file_id: failed.length ? await storeReport(ctx, actor.companyId, table, failed, locale) : null };
}

async function storeReport(ctx: AppContext, companyId: number, table: Table, failed: CheckedRow[], locale: Locale) {
  const header = [...(table.rows[0] ?? []), locale === "mn" ? "Алдаа" : "Error"];
  const lines = failed.map((row) => [...row.cells, [...new Set(Object.values(row.fields).map((code) => errorMessage(code, locale)))].join(" ")]);
  const body = await writeTable(table.format, [header, ...lines]);
  return repo.insertFile(ctx.db, { companyId, mime: TABLE_MIME[table.format], name: `contacts-import-report.${table.format}`, size: body.length, data: body });
}
