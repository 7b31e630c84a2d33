import { sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../db/client.ts";
import { borrowJobSchema, type BorrowedSchema } from "../../../test/job-schemas.ts";
import { until } from "../../../test/sockets.ts";
import { beat, releaseDeadWorkers } from "./heartbeats.ts";
import { defineJob, PermanentJobError } from "./job.ts";
import { JobQueue } from "./queue.ts";
import { startJobRunner, type JobRunner } from "./runner.ts";

let database: DatabaseHandle;
let borrowed: BorrowedSchema;
let queue: JobQueue;
let runner: JobRunner;

interface Probe {
  ran: string[];
  running: number;
  mostAtOnce: number;
  dead: string[];
  attempts: Map<string, number>;
}
const probe: Probe = { ran: [], running: 0, mostAtOnce: 0, dead: [], attempts: new Map() };
const Payload = z.object({ name: z.string(), ms: z.number().default(0), failTimes: z.number().default(0), permanent: z.boolean().default(false) });

const work = defineJob<z.infer<typeof Payload>, Probe>({
  id: "test.work",
  payload: Payload,
  maxAttempts: 3,
  async handler(ctx, payload, run) {
    ctx.attempts.set(payload.name, run.attempt);
    ctx.running += 1;
    ctx.mostAtOnce = Math.max(ctx.mostAtOnce, ctx.running);
    try {
      await new Promise((resolve) => setTimeout(resolve, payload.ms));
      if (payload.permanent) throw new PermanentJobError(`${payload.name} refused`);
      if (run.attempt <= payload.failTimes) throw new Error(`${payload.name} failed on try ${run.attempt}`);
      ctx.ran.push(payload.name);
    } finally {
      ctx.running -= 1;
    }
  },
  async onDead(ctx, payload) {
    ctx.dead.push(payload.name);
  },
});

const schema = () => borrowed.schema;
async function makeDue() {
  await database.pool.query(`UPDATE ${schema()}._private_jobs SET run_at = now() WHERE locked_at IS NULL AND run_at > now()`);
  await database.pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
}
const jobRow = async (name: string) =>
  (
    await database.pool.query<{ attempts: number; max_attempts: number; run_at: Date; last_error: string | null }>(
      `SELECT attempts, max_attempts, run_at, last_error FROM ${schema()}._private_jobs WHERE payload->>'name' = $1`,
      [name],
    )
  ).rows[0];

beforeAll(async () => {
  database = connectDatabase(inject("databaseUrl"), 8);
  borrowed = await borrowJobSchema(database.pool);
  queue = new JobQueue(borrowed.schema);
  runner = await startJobRunner({
    pool: database.pool,
    db: database.db,
    schema: borrowed.schema,
    ctx: probe,
    jobs: [work],
    schedules: [],
    concurrency: 4,
    log: { error: () => undefined, warn: () => undefined },
  });
});
afterAll(async () => {
  await runner.stop();
  await borrowed.giveBack();
  await database.close();
});

describe("the job queue", () => {
  it("runs a job added in a transaction once it commits, and never one whose transaction rolled back", async () => {
    await database.db.transaction(async (tx) => {
      await queue.add(tx, work, { name: "committed", ms: 0, failTimes: 0, permanent: false });
      await tx.execute(sql`SELECT pg_sleep(0.2)`);
      expect(probe.ran).not.toContain("committed");
    });
    await database.db
      .transaction(async (tx) => {
        await queue.add(tx, work, { name: "rolled-back", ms: 0, failTimes: 0, permanent: false });
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    await until(() => probe.ran.includes("committed"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probe.ran.filter((name) => name === "committed")).toHaveLength(1);
    expect(probe.ran).not.toContain("rolled-back");
  });

  it("runs the jobs of one queue one at a time, in order, and other jobs beside them", async () => {
    for (const name of ["q1", "q2", "q3"]) await queue.add(database.db, work, { name, ms: 120, failTimes: 0, permanent: false }, { queue: "conversation:1" });
    await queue.add(database.db, work, { name: "free", ms: 120, failTimes: 0, permanent: false });
    await until(() => ["q1", "q2", "q3", "free"].every((name) => probe.ran.includes(name)), 5000);
    const order = probe.ran.filter((name) => name.startsWith("q"));
    expect(order).toEqual(["q1", "q2", "q3"]);
    expect(probe.mostAtOnce).toBeGreaterThanOrEqual(2);
  });

  it("tries a failing job again later, with a growing pause, then keeps it as dead and says so once", async () => {
    await queue.add(database.db, work, { name: "flaky", ms: 0, failTimes: 1, permanent: false });
    await until(async () => (await jobRow("flaky"))?.attempts === 1 && !!(await jobRow("flaky"))?.last_error);
    const first = await jobRow("flaky");
    // e^1 seconds after the first failure: due in the future, not now.
    expect(first && first.run_at.getTime() - Date.now()).toBeGreaterThan(1000);
    await makeDue();
    await until(() => probe.ran.includes("flaky"));
    expect(probe.attempts.get("flaky")).toBe(2);

    await queue.add(database.db, work, { name: "hopeless", ms: 0, failTimes: 99, permanent: false });
    await until(async () => {
      await makeDue();
      return probe.dead.includes("hopeless");
    }, 10_000);
    const dead = await jobRow("hopeless");
    expect(dead).toMatchObject({ attempts: 3, max_attempts: 3 });
    expect(probe.dead.filter((name) => name === "hopeless")).toHaveLength(1);
  });

  it("keeps a permanent refusal as dead at once, without retries", async () => {
    await queue.add(database.db, work, { name: "refused", ms: 0, failTimes: 0, permanent: true });
    await until(() => probe.dead.includes("refused"));
    expect(await jobRow("refused")).toMatchObject({ attempts: 1, max_attempts: 1 });
  });

  it("hands back the jobs of a worker that stopped answering (a process killed with -9), and they run", async () => {
    await queue.add(database.db, work, { name: "orphaned", ms: 0, failTimes: 0, permanent: false }, { runAt: new Date(Date.now() + 3_600_000) });
    await beat(database.db, schema(), ["worker-killed"]);
    await database.pool.query(`UPDATE job_workers SET seen_at = now() - interval '5 minutes' WHERE worker_id = 'worker-killed'`);
    await database.pool.query(
      `UPDATE ${schema()}._private_jobs SET locked_by = 'worker-killed', locked_at = now(), run_at = now() WHERE payload->>'name' = 'orphaned'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probe.ran).not.toContain("orphaned");
    expect(await releaseDeadWorkers(database.db, schema())).toContain("worker-killed");
    await database.pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
    await until(() => probe.ran.includes("orphaned"));
  });

  it("hands back a lock older than a heartbeat's patience whose holder never announced itself, and no live worker's", async () => {
    await queue.add(database.db, work, { name: "unannounced", ms: 0, failTimes: 0, permanent: false }, { runAt: new Date(Date.now() + 3_600_000) });
    await queue.add(database.db, work, { name: "held-alive", ms: 0, failTimes: 0, permanent: false }, { runAt: new Date(Date.now() + 3_600_000) });
    // A pool of a process killed before its first beat; and a live worker of this queue busy for a minute.
    await beat(database.db, schema(), ["pool-alive-elsewhere"]);
    const lock = (name: string, by: string) =>
      database.pool.query(
        `UPDATE ${schema()}._private_jobs SET locked_by = $2, locked_at = now() - interval '1 minute', run_at = now() WHERE payload->>'name' = $1`,
        [name, by],
      );
    await lock("unannounced", "pool-never-announced");
    await lock("held-alive", "pool-alive-elsewhere");
    const released = await releaseDeadWorkers(database.db, schema());
    expect(released).toContain("pool-never-announced");
    expect(released).not.toContain("pool-alive-elsewhere");
    await database.pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
    await until(() => probe.ran.includes("unannounced"));
    expect(probe.ran).not.toContain("held-alive");
    await database.pool.query(`DELETE FROM ${schema()}._private_jobs WHERE payload->>'name' = 'held-alive'`);
  });

  it("announces the pool id graphile-worker locks its jobs with", async () => {
    await queue.add(database.db, work, { name: "whose-lock", ms: 800, failTimes: 0, permanent: false });
    let holder: string | undefined;
    await until(async () => {
      const { rows } = await database.pool.query<{ locked_by: string | null }>(
        `SELECT locked_by FROM ${schema()}._private_jobs WHERE payload->>'name' = 'whose-lock'`,
      );
      holder = rows[0]?.locked_by ?? undefined;
      return holder !== undefined;
    });
    const { rows } = await database.pool.query<{ jobs_schema: string; pid: number }>("SELECT jobs_schema, pid FROM job_workers WHERE worker_id = $1", [holder]);
    expect(rows).toEqual([{ jobs_schema: schema(), pid: process.pid }]);
    await until(() => probe.ran.includes("whose-lock"));
  });

  it("stopping lets a running job finish first", async () => {
    const own = await borrowJobSchema(database.pool);
    const ownProbe: Probe = { ran: [], running: 0, mostAtOnce: 0, dead: [], attempts: new Map() };
    const stopping = await startJobRunner({
      pool: database.pool,
      db: database.db,
      schema: own.schema,
      ctx: ownProbe,
      jobs: [work],
      schedules: [],
      concurrency: 1,
      log: { error: () => undefined, warn: () => undefined },
    });
    try {
      await new JobQueue(own.schema).add(database.db, work, { name: "long", ms: 600, failTimes: 0, permanent: false });
      await until(() => ownProbe.running === 1);
      await stopping.stop();
      expect(ownProbe.ran).toEqual(["long"]);
    } finally {
      await own.giveBack();
    }
  });
});
