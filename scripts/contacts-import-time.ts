/**
 * `npm run time:contacts-import -- [--rows N] [--port N]`
 * Starts Holboo on a fresh database (DATABASE_URL, default the local server), imports a CSV of N
 * contacts (default 10,000) through the API as a company admin, and prints how long the import call
 * took. The last line is one JSON object.
 */
import { performance } from "node:perf_hooks";
import { arg, createDatabase, run, setUpCompany, startServer, tearDown } from "./lib/harness.ts";

const rows = arg("rows", 10_000);
const port = arg("port", 3400);
const base = `http://127.0.0.1:${port}`;

async function main() {
  const database = await createDatabase();
  const server = await startServer(database.url, port);
  try {
    const { admin } = await setUpCompany(base);
    const lines = ["first_name,last_name,email,phone,city,note"];
    for (let i = 0; i < rows; i++) lines.push(`Харилцагч${i},Овог${i},contact${i}@example.mn,${80000000 + i},Улаанбаатар,Импортын мөр ${i}`);
    const form = new FormData();
    form.append("mapping", JSON.stringify({ first_name: 0, last_name: 1, email: 2, phone: 3, city: 4, note: 5 }));
    form.append("file", new Blob([lines.join("\n")]), "contacts.csv");
    const started = performance.now();
    const response = await fetch(`${base}/api/contacts/import`, {
      method: "POST",
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "x-csrf-token": admin.cookies.get("hb_csrf") ?? "" },
      body: form,
    });
    const seconds = (performance.now() - started) / 1000;
    const result = (await response.json()) as { imported?: number };
    if (!response.ok || result.imported !== rows) throw new Error(`import failed: ${response.status} ${JSON.stringify(result)}`);
    console.log(`imported ${result.imported} contacts from CSV in ${seconds.toFixed(2)} s`);
    console.log(JSON.stringify({ rows, import_s: Number(seconds.toFixed(3)) }));
  } finally {
    await tearDown(server, database.name);
  }
}

run(main);
