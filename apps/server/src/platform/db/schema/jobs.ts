/** The job workers alive now: a crashed process's jobs are handed back once its heartbeat is stale. */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobWorkers = pgTable("job_workers", {
  /** The id graphile-worker locks jobs and queues with: a worker pool's id (`pool-…`) or a worker's. */
  workerId: text("worker_id").primaryKey(),
  /** The job queue's schema the worker runs: only a process of that schema can hand its jobs back. */
  jobsSchema: text("jobs_schema").notNull().default("graphile_worker"),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
