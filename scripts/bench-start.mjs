// `npm run bench:start`: time from `npm start`'s server launch to "ready" with an empty data directory,
// then again reusing it. Prints one JSON line last. Run `npm run build` first so only the server is timed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "holboo-bench-start-"));

function timeStart() {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("not ready in 60 s"));
    }, 60_000);
    child.stdout.on("data", (chunk) => {
      if (!String(chunk).includes("is ready at")) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      clearTimeout(timer);
      const stopped = process.hrtime.bigint();
      child.on("exit", () => resolve({ seconds, stopSeconds: Number(process.hrtime.bigint() - stopped) / 1e9 }));
      child.kill("SIGINT");
    });
  });
}

try {
  const cold = await timeStart();
  console.log(`empty data directory: ready in ${cold.seconds.toFixed(2)} s, stopped in ${cold.stopSeconds.toFixed(2)} s`);
  const warm = await timeStart();
  console.log(`existing data directory: ready in ${warm.seconds.toFixed(2)} s, stopped in ${warm.stopSeconds.toFixed(2)} s`);
  console.log(JSON.stringify({ cold_start_s: +cold.seconds.toFixed(2), warm_start_s: +warm.seconds.toFixed(2), stop_s: +warm.stopSeconds.toFixed(2) }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
