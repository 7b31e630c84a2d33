/**
 * `npm run bench:crash -- --visitors N --seconds N [--rate N]`
 * Web-chat visitors, connected over the widget's socket, send messages to a server; midway it is killed
 * with SIGKILL and started again on the same database while they keep sending. As the widget does, a
 * visitor sends again, with the same client id, every message that was not acknowledged, once the
 * socket is back; a few acknowledged ones are sent again too (an acknowledgement lost on the way).
 * Then the database is counted: every accepted message is there, none twice, no sequence gaps.
 * Last line: JSON.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { VISITOR_SEND_EVENT, type VisitorSendAck } from "@holboo/core";
import { arg, createDatabase, run, tearDown, openVisitorSessions, setUpCompany, sleep, startServer } from "./lib/harness.ts";

const visitorCount = arg("visitors", 1000);
const seconds = arg("seconds", 8);
const port = arg("port", 3910);
const rate = arg("rate", 1000);
const base = `http://127.0.0.1:${port}`;

interface Outgoing {
  socket: Socket;
  clientId: string;
  text: string;
}

/** True when the server acknowledged the message as stored. */
async function deliver(message: Outgoing, timeoutMs: number): Promise<boolean> {
  try {
    const ack = (await message.socket.timeout(timeoutMs).emitWithAck(VISITOR_SEND_EVENT, { client_id: message.clientId, text: message.text })) as VisitorSendAck;
    return "message" in ack;
  } catch {
    return false;
  }
}

async function main() {
  const database = await createDatabase();
  let server = await startServer(database.url, port);
  const sockets: Socket[] = [];
  try {
    const { channel } = await setUpCompany(base);
    const tokens = await openVisitorSessions(base, channel, visitorCount);
    for (const token of tokens) sockets.push(io(`${base}/webchat`, { transports: ["websocket"], auth: { token }, reconnectionDelay: 200, reconnectionDelayMax: 1000 }));
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.once("connect", () => resolve()))));

    const accepted = new Map<string, Outgoing>();
    const unacknowledged = new Map<string, Outgoing>();
    const pending = new Set<Promise<void>>();
    let sent = 0;
    let killedAfter = -1;
    let restart: Promise<void> | null = null;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      if (!restart && performance.now() - started > (seconds * 1000) / 2) {
        server.kill("SIGKILL");
        killedAfter = sent;
        console.log(`SIGKILL after ${sent} sends; starting again while visitors keep sending`);
        restart = startServer(database.url, port).then((next) => void (server = next));
      }
      for (let i = 0; i < rate / 100; i++) {
        const n = sent++;
        const message = { socket: sockets[n % sockets.length] as Socket, clientId: `crash-${String(n).padStart(6, "0")}`, text: `Мессеж ${n}` };
        const attempt = deliver(message, 3000)
          .then((ok) => void (ok ? accepted : unacknowledged).set(message.clientId, message))
          .finally(() => pending.delete(attempt));
        pending.add(attempt);
      }
      await sleep(10);
    }
    await Promise.all(pending);
    await restart;
    console.log(`${accepted.size} sends acknowledged, ${unacknowledged.size} not; waiting for the sockets to come back`);
    while (sockets.some((s) => !s.connected)) await sleep(100);

    let retriedOk = 0;
    for (const message of unacknowledged.values()) {
      if (await deliver(message, 10_000)) {
        retriedOk++;
        accepted.set(message.clientId, message);
      }
    }
    const replayed = [...accepted.values()].slice(0, 50);
    for (const message of replayed) await deliver(message, 10_000);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const rows = (await db.query<{ client_id: string; copies: number }>(
      "SELECT split_part(client_id, ':', 2) AS client_id, count(*)::int AS copies FROM messages WHERE client_id LIKE '%:crash-%' GROUP BY 1",
    )).rows;
    const gaps = (await db.query<{ gaps: number }>(
      "SELECT count(*)::int AS gaps FROM (SELECT seq, lag(seq) OVER (PARTITION BY interaction_id ORDER BY seq) AS prev FROM interaction_events) e WHERE prev IS NOT NULL AND seq <> prev + 1",
    )).rows[0]?.gaps ?? 0;
    await db.end();
    const stored = new Map(rows.map((row) => [row.client_id, row.copies]));
    const lost = [...accepted.keys()].filter((id) => !stored.has(id)).length;
    const duplicated = rows.filter((row) => row.copies > 1).length;
    const result = {
      sent, killed_after: killedAfter, acknowledged_first_time: sent - unacknowledged.size, unacknowledged: unacknowledged.size,
      retried_ok: retriedOk, replayed: replayed.length, stored: rows.length, lost, duplicated, sequence_gaps: gaps,
    };
    console.log(`sent ${sent}; stored ${rows.length}; lost ${lost}; duplicated ${duplicated}; sequence gaps ${gaps}`);
    console.log(JSON.stringify(result));
    if (lost || duplicated || gaps || rows.length !== sent) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    await tearDown(server, database.name);
  }
}

run(main);
