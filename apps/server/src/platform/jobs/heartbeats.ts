import { hostname } from "node:os";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { jobWorkers } from "../db/schema.ts";

/** A worker silent this long is taken for dead and its locked jobs are handed back to the queue. */
export const WORKER_STALE_AFTER_SECONDS = 30;

/** Records that these workers (the ids graphile-worker locks jobs with) of the `schema` queue are alive now. */
export async function beat(db: Executor, schema: string, workerIds: string[]): Promise<void> {
  if (!workerIds.length) return;
  const now = new Date();
  await db
    .insert(jobWorkers)
    .values(workerIds.map((workerId) => ({ workerId, jobsSchema: schema, host: hostname(), pid: process.pid, seenAt: now })))
    .onConflictDoUpdate({ target: jobWorkers.workerId, set: { seenAt: now } });
}

export async function forget(db: Executor, workerIds: string[]): Promise<void> {
  if (workerIds.length) await db.delete(jobWorkers).where(inArray(jobWorkers.workerId, workerIds));
}

/**
 * Unlocks the jobs and named queues of workers that are not alive (a process killed with -9), so they run
 * again within about half a minute instead of graphile-worker's own 4-hour lock expiry. Dead means: its
 * heartbeat is stale, or a lock older than that is held by an id no live worker of this queue announced
 * (graphile-worker 0.17 locks with its pool's id, which versions before this one never announced; and a
 * process can die between taking its first job and its first beat). Returns the ids released.
 */
export async function releaseDeadWorkers(db: Executor, schema: string): Promise<string[]> {
  const jobs = sql.raw(schema);
  const stale = sql`make_interval(secs => ${WORKER_STALE_AFTER_SECONDS})`;
  const silent = await db
    .delete(jobWorkers)
    .where(and(eq(jobWorkers.jobsSchema, schema), sql`${jobWorkers.seenAt} < now() - ${stale}`))
    .returning({ workerId: jobWorkers.workerId });
  const unannounced = await db.execute<{ locked_by: string }>(sql`
    SELECT DISTINCT locked_by FROM (
      SELECT locked_by, locked_at FROM ${jobs}._private_jobs WHERE locked_by IS NOT NULL
      UNION ALL
      SELECT locked_by, locked_at FROM ${jobs}._private_job_queues WHERE locked_by IS NOT NULL
    ) AS locks
    WHERE locked_at < now() - ${stale}
      AND NOT EXISTS (SELECT 1 FROM job_workers WHERE worker_id = locks.locked_by AND jobs_schema = ${schema})`);
  const dead = [...new Set([...silent.map((row) => row.workerId), ...unannounced.rows.map((row) => row.locked_by)])];
  if (dead.length)
    await db.execute(
      sql`SELECT ${jobs}.force_unlock_workers(ARRAY[${sql.join(
        dead.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])`,
    );
  return dead;
}
