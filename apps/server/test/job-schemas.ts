import type pg from "pg";

/**
 * Test apps each run a job queue of their own, so a job one test file adds is run by that file's app.
 * graphile-worker tells every listening runner to stop when it migrates a schema, so the schemas are all
 * migrated once before any test runs (global-setup) and each app borrows a free one, held by an advisory
 * lock on a connection of its own for as long as the app runs.
 */
export const TEST_JOB_SCHEMAS = Array.from({ length: 12 }, (_, index) => `jobs_test_${index + 1}`);
const LOCK_BASE = 727_300;

export interface BorrowedSchema {
  schema: string;
  giveBack(): Promise<void>;
}

export async function borrowJobSchema(pool: pg.Pool, timeoutMs = 60_000): Promise<BorrowedSchema> {
  const client = await pool.connect();
  const started = Date.now();
  try {
    for (;;) {
      for (const [index, schema] of TEST_JOB_SCHEMAS.entries()) {
        const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [LOCK_BASE + index]);
        if (!rows[0]?.ok) continue;
        // What an earlier borrower left (jobs still waiting, its schedules) is not this app's.
        await client.query(`DELETE FROM ${schema}._private_jobs; DELETE FROM ${schema}._private_known_crontabs; DELETE FROM ${schema}._private_job_queues`);
        return {
          schema,
          async giveBack() {
            await client.query("SELECT pg_advisory_unlock($1)", [LOCK_BASE + index]).catch(() => undefined);
            client.release();
          },
        };
      }
      if (Date.now() - started > timeoutMs) throw new Error("no free job schema for a test app");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    client.release();
    throw error;
  }
}
