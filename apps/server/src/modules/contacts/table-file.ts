import { LIMITS, type ExportFormat } from "@holboo/core";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { Unzip, UnzipInflate } from "fflate";
import { fail } from "../../platform/http/errors.ts";

/** A spreadsheet as text: the first row is the header. */
export interface Table {
  format: ExportFormat;
  rows: string[][];
}

export const TABLE_MIME: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const isZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * Zip-bomb guard: inflates every entry once, counting the real bytes (not the sizes the archive
 * claims), and stops at the limit. Also checks that the archive is a workbook.
 */
function assertSafeWorkbook(data: Buffer) {
  let unpacked = 0;
  let entries = 0;
  let hasWorkbook = false;
  let tooLarge = false;
  const unzip = new Unzip((file) => {
    entries++;
    if (file.name === "xl/workbook.xml") hasWorkbook = true;
    file.ondata = (error, chunk) => {
      if (error) fail("import_file_invalid");
      unpacked += chunk.length;
      if (unpacked > LIMITS.contactImportUnpackedBytes && !tooLarge) {
        tooLarge = true;
        file.terminate();
      }
    };
    if (!tooLarge) file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(data, true);
  } catch {
    fail("import_file_invalid");
  }
  if (tooLarge) fail("import_file_too_large");
  if (!hasWorkbook || entries > 1000) fail("import_file_invalid");
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  assertSafeWorkbook(data);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    fail("import_file_invalid");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return fail("import_file_invalid");
  if (sheet.rowCount > LIMITS.contactImportMaxRows + 1) fail("import_too_many_rows");
  const width = sheet.columnCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).text.trim()));
  });
  return rows;
}

function readCsv(data: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return fail("import_file_invalid");
  }
  if (text.includes("\u0000")) fail("import_file_invalid");
  try {
    const delimiter = (text.split("\n", 1)[0] ?? "").includes(";") && !text.split("\n", 1)[0]?.includes(",") ? ";" : ",";
    const rows = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: LIMITS.contactImportMaxRows + 2,
    }) as string[][];
    return rows.map((row) => row.map(unquote));
  } catch {
    return fail("import_file_invalid");
  }
}

/** Reads an uploaded CSV or XLSX, told apart by content (magic bytes), never by name. */
export async function readTable(data: Buffer): Promise<Table> {
  if (!data.length) fail("import_file_invalid");
  const table: Table = isZip(data) ? { format: "xlsx", rows: await readXlsx(data) } : { format: "csv", rows: readCsv(data) };
  if (table.rows.length < 1) fail("import_file_invalid");
  if (table.rows.length > LIMITS.contactImportMaxRows + 1) fail("import_too_many_rows");
  return table;
}

/**
 * A phone number as typed: a leading + or 0, then digits, spaces, dashes and brackets. Nothing else fits, so its
 * cell can be the text formula ="…" (Excel shows "+976 8811 2233" as typed, not as 97688112233 or with a visible ')
 * without opening a door to formula injection.
 */
const PHONE_LIKE = /^[+0][0-9][0-9 ()-]*$/;
/**
 * In CSV, a phone is written ="…" and any other cell a spreadsheet would run as a formula gets a leading ' (CSV
 * injection); readTable undoes both. XLSX cells are typed strings.
 */
const safeCell = (value: string) => (PHONE_LIKE.test(value) ? `="${value}"` : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const unquote = (value: string) => {
  const phone = /^="(.*)"$/.exec(value)?.[1];
  return phone !== undefined && PHONE_LIKE.test(phone) ? phone : value.replace(/^'(?=[=+\-@])/, "");
};
const csvCell = (value: string) => {
  const cell = safeCell(value);
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

export async function writeTable(format: ExportFormat, rows: string[][]): Promise<Buffer> {
  if (format === "csv") return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`, "utf8");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("contacts");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
