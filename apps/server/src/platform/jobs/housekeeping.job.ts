import { NoJobPayload } from "@holboo/core";
import { makeWorkerUtils } from "graphile-worker";
import type pg from "pg";
import { purgeSpentTokens } from "../auth/one-time-tokens.ts";
import { purgeExpiredSessions } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { defineJob } from "./job.ts";
import type { JobQueue } from "./queue.ts";

interface HousekeepingContext {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
}

/** Expired sessions and spent one-time tokens are deleted, so their tables stay small. */
export const purgeExpiredJob = defineJob<object, HousekeepingContext>({
  id: "platform.purge_expired",
  payload: NoJobPayload,
  async handler(ctx) {
    await purgeExpiredSessions(ctx.db);
    await purgeSpentTokens(ctx.db);
  },
});

/**
 * Queues named per conversation or mailbox leave a row each behind; graphile-worker's own clean-up
 * removes those no job uses any more, and task names no job uses.
 */
export const jobQueueCleanupJob = defineJob<object, HousekeepingContext>({
  id: "platform.job_queue_cleanup",
  payload: NoJobPayload,
  async handler(ctx) {
    const utils = await makeWorkerUtils({ pgPool: ctx.pool, schema: ctx.jobs.schema });
    try {
      await utils.cleanup({ tasks: ["GC_JOB_QUEUES", "GC_TASK_IDENTIFIERS"] });
    } finally {
      await utils.release();
    }
  },
});
