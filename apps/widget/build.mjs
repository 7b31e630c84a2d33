// Builds the chat app (the iframe's script) under a content-hashed name, then the loader (a small
// IIFE for the customer's site) with that name built in, and writes manifest.json naming the app for
// the server. Both are precompressed (.br, .gz). `npm run size` checks their budgets.
import { build } from "esbuild";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "../../scripts/precompress.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, "dist");
const common = { bundle: true, minify: true, target: "es2020", legalComments: "none", logLevel: "warning" };

// Old hashed apps go: the server pairs a loader with its app only while that app is still here.
rmSync(outdir, { recursive: true, force: true });
const app = await build({ ...common, entryPoints: { app: path.join(here, "src/app.ts") }, outdir, entryNames: "[name].[hash]", format: "esm", metafile: true });
const appFile = path.basename(Object.keys(app.metafile.outputs).find((file) => file.endsWith(".js")) ?? "");
if (!/^app\.[A-Z0-9]+\.js$/.test(appFile)) throw new Error(`unexpected app file name: ${appFile}`);
await build({
  ...common,
  entryPoints: [path.join(here, "src/loader.ts")],
  outfile: path.join(outdir, "loader.js"),
  format: "iife",
  define: { __HOLBOO_WIDGET_APP__: JSON.stringify(appFile) },
});
writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify({ loader: "loader.js", app: appFile }));
precompress(outdir);
