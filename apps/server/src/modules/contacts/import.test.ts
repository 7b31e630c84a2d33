import type { ContactListItem, InteractionView, ImportInspectView, ImportPreviewView, ImportResultView, ListResponse } from "@holboo/core";
import { CONTACT_EXPORT_HEADERS } from "@holboo/core";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique, visitor, webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = ListResponse<ContactListItem>;
const MAPPING = { first_name: 0, last_name: 1, email: 2, phone: 3, note: 4 };

function upload<T>(client: Client, path: string, data: Buffer | string, mapping?: object, name = "contacts.csv") {
  const form = new FormData();
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", new Blob([data]), name);
  return client.request<T>("POST", path, undefined, { raw: form });
}

async function download(client: Client, path: string): Promise<Buffer> {
  const response = await fetch(`${t.url}${path}`, { headers: { cookie: `hb_session=${client.cookie("hb_session") ?? ""}` } });
  return Buffer.from(await response.arrayBuffer());
}

const CSV = [
  "Нэр,Овог,И-мэйл,Утас,Тэмдэглэл",
  "Болд,Дорж,bold@example.mn,99112233,Өглөө залгах",
  "Сараа,Бат,not-an-email,,",
  '"Anna, Jr",Smith,anna@example.com,+14155550123,"said ""hi"""',
].join("\n");

