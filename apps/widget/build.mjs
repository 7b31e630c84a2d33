// Builds the loader (a small IIFE for the customer's site) and the chat app (the iframe), and with
// --size prints their gzip sizes against the budgets: loader ≤ 10 KB, app ≤ 80 KB of JavaScript.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, "dist");
const common = { bundle: true, minify: true, target: "es2020", legalComments: "none", logLevel: "warning" };

await build({ ...common, entryPoints: [path.join(here, "src/loader.ts")], outfile: path.join(outdir, "loader.js"), format: "iife" });
await build({ ...common, entryPoints: [path.join(here, "src/app.ts")], outfile: path.join(outdir, "app.js"), format: "esm" });

const budgets = { "loader.js": 10 * 1024, "app.js": 80 * 1024 };
let over = false;
for (const [file, budget] of Object.entries(budgets)) {
  const bytes = readFileSync(path.join(outdir, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const line = `${file}: ${(bytes.length / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip (budget ${budget / 1024} KB)`;
  if (process.argv.includes("--size")) console.log(line);
  if (gzip > budget) {
    over = true;
    console.error(`over budget: ${line}`);
  }
}
if (over) process.exit(1);
