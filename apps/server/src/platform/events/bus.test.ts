import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../db/client.ts";
import { borrowJobSchema, type BorrowedSchema } from "../../../test/job-schemas.ts";
import { until } from "../../../test/sockets.ts";
import { JobQueue } from "../jobs/queue.ts";
import { startJobRunner, type JobRunner } from "../jobs/runner.ts";
import { afterCommit, DomainEvents, durable, subscriberJobs, type Subscriber } from "./bus.ts";

interface Probe {
  /** "<subscriber>:<message id>" in the order the handlers finished. */
  ran: string[];
  attempts: Map<string, number>;
  live: string[];
}
const probe: Probe = { ran: [], attempts: new Map(), live: [] };
/** Message ids whose first attempt the flaky subscriber fails. */
const failOnce = new Set<number>();

const SUBSCRIBERS: Subscriber<Probe>[] = [
  durable<"message.received", Probe>({
    id: "test.turn",
    event: "message.received",
    whenField: { field: "owner_type", in: ["ai"] },
    queue: { prefix: "conversation:", field: "interaction_id" },
    key: { prefix: "turn:", field: "message_id" },
    async handle(ctx, received) {
      // Slow enough that a second job of the queue would overtake it if the queue let it.
      await new Promise((resolve) => setTimeout(resolve, received.message_id % 2 ? 150 : 10));
      ctx.ran.push(`turn:${received.message_id}`);
    },
  }),
  durable<"message.received", Probe>({
    id: "test.flaky",
    event: "message.received",
    maxAttempts: 3,
    async handle(ctx, received, run) {
      ctx.attempts.set(`flaky:${received.message_id}`, run.attempt);
      if (failOnce.has(received.message_id) && run.attempt === 1) throw new Error("the flaky subscriber fails its first try");
      ctx.ran.push(`flaky:${received.message_id}`);
    },
  }),
  durable<"message.sent", Probe>({
    id: "test.even-only",
    event: "message.sent",
    when: (sent) => sent.message_id % 2 === 0,
    async handle(ctx, sent) {
      ctx.ran.push(`even:${sent.message_id}`);
    },
  }),
  afterCommit<"conversation.closed", Probe>({
    id: "test.broken-live",
    event: "conversation.closed",
    handle() {
      throw new Error("a live subscriber fails");
    },
  }),
  afterCommit<"conversation.closed", Probe>({
    id: "test.live",
    event: "conversation.closed",
    handle(ctx, closed) {
      ctx.live.push(`closed:${closed.interaction_id}`);
    },
  }),
];

let database: DatabaseHandle;
let borrowed: BorrowedSchema;
let runner: JobRunner;
let events: DomainEvents<Probe>;
const liveErrors: string[] = [];

const received = (messageId: number, ownerType: "ai" | "user" | "queue" = "ai", interactionId = 1) => ({
  company_id: 1,
  interaction_id: interactionId,
  message_id: messageId,
  owner_type: ownerType,
});
const waitingJobs = async (task: string) =>
  (
    await database.pool.query<{ payload: { message_id: number } }>(
      `SELECT j.payload FROM ${borrowed.schema}._private_jobs j JOIN ${borrowed.schema}._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1`,
      [task],
    )
  ).rows.map((row) => row.payload.message_id);

beforeAll(async () => {
  database = connectDatabase(inject("databaseUrl"), 6);
  borrowed = await borrowJobSchema(database.pool);
  events = new DomainEvents(new JobQueue(borrowed.schema), SUBSCRIBERS, (id) => liveErrors.push(id));
  events.bind(probe);
});
afterAll(async () => {
  await runner?.stop();
  await borrowed.giveBack();
  await database.close();
});

describe("the domain-event bus", () => {
  it("adds a subscriber's job exactly when the recording transaction commits, and only where its filters say", async () => {
    await database.db.transaction(async (tx) => {
      await events.record(tx, "message.received", received(101));
      await events.record(tx, "message.received", received(102, "user"));
      for (const id of [105, 106]) await events.record(tx, "message.sent", { company_id: 1, interaction_id: 1, message_id: id });
    });
    await database.db
      .transaction(async (tx) => {
        await events.record(tx, "message.received", received(103));
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    expect((await waitingJobs("test.turn")).sort()).toEqual([101]);
    expect((await waitingJobs("test.flaky")).sort()).toEqual([101, 102]);
    expect(await waitingJobs("test.even-only")).toEqual([106]);
    await database.pool.query(`DELETE FROM ${borrowed.schema}._private_jobs`);
  });

  it("refuses a payload its contract does not allow, and records nothing", async () => {
    await expect(events.record(database.db, "message.received", { ...received(104), owner_type: "robot" as "ai" })).rejects.toThrow();
    await expect(events.record(database.db, "message.sent", { company_id: 1, interaction_id: 0, message_id: 104 })).rejects.toThrow();
    expect(await waitingJobs("test.turn")).toEqual([]);
  });

  it("records in the change's own statement, with the filter in SQL", async () => {
    const recording = events.inStatement("message.received", {
      company_id: sql`w.company_id`,
      interaction_id: sql`w.interaction_id`,
      message_id: sql`w.message_id`,
      owner_type: sql`w.owner_type`,
    });
    await database.db.execute(sql`
      WITH w AS (SELECT * FROM (VALUES (1, 2, 201, 'ai'), (1, 2, 202, 'queue')) AS v(company_id, interaction_id, message_id, owner_type)),
      added AS (SELECT ${recording} FROM w)
      SELECT count(*) FROM added`);
    expect(await waitingJobs("test.turn")).toEqual([201]);
    expect((await waitingJobs("test.flaky")).sort()).toEqual([201, 202]);
    expect(events.isHeard("call.ended")).toBe(false);
    await database.pool.query(`DELETE FROM ${borrowed.schema}._private_jobs`);
  });

  it("retries a failing subscriber alone, and runs one conversation's jobs in order", async () => {
    failOnce.add(301);
    for (const id of [301, 302, 303, 304]) await events.record(database.db, "message.received", received(id, "ai", 3));
    runner = await startJobRunner({
      pool: database.pool,
      db: database.db,
      schema: borrowed.schema,
      ctx: probe,
      jobs: subscriberJobs(SUBSCRIBERS),
      schedules: [],
      concurrency: 4,
      log: { error: () => undefined, warn: () => undefined },
    });
    await until(() => ["turn:301", "turn:302", "turn:303", "turn:304"].every((name) => probe.ran.includes(name)), 5000);
    expect(probe.ran.filter((name) => name.startsWith("turn:"))).toEqual(["turn:301", "turn:302", "turn:303", "turn:304"]);
    // The failed try is retried later (after its pause), without running the other subscriber's job again.
    await database.pool.query(`UPDATE ${borrowed.schema}._private_jobs SET run_at = now() WHERE locked_at IS NULL`);
    await database.pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
    await until(() => probe.ran.includes("flaky:301"), 5000);
    expect(probe.attempts.get("flaky:301")).toBe(2);
    expect(probe.ran.filter((name) => name === "turn:301")).toHaveLength(1);
    expect(probe.ran.filter((name) => name === "flaky:301")).toHaveLength(1);
  });

  it("runs afterCommit subscribers in-process, each apart from the others' failures", () => {
    events.afterCommit("conversation.closed", { company_id: 1, interaction_id: 9 });
    expect(probe.live).toEqual(["closed:9"]);
    expect(liveErrors).toEqual(["test.broken-live"]);
  });
});
