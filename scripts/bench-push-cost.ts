/**
 * `npx tsx scripts/bench-push-cost.ts` — what one realtime push between processes costs PostgreSQL with
 * the Socket.IO PostgreSQL adapter: a typical `interaction.event` broadcast NOTIFYed by four publishing
 * connections to two listening processes, counting the CPU of exactly those backends. Last line: JSON.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const cpu = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return sum + (Number(f[11]) + Number(f[12])) * 10;
  }, 0);
const listeners = await Promise.all(
  [0, 1].map(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('LISTEN "socket.io#/"');
    let n = 0;
    c.on("notification", () => n++);
    return { c, count: () => n };
  }),
);
const publishers = await Promise.all(
  [0, 1, 2, 3].map(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c;
  }),
);
const pids = [...listeners.map((l) => l.c), ...publishers].map((c) => (c as unknown as { processID: number }).processID);
const payload = JSON.stringify({
  uid: "abcdef0123456789",
  nsp: "/",
  type: 3,
  data: {
    packet: {
      type: 2,
      data: [
        "interaction.event",
        {
          interaction_id: 12345,
          seq: 17,
          type: "message.created",
          created_at: new Date().toISOString(),
          payload: {
            message: {
              id: 99999,
              interaction_id: 12345,
              seq: 17,
              direction: "in",
              sender_type: "contact",
              text: "Сайн байна уу, хүргэлт хэзээ ирэх вэ?",
              client_id: "v1:abc",
              status: "sent",
              attachments: [],
              created_at: new Date().toISOString(),
            },
          },
        },
      ],
      nsp: "/",
    },
    opts: { rooms: ["c1:all", "u5"], except: [], flags: {} },
  },
});
const N = 8000;
const before = cpu(pids);
const t0 = performance.now();
let i = 0;
await Promise.all(
  publishers.map(async (p) => {
    while (i < N) {
      i++;
      await p.query("SELECT pg_notify($1, $2)", ["socket.io#/", payload]);
    }
  }),
);
while (listeners.some((l) => l.count() < N)) await new Promise((r) => setTimeout(r, 20));
const wall = performance.now() - t0;
const used = cpu(pids) - before;
console.log(
  JSON.stringify({
    pushes: N,
    payload_bytes: payload.length,
    pushes_per_s: Math.round(N / (wall / 1000)),
    postgres_cpu_ms_per_push_with_2_listeners: +(used / N).toFixed(3),
  }),
);
for (const c of [...listeners.map((l) => l.c), ...publishers]) await c.end();
