/** Shared by the load and crash scripts: a server process on a fresh database, and an HTTP session. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

export async function createDatabase() {
  const name = `holboo_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export type ServerProcess = ChildProcessWithoutNullStreams & { inspectorUrl: string | null };

/**
 * Holboo as one process (`--import tsx`, so its pid is the server's) on the given database; with
 * `inspect`, it also listens for a DevTools session on a free loopback port (for memory figures).
 */
export function startServer(databaseUrl: string, port: number, options: { inspect?: boolean } = {}): Promise<ServerProcess> {
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const inspect = options.inspect ? ["--inspect=127.0.0.1:0"] : [];
  const counting = process.env.BENCH_SQL_COUNT ? ["--import", path.join(root, "scripts/lib/count-statements.mjs")] : [];
  const child = spawn(process.execPath, [...profile, ...inspect, ...counting, "--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      NODE_ENV: "production",
      TRUST_PROXY: "true",
      // bench:calls drives the fake Asterisk on this machine (an on-premises PBX).
      PBX_ALLOW_PRIVATE: "true",
      HOLBOO_STATEMENTS_FILE: statementsFile(port),
    },
  });
  const server: ServerProcess = Object.assign(child, { inspectorUrl: null });
  return new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => {
      if (String(chunk).includes("is ready at")) resolve(server);
      if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
    });
    server.stderr.on("data", (chunk) => {
      server.inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(String(chunk))?.[1] ?? null;
      if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
    });
    server.on("exit", () => reject(new Error("server exited before it was ready")));
  });
}

/** Where a server on `port` started with BENCH_SQL_COUNT writes its statement counts when it exits. */
const statementsFile = (port: number) => path.join(os.tmpdir(), `holboo-bench-statements-${port}.json`);

/** The SQL statements a stopped server sent, by text, most frequent first (BENCH_SQL_COUNT set), else null. */
export function statementsOf(port: number): [string, number][] | null {
  if (!process.env.BENCH_SQL_COUNT) return null;
  const file = statementsFile(port);
  const counts = JSON.parse(fs.readFileSync(file, "utf8")) as [string, number][];
  fs.rmSync(file);
  return counts;
}

/** Stops a server cleanly (SIGINT) and waits for it to exit. */
export async function stopServer(server: ServerProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGINT");
  await new Promise((resolve) => server.once("exit", resolve));
}

/** Stops the server cleanly and removes its database. */
export async function tearDown(server: ServerProcess | null, databaseName: string) {
  if (server) await stopServer(server);
  await dropDatabase(databaseName);
}

/** Runs a script's main, printing a failure and exiting non-zero on error. */
export function run(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export class Session {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call<T>(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) all["content-type"] = "application/json";
    const csrf = this.cookies.get("hb_csrf");
    if (csrf && method !== "GET") all["x-csrf-token"] = csrf;
    const response = await fetch(`${this.base}${route}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

/** A company admin with a web-chat channel, and visitors' sessions spread over many client addresses. */
export async function setUpCompany(base: string) {
  const admin = new Session(base);
  await admin.call("POST", "/api/signup", { first_name: "Бенч", last_name: "Админ", email: "bench@holboo.test", password: "bench-password-1" });
  await admin.call("POST", "/api/onboarding", { company_name: "Бенч компани", sector: "technology", employee_range: "11-50", agent_name: "Бенч бот" });
  const channel = await admin.call<{ public_key: string; domain: string }>("POST", "/api/webchat-channels", {
    name: "Bench",
    description: "Benchmark channel",
    domain: "bench.holboo.test",
    name_mn: "Бенч",
  });
  return { admin, channel };
}

export async function openVisitorSessions(base: string, channel: { public_key: string; domain: string }, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        new Session(base).call<{ visitor_token: string }>(
          "POST",
          "/api/webchat/session",
          { public_key: channel.public_key, host_origin: `https://${channel.domain}` },
          { "x-forwarded-for": `10.${((i + j) >> 8) & 255}.${(i + j) & 255}.1` },
        ),
      ),
    );
    tokens.push(...batch.map((session) => session.visitor_token));
  }
  return tokens;
}
