// `npm run size` (after `npm run build`): the JavaScript each budgeted download carries, compressed,
// from the build output; exits non-zero when one is over its budget or the build is missing.
//   - the staff app's first screen (/interacts, signed in): index.html's script and every chunk it
//     imports, plus the chunks of the first screen's modules should they ever become lazy: 250 KB gzip
//   - the web-chat loader on customers' pages: 10 KB gzip; the chat app in its iframe: 80 KB gzip
// It also prints, without a budget, the first screen's stylesheets (those its chunks carry), and the chunks the first
// screen fetches right after it renders (header menus, the socket library), so what moved off the budget stays in view;
// and it fails when a Mantine class the first screen's JavaScript uses has no rule in the first screen's stylesheets
// (a component whose CSS is in styles/mantine-later.css would show unstyled until that file arrives).
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
/** Lazy chunks the first screen requests as soon as it renders, without waiting for them: reported, not budgeted. */
const AFTER_FIRST_RENDER = [
  "src/components/UserMenu.tsx",
  "src/features/help/HelpMenu.tsx",
  "../../node_modules/socket.io-client/build/esm/index.js",
  "src/styles/mantine-later.css",
];

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

/** The files the given modules' chunks bring (scripts and their stylesheets), transitively over static imports. */
function chunkFiles(manifest, modules, { entries = false, lazy = false, except = new Set() } = {}) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  if (entries) for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const module of modules) {
    // Bundled modules have no entry of their own; a lazy one that has none was renamed or is no longer lazy.
    if (lazy && !manifest[module]) throw new Error(`${module} is not a chunk of the build: update scripts/size.mjs`);
    visit(module);
  }
  const files = new Set([...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
  return [...files].filter((file) => !except.has(file));
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

const measure = (file) => {
  const bytes = readFileSync(path.join(webDist, file));
  return { file, text: bytes.toString("utf8"), raw: bytes.length, gzip: gzip(bytes), brotli: brotli(bytes) };
};
const total = (files, key) => files.reduce((sum, file) => sum + file[key], 0);
const list = (files) => {
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${path.basename(file.file).padEnd(36)} ${kb(file.gzip).padStart(9)} gzip ${kb(file.raw).padStart(9)} raw`);
};
const summary = (files) => `${kb(total(files, "gzip"))} gzip, ${kb(total(files, "brotli"))} brotli, ${kb(total(files, "raw"))} raw, ${files.length} files`;

const manifest = readJson(path.join(webDist, ".vite/manifest.json"));
const firstScreen = chunkFiles(manifest, FIRST_SCREEN_MODULES, { entries: true }).map(measure);
const scripts = firstScreen.filter((file) => file.file.endsWith(".js"));
const styles = firstScreen.filter((file) => file.file.endsWith(".css"));
check("staff app first screen (/interacts)", total(scripts, "gzip"), BUDGETS.firstScreen, `, ${summary(scripts).replace(/^[^,]*, /, "")}`);
list(scripts);
console.log(`  its stylesheets (no budget): ${summary(styles)}`);
list(styles);
const after = chunkFiles(manifest, AFTER_FIRST_RENDER, { lazy: true, except: new Set(firstScreen.map((file) => file.file)) }).map(measure);
console.log(`  fetched alongside, not holding its render back (no budget): ${summary(after)}`);
list(after);

// Mantine's generated class names (m_ and 8 hex digits) that the first screen's code sets, each needs its rule at once.
const mantineClasses = (text) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
const styled = mantineClasses(styles.map((file) => file.text).join("\n"));
const unstyled = [...mantineClasses(scripts.map((file) => file.text).join("\n"))].filter((name) => !styled.has(name));
if (unstyled.length > 0) {
  over = true;
  const mantineStyles = path.join(root, "node_modules/@mantine/core/styles");
  const owners = new Set(
    readdirSync(mantineStyles)
      .filter((file) => !file.includes(".layer."))
      .filter((file) => unstyled.some((name) => readFileSync(path.join(mantineStyles, file), "utf8").includes(name))),
  );
  console.error(
    `  the first screen uses Mantine classes without their CSS at once (${unstyled.join(", ")}): move ${[...owners].join(", ")}\n` +
      "  from apps/web/src/styles/mantine-later.css to mantine-first-screen.css",
  );
}

const widget = readJson(path.join(widgetDist, "manifest.json"));
for (const [label, file, budget] of [
  ["web-chat loader", widget.loader, BUDGETS.loader],
  ["web-chat app", widget.app, BUDGETS.widgetApp],
]) {
  const bytes = readFileSync(path.join(widgetDist, file));
  check(`${label} (${file})`, gzip(bytes), budget, `, ${kb(brotli(bytes))} brotli, ${kb(bytes.length)} raw`);
}
if (over) process.exit(1);
