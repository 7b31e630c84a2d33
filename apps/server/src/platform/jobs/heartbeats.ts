import { hostname } from "node:os";
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { jobWorkers } from "../db/schema.ts";

/** A worker silent this long is taken for dead and its locked jobs are handed back to the queue. */
export const WORKER_STALE_AFTER_SECONDS = 30;

export async function beat(db: Executor, workerIds: string[]): Promise<void> {
  if (!workerIds.length) return;
  const now = new Date();
  await db
    .insert(jobWorkers)
    .values(workerIds.map((workerId) => ({ workerId, host: hostname(), pid: process.pid, seenAt: now })))
    .onConflictDoUpdate({ target: jobWorkers.workerId, set: { seenAt: now } });
}

export async function forget(db: Executor, workerIds: string[]): Promise<void> {
  if (workerIds.length) await db.delete(jobWorkers).where(inArray(jobWorkers.workerId, workerIds));
}

/**
 * Unlocks the jobs of workers whose heartbeat stopped (a process killed with -9), so they run again within
 * about half a minute instead of graphile-worker's own 4-hour lock expiry. Returns the workers released.
 */
export async function releaseDeadWorkers(db: Executor, schema: string): Promise<string[]> {
  const result = await db.execute<{ worker_id: string }>(sql`
    DELETE FROM job_workers WHERE seen_at < now() - make_interval(secs => ${WORKER_STALE_AFTER_SECONDS}) RETURNING worker_id`);
  const dead = result.rows.map((row) => row.worker_id);
  if (dead.length)
    await db.execute(
      sql`SELECT ${sql.raw(schema)}.force_unlock_workers(ARRAY[${sql.join(
        dead.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])`,
    );
  return dead;
}
