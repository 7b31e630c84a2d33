// `npm start`: build the web app and the widget when missing or older than their sources, then run the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "apps/web");
const builtIndex = path.join(webDir, "dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const core = path.join(root, "packages/core/src");
const bundles = [
  { workspace: "@holboo/web", output: builtIndex, sources: [path.join(webDir, "src"), path.join(webDir, "public"), core] },
  { workspace: "@holboo/widget", output: path.join(root, "apps/widget/dist/manifest.json"), sources: [path.join(root, "apps/widget/src"), core] },
];
for (const bundle of bundles) {
  const stale = !existsSync(bundle.output) || bundle.sources.some((dir) => existsSync(dir) && newestMtime(dir) > statSync(bundle.output).mtimeMs);
  if (!stale || (bundle.workspace === "@holboo/web" && process.env.WEB_DIST_DIR)) continue;
  console.log(`Building ${bundle.workspace}…`);
  const build = spawnSync("npm", ["run", "build", "-w", bundle.workspace], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `--import tsx` rather than tsx's CLI, which would run the server in a second process: this way the
// child's pid is the server's, so signalling or killing it reaches the server, not a wrapper.
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], { cwd: root, stdio: "inherit" });
// The server handles SIGINT/SIGTERM itself (stopping the embedded PostgreSQL); we only wait for it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
