import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";

export interface DeadJobRow {
  id: string;
  task_identifier: string;
  queue_name: string | null;
  attempts: number;
  last_error: string | null;
  payload: unknown;
  created_at: Date;
  updated_at: Date;
}

/** Jobs that used all their attempts, newest first: platform-wide, for the platform admin. */
export async function listDeadJobs(db: Executor, schema: string, page: number, pageSize: number) {
  const s = sql.raw(schema);
  const dead = sql`j.attempts >= j.max_attempts`;
  const [items, [count]] = await Promise.all([
    db.execute<DeadJobRow & Record<string, unknown>>(sql`
      SELECT j.id::text, t.identifier AS task_identifier, q.queue_name, j.attempts, j.last_error, j.payload, j.created_at, j.updated_at
      FROM ${s}._private_jobs j JOIN ${s}._private_tasks t ON t.id = j.task_id LEFT JOIN ${s}._private_job_queues q ON q.id = j.job_queue_id
      WHERE ${dead} ORDER BY j.updated_at DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${s}._private_jobs j WHERE ${dead}`).then((result) => result.rows),
  ]);
  return { items: items.rows, total: count?.total ?? 0 };
}

/** Gives a dead job a fresh set of attempts, due now; false when no dead job has that id. */
export async function reviveDeadJob(db: Executor, schema: string, id: string): Promise<boolean> {
  const s = sql.raw(schema);
  const result = await db.execute<{ id: string }>(sql`
    SELECT id::text FROM ${s}.reschedule_jobs(
      (SELECT array_agg(j.id) FROM ${s}._private_jobs j WHERE j.id = ${id}::bigint AND j.attempts >= j.max_attempts), run_at => now(), attempts => 0)`);
  return result.rows.length > 0;
}
