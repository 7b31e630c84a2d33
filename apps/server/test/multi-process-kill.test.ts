import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { dovecotMissing } from "./dovecot.ts";
import { borrowJobSchema, type BorrowedSchema } from "./job-schemas.ts";
import { finished, MID_WORK_ENV, startWorkInFlight } from "./killed-mid-work.ts";
import { startMailWorld, type MailWorld } from "./mail-world.ts";
import { startServerProcess, type ServerProcess } from "./processes.ts";
import { until } from "./sockets.ts";

const missing = dovecotMissing();
const CONVERSATIONS = 4;

let db: pg.Pool;
let jobs: BorrowedSchema;
let world: MailWorld;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  if (missing) return;
  db = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
  jobs = await borrowJobSchema(db);
  world = await startMailWorld();
});
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await world?.stop();
  await jobs?.giveBack();
  await db?.end();
});

describe.skipIf(missing)("a process killed with -9 in the middle of its work, beside another process", () => {
  it("the other process takes over its mailbox, its half-done 100-mail sync and its deliveries: every mail once, every reply accepted once", async () => {
    // The same installation: one job queue, one secret key.
    const env = { ...MID_WORK_ENV, JOBS_SCHEMA: jobs.schema, HOLBOO_SECRET_KEY: randomBytes(32).toString("hex") };
    const victim = await startServerProcess(env);
    processes.push(victim);
    // The victim alone reads the mailbox and runs the jobs: its 4 workers hold the sync and 3 of the 4 replies.
    const work = await startWorkInFlight(victim, db, world, { conversations: CONVERSATIONS, heldSends: 3 });
    const survivor = await startServerProcess(env);
    processes.push(survivor);
    // The survivor takes the fourth reply and waits at the SMTP server too.
    await until(() => world.sends.waiting() === 4, 30_000);

    const killed = Date.now();
    victim.child.kill("SIGKILL");
    await new Promise((resolve) => victim.child.once("exit", resolve));
    await work.unblock();
    world.sends.release();
    const done = await finished(db, world, work, CONVERSATIONS, 120_000);
    console.log(`several processes: the killed process's work was finished by the other ${((done - killed) / 1000).toFixed(1)} s after the kill`);
    expect(survivor.child.exitCode).toBeNull();
  }, 300_000);
});