describe("import", () => {
  it("inspects columns, previews per-row errors, imports the valid rows and reports the invalid ones as CSV", async () => {
    const admin = await companyAdmin(t);
    const inspected = await upload<ImportInspectView>(admin.client, "/api/contacts/import/inspect", CSV);
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    expect(inspected.body).toMatchObject({ columns: ["Нэр", "Овог", "И-мэйл", "Утас", "Тэмдэглэл"], rows: 3 });
    const preview = await upload<ImportPreviewView>(admin.client, "/api/contacts/import/preview", CSV, MAPPING);
    expect(preview.body).toEqual({ rows: 3, valid: 2, invalid: 1, errors: [{ row: 3, fields: { email: "email_invalid" } }] });
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(0);

    const result = await upload<ImportResultView>(admin.client, "/api/contacts/import", CSV, MAPPING);
    expect(result.body).toMatchObject({ rows: 3, valid: 2, invalid: 1, imported: 2 });
    const list = (await admin.client.get<List>("/api/contacts")).body;
    expect(list.items.map((c) => c.first_name).sort()).toEqual(["Anna, Jr", "Болд"]);
    expect(list.items.find((c) => c.first_name === "Болд")).toMatchObject({ phone: "+97699112233", created_by: "user" });
    const report = (await download(admin.client, `/api/files/${result.body.report_file_id}`)).toString("utf8");
    expect(report).toContain("Сараа,Бат,not-an-email");
    expect(report).toContain("И-мэйл буруу байна.");

    // Importing the same file again adds nothing: every valid row now exists.
    const again = await upload<ImportResultView>(admin.client, "/api/contacts/import", CSV, MAPPING);
    expect(again.body).toMatchObject({ imported: 0, invalid: 3 });
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(2);
  });

  it("rows repeating an e-mail or phone of an earlier row are reported, not imported twice", async () => {
    const admin = await companyAdmin(t);
    const csv = "name,email,phone\nA,a@example.mn,\nB,A@example.mn,\nC,,88112233\nD,,+976 8811 2233\n";
    const result = await upload<ImportResultView>(admin.client, "/api/contacts/import", csv, { first_name: 0, email: 1, phone: 2 });
    expect(result.body).toMatchObject({
      imported: 2,
      errors: [
        { row: 3, fields: { email: "contact_exists" } },
        { row: 5, fields: { phone: "contact_exists" } },
      ],
    });
  });

  it("exports the filtered list as CSV and XLSX, and an XLSX export imports back into another company", async () => {
    const admin = await companyAdmin(t);
    await admin.client.post("/api/contacts", { first_name: '=HYPERLINK("x")', phone: "+976 9900 1122", note: "-1+1", special: true });
    const vip = await admin.client.post<{ id: number }>("/api/contact-types", { name: "VIP" });
    await admin.client.post("/api/contacts", { first_name: "Дулмаа", email: "dulmaa@example.mn", type_id: vip.body.id });
    const csv = (await download(admin.client, "/api/contacts/export?format=csv&special=true")).toString("utf8");
    // Headed in the person's language (Mongolian here), with the labels the import matches columns by.
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFНэр,Овог,И-мэйл,Нэмэлт и-мэйл,Утас,Нэмэлт утас,Байгууллага,Мэргэжил,Хот / аймаг,Дүүрэг / сум,Хороо / баг,Дэлгэрэнгүй хаяг,Тэмдэглэл,Тайлбар,Харилцагчийн төрөл,Онцгой харилцагч,Бүртгэсэн огноо",
    );
    expect(csv).toContain("'=HYPERLINK");
    // A phone (stored as +97699001122) is the text formula ="+97699001122" (a spreadsheet shows it as typed); anything else formula-like keeps its '.
    expect(csv).toContain(`"=""+97699001122"""`);
    expect(csv).not.toContain("'+976");
    expect(csv).toContain(",'-1+1,");
    expect(csv).toContain(",Тийм,");
    expect(csv).not.toContain("Дулмаа");
    // Read back, the phone is what was typed.
    const again = await upload<ImportInspectView>(admin.client, "/api/contacts/import/inspect", csv);
    expect(again.body.sample[0]?.[4]).toBe("+97699001122");
    expect(again.body.sample[0]?.[12]).toBe("-1+1");
    await admin.client.request("PUT", "/api/change-lang?lang=en");
    const english = (await download(admin.client, "/api/contacts/export?format=csv&special=true")).toString("utf8");
    expect(english.split("\r\n")[0]).toMatch(/^\uFEFFFirst name,Last name,E-mail,Extra e-mail,Phone,/);
    expect(english).toContain(",Yes,");
    await admin.client.request("PUT", "/api/change-lang?lang=mn");

    const xlsx = await download(admin.client, "/api/contacts/export?format=xlsx");
    const other = await companyAdmin(t);
    const inspected = await upload<ImportInspectView>(other.client, "/api/contacts/import/inspect", xlsx, undefined, "contacts.xlsx");
    expect(inspected.body.rows).toBe(2);
    const columns = inspected.body.columns;
    const mapping = Object.fromEntries(
      (["first_name", "email", "phone", "type", "special"] as const).map((field) => [field, columns.indexOf(CONTACT_EXPORT_HEADERS.mn[field])]),
    );
    const unknownType = await upload<ImportPreviewView>(other.client, "/api/contacts/import/preview", xlsx, mapping, "contacts.xlsx");
    expect(unknownType.body.errors).toEqual([{ row: 2, fields: { type_id: "contact_type_not_found" } }]);
    await other.client.post("/api/contact-types", { name: "vip" });
    const result = await upload<ImportResultView>(other.client, "/api/contacts/import", xlsx, mapping, "contacts.xlsx");
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ imported: 2, invalid: 0, report_file_id: null });
    expect((await other.client.get<List>("/api/contacts?search=dulmaa")).body.items).toMatchObject([{ type: { name: "vip" }, special: false }]);
    expect((await other.client.get<List>("/api/contacts?special=true")).body.items).toMatchObject([{ first_name: '=HYPERLINK("x")', type: null }]);
  });

  it("names an anonymous visitor in the export as every screen does, in the person's language", async () => {
    const company = await webchatCompany(t);
    const sent = await (await visitor(t, company.channel)).send("Сайн байна уу?");
    const contactId = (await company.client.get<InteractionView>(`/api/interactions/${sent.body.interaction_id}`)).body.contact.id;
    const mn = (await download(company.client, "/api/contacts/export?format=csv")).toString("utf8");
    expect(mn.split("\r\n")[1]).toMatch(new RegExp(`^Зочин #${contactId},,`));
    await company.client.request("PUT", "/api/change-lang?lang=en");
    const en = (await download(company.client, "/api/contacts/export?format=csv")).toString("utf8");
    expect(en.split("\r\n")[1]).toMatch(new RegExp(`^Visitor #${contactId},,`));
  });

  it("a batch the database refuses goes in whole or not at all; the batches before it stay and its rows are reported", async () => {
    const admin = await companyAdmin(t);
    // A fault the input cannot cause: the database refuses one row of the second batch of 1000.
    const poison = unique("poison");
    const fn = `refuse_${poison}`;
    await t.database.db.execute(
      sql.raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.first_name = '${poison}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
      ),
    );
    await t.database.db.execute(sql.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION ${fn}()`));
    try {
      const lines = ["name,phone", ...Array.from({ length: 1500 }, (_, i) => `${i === 1200 ? poison : `Мөр ${i}`},${70000000 + i}`)];
      const result = await upload<ImportResultView>(admin.client, "/api/contacts/import", lines.join("\n"), { first_name: 0, phone: 1 });
      expect(result.body).toMatchObject({ rows: 1500, imported: 1000, invalid: 500 });
      expect(result.body.errors[0]).toEqual({ row: 1002, fields: { _: "contact_add_failed" } });
      expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(1000);
      expect((await admin.client.get<List>("/api/contacts?search=мөр 1499")).body.total).toBe(0);
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ${fn} ON contacts; DROP FUNCTION ${fn}()`));
    }
  });

  it("an XLSX report keeps the upload's format", async () => {
    const admin = await companyAdmin(t);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("a");
    sheet.addRow(["name", "phone"]);
    sheet.addRow(["Good", "99112244"]);
    sheet.addRow(["", "99112245"]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await upload<ImportResultView>(admin.client, "/api/contacts/import", data, { first_name: 0, phone: 1 }, "a.xlsx");
    expect(result.body).toMatchObject({ imported: 1, invalid: 1 });
    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await download(admin.client, `/api/files/${result.body.report_file_id}`)) as unknown as ArrayBuffer);
    expect(report.worksheets[0]?.getRow(2).getCell(2).text).toBe("99112245");
  });

  it("refuses zip bombs, files that are neither CSV nor XLSX, a mapping without the name, and users without export/import", async () => {
    const admin = await companyAdmin(t);
    const bomb = Buffer.from(zipSync({ "[Content_Types].xml": new Uint8Array(10), "xl/workbook.xml": new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(admin.client, "/api/contacts/import/inspect", bomb, undefined, "bomb.xlsx");
    expect(errorCode(refused)).toBe("import_file_too_large");
    expect(errorCode(await upload(admin.client, "/api/contacts/import/inspect", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), undefined, "x.csv"))).toBe(
      "import_file_invalid",
    );
    expect(errorCode(await upload(admin.client, "/api/contacts/import/inspect", Buffer.from([0xff, 0xfe, 0xfd]), undefined, "x.csv"))).toBe(
      "import_file_invalid",
    );
    expect(errorCode(await upload(admin.client, "/api/contacts/import/preview", CSV, { email: 2 }))).toBe("import_mapping_invalid");
    expect(errorCode(await upload(admin.client, "/api/contacts/import/preview", CSV, { first_name: 9 }))).toBe("import_mapping_invalid");
    // Over the 1 MB attachment limit the rest of the app uses, under the import's own limit.
    const tooMany = ["name,phone,note", ...Array.from({ length: 20_001 }, (_, i) => `Харилцагч номер ${i},${80000000 + i},${"x".repeat(40)}`)].join("\n");
    expect(Buffer.byteLength(tooMany)).toBeGreaterThan(1024 * 1024);
    expect(errorCode(await upload(admin.client, "/api/contacts/import/inspect", tooMany))).toBe("import_too_many_rows");
    expect(errorCode(await upload(admin.client, "/api/contacts/import/inspect", Buffer.alloc(6 * 1024 * 1024, 0x61)))).toBe("import_file_too_large");
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await upload(agent.client, "/api/contacts/import", CSV, MAPPING))).toBe("forbidden");
    expect(errorCode(await agent.client.get("/api/contacts/export"))).toBe("forbidden");
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(0);
  });
});
