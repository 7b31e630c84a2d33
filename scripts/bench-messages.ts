/**
 * `npm run bench:messages -- --seconds N --visitors N [--rate N]`
 * Starts Holboo as its own process on the machine's PostgreSQL (DATABASE_URL, default the local server,
 * in a fresh database), connects an agent and N web-chat visitors over the widget's protocol (a session
 * over HTTP, then the socket the widget sends on), then for N seconds has the visitors send messages and
 * measures the time from a visitor's send to the agent's socket receiving it. Opening the conversations
 * (each visitor's first message) is timed separately. Prints the figures, with the CPU time the server,
 * PostgreSQL and this script spent per message; the last line is one JSON object.
 */
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { VISITOR_SEND_EVENT, type VisitorSendAck } from "@holboo/core";
import { arg, createDatabase, run, tearDown, openVisitorSessions, setUpCompany, sleep, startServer } from "./lib/harness.ts";
import { InspectorSession } from "./lib/inspector.ts";

const seconds = arg("seconds", 20);
const visitorCount = arg("visitors", 1000);
const targetRate = arg("rate", 1000);
const port = arg("port", 3900);
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** CPU time (ms) of one process, or of every local PostgreSQL process, from /proc. */
function cpuMs(match: number | "postgres"): number {
  let ticks = 0;
  for (const pid of match === "postgres" ? readdirSync("/proc").filter((name) => /^\d+$/.test(name)) : [String(match)]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (match === "postgres" && stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}
const cpuNow = (serverPid: number) => ({ server: cpuMs(serverPid), postgres: cpuMs("postgres"), bench: cpuMs(process.pid) });

function send(socket: Socket, clientId: string, text: string): Promise<VisitorSendAck> {
  return socket.timeout(10_000).emitWithAck(VISITOR_SEND_EVENT, { client_id: clientId, text }) as Promise<VisitorSendAck>;
}

async function main() {
  const database = await createDatabase();
  const server = await startServer(database.url, port, { inspect: true });
  const sockets: Socket[] = [];
  const visitorSockets: Socket[] = [];
  try {
    const pid = server.pid ?? 0;
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
    const inspector = await InspectorSession.open(server.inspectorUrl ?? "");
    const idle = await inspector.memoryAfterGc();
    for (const token of visitors) visitorSockets.push(io(`${base}/webchat`, { transports: ["websocket"], auth: { token } }));
    sockets.push(...visitorSockets);
    await Promise.all(sockets.map((s) => (s.connected ? null : new Promise<void>((resolve) => s.once("connect", () => resolve())))));
    await sleep(1000);
    const connected = await inspector.memoryAfterGc();
    inspector.close();
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
    sentAt.clear();
    latencies.length = 0;

    let sent = 0;
    let failed = 0;
    let inFlight = 0;
    const failures = new Map<string, number>();
    const cpuBefore = cpuNow(pid);
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
    const cpuAfter = cpuNow(pid);
    const drainUntil = performance.now() + 10_000;
    while (inFlight > 0 && performance.now() < drainUntil) await sleep(50);
    await sleep(500);
    latencies.sort((a, b) => a - b);
    const result = {
      visitors: visitorCount,
      messages_per_s: Math.round(latencies.length / elapsed),
      p50_ms: +percentile(latencies, 50).toFixed(1),
      p95_ms: +percentile(latencies, 95).toFixed(1),
      p99_ms: +percentile(latencies, 99).toFixed(1),
      kb_per_visitor: +kbPerVisitor.toFixed(1),
      conversations_opened_per_s: Math.round(visitors.length / openingSeconds),
    };
    const perMessage = (key: keyof typeof cpuAfter) => ((cpuAfter[key] - cpuBefore[key]) / Math.max(1, sent)).toFixed(2);
    console.log(
      `CPU per message: server ${perMessage("server")} ms, PostgreSQL ${perMessage("postgres")} ms (local processes), this script ${perMessage("bench")} ms`,
    );
    console.log(
      `offered ${sent} messages in ${elapsed.toFixed(1)} s, ${latencies.length} reached the agent, ${failed} failed ${JSON.stringify(Object.fromEntries(failures))}`,
    );
    console.log(JSON.stringify(result));
  } finally {
    for (const socket of sockets) socket.close();
    await tearDown(server, database.name);
  }
}

run(main);
