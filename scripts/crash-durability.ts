/**
 * `npm run bench:crash -- --visitors N --seconds N [--rate N] [--port N]`
 * Two Holboo processes on one database, with no load balancer: web-chat visitors, connected over the
 * widget's socket, are spread over both, and a staff client is connected to each. Midway one process is
 * killed with SIGKILL and started again on the same port while the visitors keep sending. As the widget
 * does, a visitor sends again, with the same client id, every message that was not acknowledged, once its
 * socket is back; a few acknowledged ones are sent again too (an acknowledgement lost on the way).
 * Then the database is counted (every accepted message there, none twice, no sequence gaps), and every
 * client resyncs by sequence as the apps do (the widget after `after=<last seq>`, the inbox per thread)
 * and must hold exactly the server's thread. Last line: JSON.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { SESSION_COOKIE, VISITOR_TOKEN_HEADER, type InteractionEventView, type VisitorSendAck } from "@holboo/core";
import { arg, createDatabase, dropDatabase, run, openVisitorSessions, setUpCompany, sleep, startServer, type ServerProcess } from "./lib/harness.ts";

const visitorCount = arg("visitors", 1000);
const seconds = arg("seconds", 8);
const port = arg("port", 3910);
const rate = arg("rate", 1000);
const ports = [port, port + 1];
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
const KILLED = 0;

interface Outgoing {
  visitor: Visitor;
  clientId: string;
  text: string;
}

/** What one client holds: the sequence numbers it has of each thread, and how many times it reconnected. */
class Seen {
  readonly seqs = new Map<number, Set<number>>();
  reconnects = 0;
  add(event: Pick<InteractionEventView, "interaction_id" | "seq">) {
    const set = this.seqs.get(event.interaction_id) ?? new Set<number>();
    set.add(event.seq);
    this.seqs.set(event.interaction_id, set);
  }
  /** The last sequence number up to which it has every event (what it asks after). */
  contiguous(interactionId: number, expected: number[]): number {
    const set = this.seqs.get(interactionId) ?? new Set<number>();
    let last = 0;
    for (const seq of expected) {
      if (!set.has(seq)) break;
      last = seq;
    }
    return last;
  }
}

interface Visitor {
  token: string;
  base: string;
  socket: Socket;
  interactionId: number;
  seen: Seen;
}

interface Staff {
  base: string;
  socket: Socket;
  seen: Seen;
}

