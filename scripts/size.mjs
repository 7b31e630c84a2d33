// `npm run size` (after `npm run build`): the JavaScript each budgeted download carries, compressed,
// from the build output; exits non-zero when one is over its budget or the build is missing.
//   - the staff app's first screen (/interacts, signed in): index.html's script and every chunk it
//     imports, plus the chunks of the first screen's modules should they ever become lazy: 250 KB gzip
//   - the web-chat loader on customers' pages: 10 KB gzip; the chat app in its iframe: 80 KB gzip
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDist = path.join(root, "apps/web/dist");
const widgetDist = path.join(root, "apps/widget/dist");
const KB = 1024;
const BUDGETS = { firstScreen: 250 * KB, loader: 10 * KB, widgetApp: 80 * KB };
/** Modules the signed-in first screen renders at once; if one becomes a lazy chunk, it still counts. */
const FIRST_SCREEN_MODULES = ["src/main.tsx", "src/layouts/DefaultLayout.tsx", "src/features/interacts/InteractsPage.tsx"];

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function readJson(file) {
  if (!existsSync(file)) {
    console.error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The files of the first screen: each listed module's chunk and, transitively, its static imports. */
function firstScreenFiles(manifest) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const module of FIRST_SCREEN_MODULES) visit(module);
  return [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
}

let over = false;
function check(label, total, budget, detail = "") {
  const line = `${label}: ${kb(total)} gzip${detail} (budget ${kb(budget)})`;
  console.log(line);
  if (total > budget) {
    over = true;
    console.error(`  over budget by ${kb(total - budget)}`);
  }
}

const manifest = readJson(path.join(webDist, ".vite/manifest.json"));
const files = firstScreenFiles(manifest).map((file) => {
  const bytes = readFileSync(path.join(webDist, file));
  return { file, raw: bytes.length, gzip: gzip(bytes), brotli: brotli(bytes) };
});
const sum = (key) => files.reduce((total, file) => total + file[key], 0);
check("staff app first screen (/interacts)", sum("gzip"), BUDGETS.firstScreen, `, ${kb(sum("brotli"))} brotli, ${kb(sum("raw"))} raw, ${files.length} files`);
for (const file of files.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${path.basename(file.file).padEnd(36)} ${kb(file.gzip).padStart(9)} gzip ${kb(file.raw).padStart(9)} raw`);

const widget = readJson(path.join(widgetDist, "manifest.json"));
for (const [label, file, budget] of [
  ["web-chat loader", widget.loader, BUDGETS.loader],
  ["web-chat app", widget.app, BUDGETS.widgetApp],
]) {
  const bytes = readFileSync(path.join(widgetDist, file));
  check(`${label} (${file})`, gzip(bytes), budget, `, ${kb(brotli(bytes))} brotli, ${kb(bytes.length)} raw`);
}
if (over) process.exit(1);
