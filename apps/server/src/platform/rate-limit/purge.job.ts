import { NoJobPayload } from "@holboo/core";
import { defineJob } from "../jobs/job.ts";
import type { SharedLimits } from "./limits.ts";

/** Counters of windows that ended are deleted, so the shared table stays small. */
export const rateLimitPurgeJob = defineJob<object, { limits: SharedLimits }>({
  id: "platform.rate_limit_purge",
  payload: NoJobPayload,
  async handler(ctx) {
    await ctx.limits.counters.purge();
  },
});
