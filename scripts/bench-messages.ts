/**
 * `npm run bench:messages -- --seconds N --visitors N [--rate N]`
 * Starts Holboo as its own process on the machine's PostgreSQL (DATABASE_URL, default the local server,
 * in a fresh database), connects an agent and N web-chat visitors over the widget's protocol (a session
 * over HTTP, then the socket the widget sends on), then for N seconds has the visitors send messages and
 * measures the time from a visitor's send to the agent's socket receiving it. Opening the conversations
 * (each visitor's first message) is timed separately. Prints the figures, with the CPU time the server,
 * PostgreSQL and this script spent per message; the last line is one JSON object.
 *
 * `--server relay` measures the floor instead: the same set-up through Holboo, then a bare relay
 * (scripts/lib/relay-server.ts) doing the same durable work takes over the port and the visitors reconnect
 * to it. `--profile FILE` writes a CPU profile of Holboo's timed phase, or of the relay's life (open it in Chrome's DevTools).
 * PostgreSQL's CPU is that of the cluster serving the benchmark's database (its postmaster and children),
 * when its data directory is readable here, else of every local PostgreSQL process.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import type { VisitorSendAck } from "@holboo/core";
import { arg, createDatabase, run, tearDown, openVisitorSessions, setUpCompany, sleep, startServer, stopServer, type ServerProcess } from "./lib/harness.ts";
import { InspectorSession } from "./lib/inspector.ts";

const seconds = arg("seconds", 20);
const visitorCount = arg("visitors", 1000);
const targetRate = arg("rate", 1000);
const port = arg("port", 3900);
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const serverKind = option("server") ?? "holboo";
const profileFile = option("profile");
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface ProcStat {
  pid: number;
  name: string;
  parent: number;
  cpuMs: number;
}

function procStat(pid: string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      pid: Number(pid),
      name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      parent: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
    };
  } catch {
    return null; // The process ended meanwhile.
  }
}

/** The postmaster of the cluster holding the database, when its data directory is readable here. */
async function postmasterOf(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
    const dataDirectory = rows[0]?.data_directory;
    return dataDirectory ? Number(readFileSync(path.join(dataDirectory, "postmaster.pid"), "utf8").split("\n")[0]) : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** CPU time (ms) of one process, or of PostgreSQL: the cluster's postmaster and its children, else every local one. */
function cpuMs(match: number | { postmaster: number | null }): number {
  if (typeof match === "number") return procStat(String(match))?.cpuMs ?? 0;
  const processes = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(procStat)
    .filter((stat): stat is ProcStat => stat !== null && stat.name === "postgres");
  const ours = match.postmaster === null ? processes : processes.filter((stat) => stat.pid === match.postmaster || stat.parent === match.postmaster);
  return ours.reduce((total, stat) => total + stat.cpuMs, 0);
}

/** A CHECKPOINT where the role may run one (a superuser, as on a development machine); elsewhere nothing. */
async function checkpoint(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("CHECKPOINT").catch(() => undefined);
  await client.end();
}

/**
 * Where the relay writes its CPU profiles: one per thread (tsx's module loader runs on a thread of its own), so a
 * fixed --cpu-prof-name would leave whichever thread ended last, usually the loader's, in place of the relay's.
 */
const relayProfileDir = profileFile ? mkdtempSync(path.join(os.tmpdir(), "bench-relay-profile-")) : null;

/** Keeps the relay's main-thread profile (thread id 0 in Node's file name) as `--profile FILE`. */
function keepRelayProfile(pid: number | undefined) {
  if (!relayProfileDir || !profileFile) return;
  const main = readdirSync(relayProfileDir).find((name) => name.endsWith(".cpuprofile") && name.includes(`.${pid}.0.`));
  if (main) copyFileSync(path.join(relayProfileDir, main), profileFile);
  else console.error(`no main-thread profile of the relay in ${relayProfileDir}`);
  rmSync(relayProfileDir, { recursive: true, force: true });
}

/** The bare relay on the same port and database, once it listens. */
function startRelay(databaseUrl: string): Promise<ServerProcess> {
  const profile = relayProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${relayProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", path.join(import.meta.dirname, "lib/relay-server.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
  });
  const relay: ServerProcess = Object.assign(child, { inspectorUrl: null });
  return new Promise((resolve, reject) => {
    relay.stdout.on("data", (chunk) => {
      if (String(chunk).includes("is ready at")) resolve(relay);
    });
    relay.stderr.on("data", (chunk) => process.stderr.write(chunk));
    relay.on("exit", () => reject(new Error("relay exited before it was ready")));
  });
}

