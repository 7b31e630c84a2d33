/**
 * `npm run bench:contacts [-- --contacts N --messages N --companies N --samples N --port N]`
 * Starts Holboo on a fresh database (DATABASE_URL, default the local server) and, as a company admin,
 * imports N contacts (default 100,000) through the import API in files of the largest allowed size,
 * printing the time. Then it gives that company N messages (default 1,000,000, ten per conversation)
 * and adds N other companies (default 10) of the same size, written straight into the database as
 * bench data. Finally it times the contacts list as a user sees it — the first page, a filtered page
 * and a search — and prints p50/p95 of each. The last line is one JSON object.
 */
import { LIMITS } from "@holboo/core";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { arg, createDatabase, run, setUpCompany, startServer, tearDown, type Session } from "./lib/harness.ts";

const contactCount = arg("contacts", 100_000);
const messageCount = arg("messages", 1_000_000);
const otherCompanies = arg("companies", 10);
const samples = arg("samples", 200);
const port = arg("port", 3920);
const base = `http://127.0.0.1:${port}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** One import call: a CSV of rows `from`..`to`, every tenth contact special. */
async function importFile(admin: Session, from: number, to: number): Promise<number> {
  const lines = ["first_name,last_name,email,phone,city,special"];
  for (let i = from; i < to; i++)
    lines.push(`Харилцагч${i},Бат${i % 997},contact${i}@example.mn,${80000000 + i},Улаанбаатар,${i % 10 === 0 ? "тийм" : "үгүй"}`);
  const form = new FormData();
  form.append("mapping", JSON.stringify({ first_name: 0, last_name: 1, email: 2, phone: 3, city: 4, special: 5 }));
  form.append("file", new Blob([lines.join("\n")]), "contacts.csv");
  const response = await fetch(`${base}/api/contacts/import`, {
    method: "POST",
    headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "x-csrf-token": admin.cookies.get("hb_csrf") ?? "" },
    body: form,
  });
  const result = (await response.json()) as { imported?: number };
  if (!response.ok) throw new Error(`import failed: ${response.status} ${JSON.stringify(result)}`);
  return result.imported ?? 0;
}

/** Conversations of ten messages each for the company's contacts, as bench data. */
async function addMessages(db: pg.Client, companyId: number) {
  const conversations = Math.ceil(messageCount / 10);
  await db.query(
    `INSERT INTO interactions (company_id, contact_id, title, status, owner_type, started_at, closed_at, last_seq, last_message_at)
     SELECT $1, c.id, 'Бенч', 'closed', 'user', t, t + interval '1 hour', 10, t + interval '10 minutes'
     FROM (SELECT id, now() - (random() * 365) * interval '1 day' AS t FROM contacts WHERE company_id = $1 ORDER BY id LIMIT $2) c`,
    [companyId, conversations],
  );
  await db.query(
    `INSERT INTO messages (company_id, interaction_id, seq, direction, sender_type, text, status, created_at)
     SELECT i.company_id, i.id, s, CASE WHEN s % 2 = 1 THEN 'in' ELSE 'out' END, CASE WHEN s % 2 = 1 THEN 'contact' ELSE 'user' END,
       'Бенч мессеж ' || s, 'seen', i.started_at + s * interval '1 minute'
     FROM interactions i, generate_series(1, 10) s WHERE i.company_id = $1`,
    [companyId],
  );
}

/** Another company of the same size, written straight into the database. */
async function addCompany(db: pg.Client, n: number, ownerId: number) {
  const company = await db.query<{ id: number }>("INSERT INTO companies (name, owner_user_id, creator_user_id) VALUES ($1, $2, $2) RETURNING id", [
    `Бенч ${n}`,
    ownerId,
  ]);
  const companyId = company.rows[0]?.id ?? 0;
  await db.query(
    `INSERT INTO contacts (company_id, first_name, last_name, email, phone, city, special, created_by, created_at)
     SELECT $1, 'Харилцагч' || g, 'Бат' || (g % 997), 'c' || $2 || '-' || g || '@example.mn', '+976' || (80000000 + g), 'Улаанбаатар', g % 10 = 0, 'system',
       now() - (random() * 365) * interval '1 day'
     FROM generate_series(1, $3) g`,
    [companyId, n, contactCount],
  );
  await addMessages(db, companyId);
}

async function time(admin: Session, path: string): Promise<{ p50: number; p95: number; total: number }> {
  const took: number[] = [];
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    total = (await admin.call<{ total: number }>("GET", path)).total;
    took.push(performance.now() - started);
  }
  return { p50: +percentile(took, 50).toFixed(1), p95: +percentile(took, 95).toFixed(1), total };
}

async function main() {
  const database = await createDatabase();
  const server = await startServer(database.url, port);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const { admin } = await setUpCompany(base);
    const me = await admin.call<{ ID: number; company_id: number }>("GET", "/api/me");

    let imported = 0;
    const started = performance.now();
    for (let from = 0; from < contactCount; from += LIMITS.contactImportMaxRows)
      imported += await importFile(admin, from, Math.min(contactCount, from + LIMITS.contactImportMaxRows));
    const importSeconds = (performance.now() - started) / 1000;
    console.log(`imported ${imported} contacts through the API in ${importSeconds.toFixed(1)} s (files of ${LIMITS.contactImportMaxRows} rows)`);

    const filling = performance.now();
    await addMessages(db, me.company_id);
    for (let n = 1; n <= otherCompanies; n++) await addCompany(db, n, me.ID);
    await db.query("ANALYZE");
    const counts = (
      await db.query<{ contacts: string; messages: string }>("SELECT (SELECT count(*) FROM contacts) AS contacts, (SELECT count(*) FROM messages) AS messages")
    ).rows[0];
    console.log(
      `bench data: ${counts?.contacts} contacts and ${counts?.messages} messages in ${otherCompanies + 1} companies (${((performance.now() - filling) / 1000).toFixed(0)} s)`,
    );

    const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const list = await time(admin, "/api/contacts?page=1&page_size=20");
    const filtered = await time(admin, `/api/contacts?page=2&page_size=20&special=true&from=${encodeURIComponent(from)}`);
    const search = await time(admin, `/api/contacts?page=1&page_size=20&search=${encodeURIComponent("харилцагч4213")}`);
    console.log(`list (first page of ${list.total}): p50 ${list.p50} ms, p95 ${list.p95} ms`);
    console.log(`filtered (special, last 90 days, page 2 of ${filtered.total}): p50 ${filtered.p50} ms, p95 ${filtered.p95} ms`);
    console.log(`search ("харилцагч4213", ${search.total} found): p50 ${search.p50} ms, p95 ${search.p95} ms`);
    console.log(JSON.stringify({ import_100k_s: +importSeconds.toFixed(1), list_p95_ms: list.p95, filtered_p95_ms: filtered.p95, search_p95_ms: search.p95 }));
  } finally {
    await db.end();
    await tearDown(server, database.name);
  }
}

run(main);