/** True when the server acknowledged the message as stored. */
async function deliver(message: Outgoing, timeoutMs: number): Promise<boolean> {
  try {
    const ack = (await message.visitor.socket.timeout(timeoutMs).emitWithAck("message", { client_id: message.clientId, text: message.text })) as VisitorSendAck;
    if (!("message" in ack)) return false;
    message.visitor.interactionId = ack.message.interaction_id;
    return true;
  } catch {
    return false;
  }
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** The server's threads: every sequence number, and those the customer sees. */
async function threads(db: pg.Client) {
  const rows = (
    await db.query<{ interaction_id: number; all: number[]; visible: number[] | null }>(
      "SELECT interaction_id, array_agg(seq ORDER BY seq) AS all, array_agg(seq ORDER BY seq) FILTER (WHERE visible_to_contact) AS visible FROM interaction_events GROUP BY 1",
    )
  ).rows;
  return new Map(rows.map((row) => [row.interaction_id, { all: row.all, visible: row.visible ?? [] }]));
}

const sameSeqs = (held: Set<number> | undefined, expected: number[]) => (held?.size ?? 0) === expected.length && expected.every((seq) => held?.has(seq));

async function main() {
  const database = await createDatabase();
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  try {
    servers.push(...(await Promise.all(ports.map((p) => startServer(database.url, p)))));
    const { admin, channel } = await setUpCompany(bases[0] as string);
    const cookie = `${SESSION_COOKIE}=${admin.cookies.get(SESSION_COOKIE) ?? ""}`;
    const tokens = await openVisitorSessions(bases[0] as string, channel, visitorCount);
    const options = { transports: ["websocket"], reconnectionDelay: 200, reconnectionDelayMax: 1000 };
    const visitors: Visitor[] = tokens.map((token, i) => {
      const base = bases[i % bases.length] as string;
      const socket = io(`${base}/webchat`, { ...options, auth: { token } });
      const visitor: Visitor = { token, base, socket, interactionId: 0, seen: new Seen() };
      socket.on("event", (event: InteractionEventView) => visitor.seen.add(event));
      socket.io.on("reconnect", () => visitor.seen.reconnects++);
      return visitor;
    });
    const staff: Staff[] = bases.map((base) => {
      // A connection of its own: the visitors' one to the same process carries no session cookie.
      const socket = io(base, { ...options, forceNew: true, extraHeaders: { cookie } });
      const client: Staff = { base, socket, seen: new Seen() };
      socket.on("interaction.event", (event: InteractionEventView) => client.seen.add(event));
      socket.io.on("reconnect", () => client.seen.reconnects++);
      return client;
    });
    sockets.push(...visitors.map((v) => v.socket), ...staff.map((s) => s.socket));
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.once("connect", () => resolve()))));
    console.log(`${visitorCount} visitors over ${bases.length} processes (${bases.join(", ")}), a staff client on each`);

    const accepted = new Map<string, Outgoing>();
    const unacknowledged = new Map<string, Outgoing>();
    const pending = new Set<Promise<void>>();
    let sent = 0;
    let killedAfter = -1;
    let restart: Promise<void> | null = null;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      if (!restart && performance.now() - started > (seconds * 1000) / 2) {
        servers[KILLED]?.kill("SIGKILL");
        killedAfter = sent;
        console.log(`SIGKILL to ${bases[KILLED]} after ${sent} sends; starting it again while visitors keep sending`);
        restart = startServer(database.url, ports[KILLED] as number).then((next) => void (servers[KILLED] = next));
      }
      for (let i = 0; i < rate / 100; i++) {
        const n = sent++;
        const message = { visitor: visitors[n % visitors.length] as Visitor, clientId: `crash-${String(n).padStart(6, "0")}`, text: `Мессеж ${n}` };
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
    await sleep(1500);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const rows = (
      await db.query<{ client_id: string; copies: number }>(
        "SELECT split_part(client_id, ':', 2) AS client_id, count(*)::int AS copies FROM messages WHERE client_id LIKE '%:crash-%' GROUP BY 1",
      )
    ).rows;
    const gaps =
      (
        await db.query<{ gaps: number }>(
          "SELECT count(*)::int AS gaps FROM (SELECT seq, lag(seq) OVER (PARTITION BY interaction_id ORDER BY seq) AS prev FROM interaction_events) e WHERE prev IS NOT NULL AND seq <> prev + 1",
        )
      ).rows[0]?.gaps ?? 0;
    const server = await threads(db);
    await db.end();
    const stored = new Map(rows.map((row) => [row.client_id, row.copies]));
    const lost = [...accepted.keys()].filter((id) => !stored.has(id)).length;
    const duplicated = rows.filter((row) => row.copies > 1).length;

    // What the live pushes alone delivered, before any resync.
    const staffMissedLive = staff.map((s) => [...server].reduce((n, [id, t]) => n + t.all.filter((seq) => !s.seen.seqs.get(id)?.has(seq)).length, 0));
    const visitorsMissingLive = visitors.filter((v) => !sameSeqs(v.seen.seqs.get(v.interactionId), server.get(v.interactionId)?.visible ?? [])).length;

    // Resync by sequence, as the apps do: the widget asks after its last sequence number, the inbox per thread.
    await pool(visitors, 20, async (v) => {
      const expected = server.get(v.interactionId)?.visible ?? [];
      const after = v.seen.contiguous(v.interactionId, expected);
      const url = `${v.base}/api/webchat/events?interaction_id=${v.interactionId}&after=${after}`;
      for (const event of (await getJson<{ items: InteractionEventView[] }>(url, { [VISITOR_TOKEN_HEADER]: v.token })).items) v.seen.add(event);
    });
    for (const s of staff) {
      await pool([...server], 20, async ([id, thread]) => {
        const after = s.seen.contiguous(id, thread.all);
        if (after === thread.all.at(-1)) return;
        const url = `${s.base}/api/interactions/${id}/events?after=${after}&limit=500`;
        for (const event of (await getJson<{ items: InteractionEventView[] }>(url, { cookie })).items) s.seen.add(event);
      });
    }
    const visitorsOutOfSync = visitors.filter((v) => !sameSeqs(v.seen.seqs.get(v.interactionId), server.get(v.interactionId)?.visible ?? [])).length;
    const staffOutOfSync = staff.map((s) => [...server].filter(([id, t]) => !sameSeqs(s.seen.seqs.get(id), t.all)).length);

    const result = {
      processes: bases.length,
      visitors: visitorCount,
      sent,
      killed_after: killedAfter,
      acknowledged_first_time: sent - unacknowledged.size,
      unacknowledged: unacknowledged.size,
      retried_ok: retriedOk,
      replayed: replayed.length,
      stored: rows.length,
      lost,
      duplicated,
      sequence_gaps: gaps,
      visitors_reconnected: visitors.filter((v) => v.seen.reconnects > 0).length,
      staff_reconnected: staff.map((s) => s.seen.reconnects),
      visitors_missing_events_before_resync: visitorsMissingLive,
      staff_events_missed_live: staffMissedLive,
      visitors_out_of_sync: visitorsOutOfSync,
      staff_threads_out_of_sync: staffOutOfSync,
    };
    console.log(`sent ${sent}; stored ${rows.length}; lost ${lost}; duplicated ${duplicated}; sequence gaps ${gaps}`);
    console.log(
      `live pushes missed before resync: staff ${staffMissedLive.join(" / ")} events, ${visitorsMissingLive} visitors; after resync out of sync: ${visitorsOutOfSync} visitors, staff ${staffOutOfSync.join(" / ")} threads`,
    );
    console.log(JSON.stringify(result));
    if (lost || duplicated || gaps || rows.length !== sent || visitorsOutOfSync || staffOutOfSync.some(Boolean)) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((server) => stopServer(server)));
    await dropDatabase(database.name);
  }
}

/** Stops a server cleanly (SIGINT), unless it is gone already. */
async function stopServer(server: ServerProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGINT");
  await exited;
}

run(main);