function send(socket: Socket, clientId: string, text: string): Promise<VisitorSendAck> {
  return socket.timeout(10_000).emitWithAck("message", { client_id: clientId, text }) as Promise<VisitorSendAck>;
}

async function main() {
  const database = await createDatabase();
  const postmaster = await postmasterOf(database.url);
  let server = await startServer(database.url, port, { inspect: true });
  const sockets: Socket[] = [];
  const visitorSockets: Socket[] = [];
  try {
    const { admin, channel } = await setUpCompany(base);
    const agent = io(base, { transports: ["websocket"], extraHeaders: { cookie: `hb_session=${admin.cookies.get("hb_session")}` } });
    sockets.push(agent);
    await new Promise<void>((resolve) => agent.once("connect", () => resolve()));
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    agent.on("interaction.event", (event: { type: string; payload: { message?: { client_id: string | null } } }) => {
      // Visitor client ids come back prefixed with the visitor's identity ("v12:<id>").
      const stored = event.type === "message.created" ? event.payload.message?.client_id : null;
      const clientId = stored ? stored.slice(stored.indexOf(":") + 1) : null;
      const started = clientId ? sentAt.get(clientId) : undefined;
      if (started !== undefined && clientId) {
        latencies.push(performance.now() - started);
        sentAt.delete(clientId);
      }
    });

    // Sessions first: their HTTP calls and rows are not what a connected visitor costs.
    const visitors = await openVisitorSessions(base, channel, visitorCount);
    let inspector: InspectorSession | null = await InspectorSession.open(server.inspectorUrl ?? "");
    const idle = await inspector.memoryAfterGc();
    for (const token of visitors) visitorSockets.push(io(`${base}/webchat`, { transports: ["websocket"], auth: { token } }));
    sockets.push(...visitorSockets);
    await Promise.all(sockets.map((s) => (s.connected ? null : new Promise<void>((resolve) => s.once("connect", () => resolve())))));
    await sleep(1000);
    const connected = await inspector.memoryAfterGc();
    const kbPerVisitor = (connected.rssKb - idle.rssKb) / visitorCount;
    const heapPerVisitor = (connected.heapUsedKb - idle.heapUsedKb) / visitorCount;
    console.log(
      `${visitorCount} visitors connected: server RSS after GC ${idle.rssKb} kB idle → ${connected.rssKb} kB ` +
        `(${kbPerVisitor.toFixed(1)} kB per visitor, of which JavaScript heap ${heapPerVisitor.toFixed(1)} kB)`,
    );

    // Every visitor opens their conversation first (a new interaction, auto-assignment under the
    // company's lock), measured on its own; the timed phase then measures messages in open conversations.
    const openingStarted = performance.now();
    for (let i = 0; i < visitorSockets.length; i += 100) {
      await Promise.all(visitorSockets.slice(i, i + 100).map((socket, j) => send(socket, `open-${i + j}-${Date.now()}`, "Сайн байна уу")));
    }
    const openingSeconds = (performance.now() - openingStarted) / 1000;
    console.log(`${visitors.length} conversations opened in ${openingSeconds.toFixed(1)} s (${Math.round(visitors.length / openingSeconds)} per s)`);
    await sleep(500);
    if (serverKind === "relay") {
      inspector.close();
      inspector = null;
      await stopServer(server);
      server = await startRelay(database.url);
      const reconnectedBy = performance.now() + 60_000;
      while (sockets.some((socket) => !socket.connected) && performance.now() < reconnectedBy) await sleep(100);
      console.log(`the relay took over; ${sockets.filter((socket) => socket.connected).length} of ${sockets.length} sockets reconnected`);
      await sleep(1000);
    } else if (profileFile) {
      await inspector.startProfile();
    }
    // Earlier writes (set-up, another run's) are flushed first, so their checkpoint does not land in this window.
    await checkpoint(database.url);
    sentAt.clear();
    latencies.length = 0;
    const pid = server.pid ?? 0;
    const cpuNow = () => ({ server: cpuMs(pid), postgres: cpuMs({ postmaster }), bench: cpuMs(process.pid) });

    let sent = 0;
    let failed = 0;
    let inFlight = 0;
    const failures = new Map<string, number>();
    const cpuBefore = cpuNow();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    // Each tick sends what the target rate owes by now, so a slow tick does not lower the offered rate.
    while (performance.now() < deadline) {
      const tickStart = performance.now();
      const due = Math.floor((targetRate * (tickStart - started)) / 1000) - sent;
      for (let i = 0; i < due && inFlight < 2000; i++) {
        const n = sent;
        sent++;
        const clientId = `bench-${n}-${Math.random().toString(36).slice(2, 8)}`;
        sentAt.set(clientId, performance.now());
        inFlight++;
        const socket = visitorSockets[n % visitorSockets.length];
        if (!socket) break;
        send(socket, clientId, `Бенч мессеж ${n}`)
          .then((ack) => {
            if ("error" in ack) {
              failed++;
              failures.set(ack.error.code, (failures.get(ack.error.code) ?? 0) + 1);
            }
          })
          .catch(() => {
            failed++;
            failures.set("timeout", (failures.get("timeout") ?? 0) + 1);
          })
          .finally(() => inFlight--);
      }
      const wait = 10 - (performance.now() - tickStart);
      if (wait > 0) await sleep(wait);
    }
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = cpuNow();
    if (inspector && profileFile) writeFileSync(profileFile, JSON.stringify(await inspector.stopProfile()));
    inspector?.close();
    const drainUntil = performance.now() + 10_000;
    while (inFlight > 0 && performance.now() < drainUntil) await sleep(50);
    await sleep(500);
    latencies.sort((a, b) => a - b);
    const perMessage = (key: keyof typeof cpuAfter) => +((cpuAfter[key] - cpuBefore[key]) / Math.max(1, sent)).toFixed(3);
    const result = {
      server: serverKind,
      visitors: visitorCount,
      messages_per_s: Math.round(latencies.length / elapsed),
      p50_ms: +percentile(latencies, 50).toFixed(1),
      p95_ms: +percentile(latencies, 95).toFixed(1),
      p99_ms: +percentile(latencies, 99).toFixed(1),
      kb_per_visitor: +kbPerVisitor.toFixed(1),
      conversations_opened_per_s: Math.round(visitors.length / openingSeconds),
      server_cpu_ms_per_message: perMessage("server"),
      postgres_cpu_ms_per_message: perMessage("postgres"),
    };
    console.log(
      `CPU per message: server ${perMessage("server")} ms, PostgreSQL ${perMessage("postgres")} ms (${postmaster === null ? "every local process" : "its cluster"}), this script ${perMessage("bench")} ms`,
    );
    console.log(
      `offered ${sent} messages in ${elapsed.toFixed(1)} s, ${latencies.length} reached the agent, ${failed} failed ${JSON.stringify(Object.fromEntries(failures))}`,
    );
    console.log(JSON.stringify(result));
  } finally {
    for (const socket of sockets) socket.close();
    await tearDown(server, database.name);
    if (serverKind === "relay") keepRelayProfile(server.pid);
  }
}

run(main);
