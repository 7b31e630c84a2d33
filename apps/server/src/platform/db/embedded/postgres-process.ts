import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { StartError } from "../../start-messages.ts";
import type { OsUser } from "./os-user.ts";

const READY = "database system is ready to accept connections";
const KEPT_LINES = 40;
const STOP_GRACE_MS = 60_000;

/** The last lines a program wrote, shown when it fails. */
class OutputTail {
  private lines: string[] = [];
  add(chunk: string) {
    this.lines.push(...chunk.split("\n").filter((line) => line.trim()));
    if (this.lines.length > KEPT_LINES) this.lines = this.lines.slice(-KEPT_LINES);
  }
  toString() {
    return this.lines.join("\n");
  }
}

interface Run {
  user: OsUser | null;
  log: (line: string) => void;
}

// English messages, whatever the machine's locale: readiness is recognised by its words.
const environment = () => ({ ...process.env, LC_MESSAGES: "C", LC_ALL: "" });

function launch(program: string, args: string[], run: Run, output: OutputTail): ChildProcess {
  const child = spawn(program, args, {
    ...(run.user ? { uid: run.user.uid, gid: run.user.gid } : {}),
    // A process group of its own: Ctrl-C in the terminal reaches the server, which finishes its jobs and
    // closes its connections before it stops PostgreSQL, rather than PostgreSQL dropping them mid-way.
    detached: true,
    env: environment(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output.add(text);
    for (const line of text.split("\n")) if (line.trim()) run.log(line.trim());
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  return child;
}

const spawnFailure = (program: string, error: Error & { code?: string }) =>
  new StartError("postgres_spawn_failed", { path: program, reason: error.code ?? error.message });

/** Creates a cluster with initdb; a failure carries initdb's own words. */
export function initCluster(initdb: string, clusterDir: string, args: string[], run: Run): Promise<void> {
  const output = new OutputTail();
  return new Promise((resolve, reject) => {
    const child = launch(initdb, [`--pgdata=${clusterDir}`, ...args], run, output);
    child.on("error", (error) => reject(spawnFailure(initdb, error)));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new StartError("initdb_failed", { path: clusterDir }, output.toString()));
    });
  });
}

export interface Postmaster {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the postmaster and resolves once it accepts connections. If this process exits without
 * stopping it (an uncaught error, process.exit), it is asked to shut down on the way out; only a
 * SIGKILL leaves it behind, which the next start clears (orphan.ts).
 */
export function startPostmaster(
  postgres: string,
  clusterDir: string,
  args: string[],
  run: Run,
  onUnexpectedExit: (reason: string) => void,
  timeoutMs = 120_000,
): Promise<Postmaster> {
  const output = new OutputTail();
  const child = launch(postgres, ["-D", clusterDir, ...args], run, output);
  const stopOnExit = () => child.kill("SIGINT");
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));

  // The postmaster removes its lock file last; stopped means it is gone.
  const shutDown = async () => {
    const lock = path.join(clusterDir, "postmaster.pid");
    for (let waited = 0; existsSync(lock) && waited < STOP_GRACE_MS; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const stop = async () => {
    process.off("exit", stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return shutDown();
    stopping = true;
    child.kill("SIGINT");
    const forced = setTimeout(() => child.kill("SIGQUIT"), STOP_GRACE_MS);
    await exited;
    clearTimeout(forced);
    await shutDown();
  };

  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      reject(new StartError("postgres_timeout", { path: clusterDir, seconds: Math.round(timeoutMs / 1000) }, output.toString()));
      void stop();
    }, timeoutMs);
    const watch = (chunk: Buffer) => {
      if (ready || !chunk.toString("utf8").includes(READY)) return;
      ready = true;
      clearTimeout(timer);
      process.on("exit", stopOnExit);
      resolve({ pid: child.pid ?? 0, stop });
    };
    child.stderr?.on("data", watch);
    child.stdout?.on("data", watch);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(spawnFailure(postgres, error));
    });
    child.on("close", (code, signal) => {
      process.off("exit", stopOnExit);
      if (!ready) {
        clearTimeout(timer);
        reject(new StartError("postgres_failed", { path: clusterDir }, output.toString()));
      } else if (!stopping) {
        onUnexpectedExit(`${code ?? signal}: ${output.toString().split("\n").slice(-3).join(" ")}`);
      }
    });
  });
}
