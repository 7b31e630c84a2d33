import type { TestApp } from "./harness.ts";

/**
 * The test's clock for the job queue: jobs waiting for a retry (or scheduled later) become due now and
 * the app's workers are woken, instead of a test waiting out the backoff.
 */
export async function makeWaitingJobsDue(t: TestApp): Promise<number> {
  const schema = t.config.JOBS_SCHEMA;
  const result = await t.database.pool.query(
    `UPDATE ${schema}._private_jobs SET run_at = now() WHERE locked_at IS NULL AND run_at > now() AND attempts < max_attempts`,
  );
  await t.database.pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
  return result.rowCount ?? 0;
}

/** Jobs of the app's queue that used all their attempts (dead), by kind. */
export async function deadJobs(t: TestApp, kind: string) {
  const schema = t.config.JOBS_SCHEMA;
  const { rows } = await t.database.pool.query<{ id: string; last_error: string | null; attempts: number }>(
    `SELECT id, last_error, attempts FROM ${schema}.jobs WHERE task_identifier = $1 AND attempts >= max_attempts`,
    [kind],
  );
  return rows;
}
