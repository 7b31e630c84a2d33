/**
 * `npm run bench:messages -- --seconds N --visitors N [--rate N]`
 * Starts Holboo as its own process on the machine's PostgreSQL (DATABASE_URL, default the local server,
 * in a fresh database), connects an agent and N web-chat visitors over the widget's protocol, then for
 * N seconds has the visitors send messages and measures the time from a visitor's send to the agent's
 * socket receiving it. Opening the conversations (each visitor's first message) is timed separately. Prints the figures; the last line is one JSON object.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { arg, createDatabase, run, tearDown, openVisitorSessions, sendVisitorMessage, setUpCompany, sleep, startServer } from "./lib/harness.ts";

const seconds = arg("seconds", 20);
const visitorCount = arg("visitors", 1000);
const targetRate = arg("rate", 1000);
const port = arg("port", 3900);
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function main() {
  const database = await createDatabase();
  const server = await startServer(database.url, port);
  const sockets: Socket[] = [];
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
    await sleep(1000);
    const idleKb = rssKb(pid);
    for (const token of visitors) sockets.push(io(`${base}/webchat`, { transports: ["websocket"], auth: { token } }));
    await Promise.all(sockets.map((s) => (s.connected ? null : new Promise<void>((resolve) => s.once("connect", () => resolve())))));
    await sleep(2000);
    const connectedKb = rssKb(pid);
    const kbPerVisitor = (connectedKb - idleKb) / visitorCount;
    console.log(`${visitorCount} visitors connected: server RSS ${idleKb} kB idle → ${connectedKb} kB (${kbPerVisitor.toFixed(1)} kB per visitor)`);

    // Every visitor opens their conversation first (a new interaction, auto-assignment under the
    // company's lock), measured on its own; the timed phase then measures messages in open conversations.
    const openingStarted = performance.now();
    for (let i = 0; i < visitors.length; i += 100) {
      await Promise.all(visitors.slice(i, i + 100).map((token, j) => sendVisitorMessage(base, token, `open-${i + j}-${Date.now()}`, "Сайн байна уу").then((r) => r.arrayBuffer())));
    }
    const openingSeconds = (performance.now() - openingStarted) / 1000;
    console.log(`${visitors.length} conversations opened in ${openingSeconds.toFixed(1)} s (${Math.round(visitors.length / openingSeconds)} per s)`);
    await sleep(500);
    sentAt.clear();
    latencies.length = 0;

    let sent = 0;
    let failed = 0;
    let inFlight = 0;
    const failures = new Map<number, number>();
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
        sendVisitorMessage(base, visitors[n % visitors.length] ?? "", clientId, `Бенч мессеж ${n}`)
          .then(async (response) => {
            if (!response.ok) {
              failed++;
              failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
            }
            await response.arrayBuffer();
          })
          .catch(() => failed++)
          .finally(() => inFlight--);
      }
      const wait = 10 - (performance.now() - tickStart);
      if (wait > 0) await sleep(wait);
    }
    const elapsed = (performance.now() - started) / 1000;
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
    console.log(`offered ${sent} messages in ${elapsed.toFixed(1)} s, ${latencies.length} reached the agent, ${failed} failed ${JSON.stringify(Object.fromEntries(failures))}`);
    console.log(JSON.stringify(result));
  } finally {
    for (const socket of sockets) socket.close();
    await tearDown(server, database.name);
  }
}

run(main);
