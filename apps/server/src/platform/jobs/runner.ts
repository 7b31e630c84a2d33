import { EventEmitter } from "node:events";
import { Logger, parseCronItems, run, runMigrations, type Runner, type Task, type TaskList, type WorkerEvents } from "graphile-worker";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import { beat, forget, releaseDeadWorkers } from "./heartbeats.ts";
import { DEFAULT_MAX_ATTEMPTS } from "./queue.ts";
import { PermanentJobError, type JobDefinition, type ScheduledJob } from "./job.ts";

const HEARTBEAT_MS = 10_000;

export interface JobLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface JobRunnerOptions<Ctx> {
  pool: pg.Pool;
  db: Database;
  schema: string;
  ctx: Ctx;
  jobs: ReadonlyArray<JobDefinition<unknown, Ctx>>;
  schedules: ReadonlyArray<ScheduledJob<Ctx>>;
  concurrency: number;
  log: JobLog;
}

export interface JobRunner {
  /** Finishes the running jobs (those still running after a few seconds are handed back) and stops. */
  stop(): Promise<void>;
}

/** Creates or updates the queue's own tables (graphile-worker's migrations) in its schema. */
export async function migrateJobQueue(pool: pg.Pool, schema: string): Promise<void> {
  await runMigrations({ pgPool: pool, schema, logger: quietLogger() });
}

function quietLogger(log?: JobLog) {
  return new Logger(() => (level, message, meta) => {
    if (level === "error") log?.error(meta ?? {}, message);
    else if (level === "warning") log?.warn(meta ?? {}, message);
  });
}

function taskOf<Ctx>(definition: JobDefinition<unknown, Ctx>, ctx: Ctx, schema: string): Task {
  return async (rawPayload, helpers) => {
    const job = helpers.job;
    const payload = definition.payload.parse(rawPayload);
    try {
      await definition.handler(ctx, payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, signal: helpers.abortSignal });
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      if (permanent) await helpers.query(`UPDATE ${schema}._private_jobs SET max_attempts = attempts WHERE id = $1`, [job.id]);
      if (permanent || job.attempts >= job.max_attempts) await definition.onDead?.(ctx, payload, error);
      throw error;
    }
  };
}

/**
 * Runs the queue's jobs in this process: `concurrency` at a time, each kind's handler with the app's
 * context, the schedules as cron items. Workers announce themselves every few seconds; whoever sees a
 * silent one hands its locked jobs back, so a process killed with -9 loses nothing and its jobs run again
 * on a live process within about 40 seconds (`WORKER_STALE_AFTER_SECONDS` plus one beat).
 */
export async function startJobRunner<Ctx>(options: JobRunnerOptions<Ctx>): Promise<JobRunner> {
  const taskList: TaskList = {};
  for (const definition of options.jobs) taskList[definition.id] = taskOf(definition as JobDefinition<unknown, Ctx>, options.ctx, options.schema);
  for (const schedule of options.schedules) taskList[schedule.job.id] ??= taskOf(schedule.job as JobDefinition<unknown, Ctx>, options.ctx, options.schema);

  // graphile-worker 0.17 locks jobs and queues with its pool's id (`getJob(workerPool.id, …)`), not with each
  // worker's: the pool's id is the one a crash leaves on them, so it is announced first; the workers' too.
  const workerIds: string[] = [];
  const announce = (id: string) => {
    workerIds.push(id);
    void beat(options.db, options.schema, [id]).catch((error: unknown) => options.log.warn({ err: error }, "job worker heartbeat failed"));
  };
  const events: WorkerEvents = new EventEmitter();
  events.on("pool:create", ({ workerPool }: { workerPool: { id: string } }) => announce(workerPool.id));
  events.on("worker:create", ({ worker }: { worker: { workerId: string } }) => announce(worker.workerId));

  const runner: Runner = await run({
    pgPool: options.pool,
    schema: options.schema,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger(options.log),
    events,
    taskList,
    parsedCronItems: parseCronItems(
      options.schedules.map((schedule) => ({
        task: schedule.job.id,
        match: schedule.cron,
        identifier: schedule.job.id,
        options: { backfillPeriod: 0, maxAttempts: schedule.job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, jobKey: schedule.job.id, jobKeyMode: "replace" },
      })),
    ),
  });

  runner.promise.catch((error: unknown) => options.log.error({ err: error }, "the job runner stopped on an error"));
  const beatAndRelease = () =>
    void (async () => {
      await beat(options.db, options.schema, workerIds);
      const released = await releaseDeadWorkers(options.db, options.schema);
      if (released.length) options.log.warn({ workers: released }, "handed back the jobs of job workers that stopped answering");
    })().catch((error: unknown) => options.log.warn({ err: error }, "job worker heartbeat failed"));
  // At once too: a process restarted after a crash hands its predecessor's jobs back without waiting a beat.
  beatAndRelease();
  const heartbeat = setInterval(beatAndRelease, HEARTBEAT_MS);
  heartbeat.unref();

  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        clearInterval(heartbeat);
        // A runner that stopped itself (graphile-worker stops on a newer breaking schema) is already done.
        await runner.stop().catch(() => undefined);
        await forget(options.db, workerIds).catch(() => undefined);
      })();
      return stopped;
    },
  };
}
