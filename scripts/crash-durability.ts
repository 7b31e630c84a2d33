/**
 * `npm run bench:crash -- --visitors N --seconds N`
 * Web-chat visitors send messages to a server; midway it is killed with SIGKILL and started again on the
 * same database. Visitors retry every send that got no answer with the same client id, as the widget
 * does. Then the database is counted: every accepted message is there, none twice. Last line: JSON.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { arg, createDatabase, run, tearDown, openVisitorSessions, sendVisitorMessage, setUpCompany, sleep, startServer } from "./lib/harness.ts";

const visitorCount = arg("visitors", 200);
const seconds = arg("seconds", 6);
const port = arg("port", 3910);
const perTick = arg("rate", 300) / 100;
const base = `http://127.0.0.1:${port}`;

async function main() {
  const database = await createDatabase();
  let server = await startServer(database.url, port);
  try {
    const { channel } = await setUpCompany(base);
    const visitors = await openVisitorSessions(base, channel, visitorCount);
    const accepted = new Set<string>();
    const unanswered = new Map<string, { token: string; text: string }>();
    let sent = 0;
    let killedAt = 0;
    const started = performance.now();
    const pending = new Set<Promise<void>>();
    while (performance.now() - started < seconds * 1000) {
      if (!killedAt && performance.now() - started > (seconds * 1000) / 2) {
        server.kill("SIGKILL");
        killedAt = sent;
        console.log(`SIGKILL after ${sent} sends`);
      }
      for (let i = 0; i < perTick; i++) {
        const n = sent++;
        const token = visitors[n % visitors.length] ?? "";
        const clientId = `crash-${String(n).padStart(6, "0")}`;
        const text = `Мессеж ${n}`;
        const attempt = sendVisitorMessage(base, token, clientId, text)
          .then(async (response) => {
            await response.arrayBuffer();
            if (response.ok) accepted.add(clientId);
            else unanswered.set(clientId, { token, text });
          })
          .catch(() => void unanswered.set(clientId, { token, text }))
          .finally(() => pending.delete(attempt));
        pending.add(attempt);
      }
      await sleep(10);
    }
    await Promise.all(pending);
    console.log(`restarting; ${accepted.size} sends were acknowledged, ${unanswered.size} got no answer`);
    server = await startServer(database.url, port);
    let retriedOk = 0;
    const retryFailures: Record<string, number> = {};
    for (const [clientId, { token, text }] of unanswered) {
      const response = await sendVisitorMessage(base, token, clientId, text);
      const body = await response.text();
      if (response.ok) retriedOk++;
      else retryFailures[`${response.status} ${body.slice(0, 80)}`] = (retryFailures[`${response.status} ${body.slice(0, 80)}`] ?? 0) + 1;
    }
    if (Object.keys(retryFailures).length) console.log("retries refused:", retryFailures);
    // A few acknowledged sends are retried too, as a widget does when the answer was lost on the way.
    const replayed = [...accepted].slice(0, 50);
    for (const clientId of replayed) {
      const n = Number(clientId.split("-")[1]);
      await (await sendVisitorMessage(base, visitors[n % visitors.length] ?? "", clientId, `Мессеж ${n}`)).arrayBuffer();
    }

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const rows = (await db.query<{ client_id: string; copies: number }>(
      "SELECT split_part(client_id, ':', 2) AS client_id, count(*)::int AS copies FROM messages WHERE client_id IS NOT NULL GROUP BY 1",
    )).rows;
    const gaps = (await db.query<{ gaps: number }>(
      "SELECT count(*)::int AS gaps FROM (SELECT seq, lag(seq) OVER (PARTITION BY interaction_id ORDER BY seq) AS prev FROM interaction_events) e WHERE prev IS NOT NULL AND seq <> prev + 1",
    )).rows[0]?.gaps ?? 0;
    await db.end();
    const stored = new Map(rows.map((row) => [row.client_id, row.copies]));
    const lost = [...accepted].filter((id) => !stored.has(id)).length;
    const duplicated = rows.filter((row) => row.copies > 1).length;
    const result = {
      sent, acknowledged_before_kill: accepted.size, unanswered: unanswered.size, retried_ok: retriedOk, replayed: replayed.length,
      stored: rows.length, lost, duplicated, sequence_gaps: gaps,
    };
    console.log(`sent ${sent} (kill after ${killedAt}); stored ${rows.length}; lost ${lost}; duplicated ${duplicated}; sequence gaps ${gaps}`);
    console.log(JSON.stringify(result));
    if (lost || duplicated || gaps || rows.length !== sent) process.exitCode = 1;
  } finally {
    await tearDown(server, database.name);
  }
}

run(main);
