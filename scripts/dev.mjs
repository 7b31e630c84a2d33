// `npm run dev`: the server reloading on change (tsx watch) and Vite's dev server with its proxy to the API.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, NODE_ENV: "development", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" };
const children = [
  spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "apps/server/src/main.ts"], { cwd: root, stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "-w", "@holboo/web"], { cwd: root, stdio: "inherit", env }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
let exited = 0;
for (const child of children) child.on("exit", () => ++exited === children.length && process.exit(0));
