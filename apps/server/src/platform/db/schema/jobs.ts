/** The job workers alive now: a crashed process's jobs are handed back once its heartbeat is stale. */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobWorkers = pgTable("job_workers", {
  workerId: text("worker_id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
