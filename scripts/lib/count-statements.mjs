/**
 * Preloaded into the server by the bench harness when BENCH_SQL_COUNT is set: counts the SQL statements the
 * process sends (by their text, parameters left out) and writes them, most frequent first, to
 * HOLBOO_STATEMENTS_FILE when it exits. The pg it patches is the server's own (resolved from apps/server).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverRequire = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/server/package.json"));
const pg = serverRequire("pg");
const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = String(typeof config === "string" ? config : (config?.text ?? config?.name ?? "?"));
  const shape = text.replace(/\s+/g, " ").trim().slice(0, 200);
  counts.set(shape, (counts.get(shape) ?? 0) + 1);
  return query.call(this, config, ...rest);
};
process.on("exit", () => {
  const file = process.env.HOLBOO_STATEMENTS_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify([...counts].sort((a, b) => b[1] - a[1])));
});
