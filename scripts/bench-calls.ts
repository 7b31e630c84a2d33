/**
 * `npm run bench:calls [-- --calls 200 --arrivals-per-s 200 --port 3920]`
 * Holboo as its own process on the machine's PostgreSQL (a fresh database), a company connected to the
 * fake Asterisk (`apps/server/test/fake-ari/`, the same ARI REST and events as the tests), one line and
 * one extension. `calls` callers enter the Stasis app at `arrivals-per-s`; each waits 1–3 s, then 70% are
 * answered and hang up after 2–5 s of talk, the others hang up while waiting. By default all arrive within a
 * second, so (nearly) every call is in progress at once at the peak, as the 200 concurrent calls ask. A staff socket (the monitoring screen's) receives every `call.updated` push: the delay
 * from the PBX's event to the push for it (waiting, talking, ended/cancelled) gives `monitor_p95_ms`.
 * With BENCH_SQL_COUNT=1 it also counts the SQL statements the server sent (the whole process's, its set-up's
 * few hundred included) and prints the most frequent. The last line is one JSON object.
 */
import { performance } from "node:perf_hooks";
import { SESSION_COOKIE, type CallView } from "@holboo/core";
import { io } from "socket.io-client";
import { startFakeAri } from "../apps/server/test/fake-ari/server.ts";
import { arg, createDatabase, run, Session, sleep, startServer, statementsOf, stopServer, tearDown, type ServerProcess } from "./lib/harness.ts";

const calls = arg("calls", 200);
const rate = arg("arrivals-per-s", 200);
const port = arg("port", 3920);
const base = `http://127.0.0.1:${port}`;
const LINE = "+97677001100";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const between = (low: number, high: number) => low + Math.random() * (high - low);

async function main() {
  const ari = await startFakeAri();
  const database = await createDatabase();
  let server: ServerProcess | null = null;
  try {
    server = await startServer(database.url, port);
    const admin = new Session(base);
    const me = await admin.call<{ ID: number }>("POST", "/api/signup", {
      first_name: "Бенч",
      last_name: "Оператор",
      email: "calls@holboo.test",
      password: "bench-password-1",
    });
    await admin.call("POST", "/api/onboarding", { company_name: "Бенч дуудлага", sector: "technology", employee_range: "11-50", agent_name: "Бенч бот" });
    await admin.call("PUT", "/api/call-center/connection", {
      kind: "asterisk_ari",
      url: ari.url,
      username: ari.username,
      password: ari.password,
      app_name: ari.app,
    });
    await admin.call("POST", "/api/call-center/lines", { number: LINE, name: "Bench" });
    await admin.call("POST", "/api/call-center/extensions", { extension: "101", user_id: me.ID });
    // One person takes the calls back to back (no after-call work), as the bench always measured.
    await admin.call("PUT", "/api/call-center/settings", { ring_seconds: 20, after_call_seconds: 0, record_calls: false, answered_within_seconds: 20 });
    while (ari.connected === 0) await sleep(50);

    // When the PBX reported each change, by number and the status it leads to; and when its push arrived.
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    const socket = io(base, { transports: ["websocket"], extraHeaders: { cookie: `${SESSION_COOKIE}=${admin.cookies.get(SESSION_COOKIE)}` } });
    await new Promise<void>((resolve, reject) => socket.once("connect", () => resolve()).once("connect_error", reject));
    socket.on("call.updated", (call: CallView) => {
      const key = `${call.number}:${call.status}`;
      const at = sentAt.get(key);
      if (at === undefined) return;
      sentAt.delete(key);
      delays.push(performance.now() - at);
    });

    const eventsBefore = ari.eventsSent;
    const started = performance.now();
    let peak = 0;
    let live = 0;
    const journeys: Promise<void>[] = [];
    for (let i = 0; i < calls; i += 1) {
      const number = `+9769${String(1_000_000 + i).padStart(7, "0")}`;
      journeys.push(
        (async () => {
          sentAt.set(`${number}:waiting`, performance.now());
          const caller = ari.incoming(number, LINE);
          peak = Math.max(peak, ++live);
          await sleep(between(1000, 3000));
          if (Math.random() < 0.7) {
            const leg = [...ari.channels.values()].find((c) => c.appArgs?.[1] === caller && !c.answered);
            if (leg) {
              sentAt.set(`${number}:talking`, performance.now());
              ari.answer(leg);
              await sleep(between(2000, 5000));
              sentAt.set(`${number}:ended`, performance.now());
              ari.hangup(caller);
              live -= 1;
              return;
            }
          }
          sentAt.set(`${number}:cancelled`, performance.now());
          ari.hangup(caller);
          live -= 1;
        })(),
      );
      await sleep(1000 / rate);
    }
    await Promise.all(journeys);
    const deadline = Date.now() + 30_000;
    while (sentAt.size && Date.now() < deadline) await sleep(100);
    const seconds = (performance.now() - started) / 1000;
    socket.close();
    // A counting server writes its statements as it exits.
    await stopServer(server);
    const statements = statementsOf(port);
    const statementCount = statements?.reduce((sum, [, count]) => sum + count, 0) ?? 0;
    for (const [text, count] of statements?.slice(0, 12) ?? []) console.log(`${String(count).padStart(6)}  ${text.slice(0, 140)}`);
    const sorted = [...delays].sort((a, b) => a - b);
    const result = {
      calls,
      peak_concurrent_calls: peak,
      events: ari.eventsSent - eventsBefore,
      events_per_s: Math.round(((ari.eventsSent - eventsBefore) / seconds) * 10) / 10,
      monitor_updates: delays.length,
      monitor_missing: sentAt.size,
      monitor_p50_ms: Math.round(percentile(sorted, 50)),
      monitor_p95_ms: Math.round(percentile(sorted, 95)),
      monitor_max_ms: Math.round(sorted.at(-1) ?? 0),
      ari_violations: ari.violations.length,
      ...(statements ? { sql_statements: statementCount, sql_per_event: Math.round((statementCount / (ari.eventsSent - eventsBefore)) * 10) / 10 } : {}),
      ...(process.env.BENCH_VIOLATIONS ? { first_violations: ari.violations.slice(0, 5) } : {}),
    };
    console.log(
      `${calls} calls (peak ${peak} at once), ${result.events} ARI events at ${result.events_per_s}/s; monitoring push p50 ${result.monitor_p50_ms} ms, p95 ${result.monitor_p95_ms} ms`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await tearDown(server, database.name);
    await ari.close();
  }
}

run(main);
