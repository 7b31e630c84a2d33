import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import type { JobKind } from "./job.ts";

/** Column references of the row a statement writes, from which it builds a job's payload and queue. */
export interface StatementJob {
  payload: SQL;
  queue?: SQL;
  key?: SQL;
}

export interface AddJobOptions {
  /** Jobs of one queue run one at a time, in order (one conversation, one mailbox). */
  queue?: string;
  /** A second job with the same key replaces the waiting one instead of adding another. */
  key?: string;
  runAt?: Date;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Adds jobs to the PostgreSQL queue (graphile-worker) through the caller's executor, so a job added in a
 * transaction exists exactly when the change that causes it commits.
 */
export class JobQueue {
  constructor(readonly schema: string) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid jobs schema name: ${schema}`);
  }

  async add<Payload>(db: Executor, job: JobKind<Payload>, payload: Payload, options: AddJobOptions = {}): Promise<void> {
    const checked = job.payload.parse(payload);
    await db.execute(sql`SELECT ${sql.raw(this.schema)}.add_job(
      ${job.id}, ${JSON.stringify(checked)}::json,
      queue_name => ${options.queue ?? null}::text,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::integer,
      job_key => ${options.key ?? null}::text,
      job_key_mode => 'replace'
    )`);
  }

  /**
   * The same call as an SQL expression, for a statement that adds the job from the rows it writes (the
   * message hot path is one statement); the payload must match the job's schema.
   */
  inStatement<Payload>(job: JobKind<Payload>, spec: StatementJob): SQL {
    return sql`${sql.raw(this.schema)}.add_job(${job.id}, ${spec.payload}, queue_name => ${spec.queue ?? sql`NULL`}::text,
      max_attempts => ${sql.raw(String(job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS))}, job_key => ${spec.key ?? sql`NULL`}::text, job_key_mode => 'replace')`;
  }
}
