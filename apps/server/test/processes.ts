import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/main.ts");
const running = new Set<ChildProcess>();
// Whatever happens to the test (a failure, a crash of its worker), no server is left behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Output so far, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** `apps/server/src/main.ts` as a process of its own on the run's database, on a free port. */
export function startServerProcess(env: Record<string, string> = {}, timeoutMs = 100_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: inject("databaseUrl"),
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PLATFORM_ADMIN_EMAILS: "root-admin@holboo.test",
      WEB_DIST_DIR: "/nonexistent-web-dist",
      // Other test files' mailboxes live in the same database: only the app that made one reads it.
      EMAIL_READERS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const stop = async () => {
    running.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stop().then(() => reject(new Error(`server did not start within ${timeoutMs / 1000} s:\n${output}`)));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const url = /listening on (http:\/\/[^\s,;]+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => output, stop });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.once("exit", (code) => {
      clearTimeout(timer);
      running.delete(child);
      if (!timedOut) reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
}
