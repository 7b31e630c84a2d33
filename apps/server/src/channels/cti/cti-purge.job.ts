import { CTI_MAX_SKEW_SECONDS, NoJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { purgeAppliedCtiEvents } from "../../modules/calls/call-state.service.ts";

/**
 * How long an applied CTI event is kept. Its stored id is what refuses a replay (cti.service.ts), and a signed
 * request is accepted while its timestamp is within CTI_MAX_SKEW_SECONDS of now either way: the same request
 * can come back at most twice that (10 minutes) after it first arrived. An hour leaves room for clocks that
 * differ between the processes and the database.
 */
export const CTI_EVENTS_KEPT_SECONDS = Math.max(60 * 60, 2 * CTI_MAX_SKEW_SECONDS);

/**
 * Applied CTI events older than that are deleted, so `cti_events` stays small. An event not applied yet is
 * kept whatever its age: its job still reads it. A PBX's own late retry (signed anew) is stored again and
 * changes nothing: its call keeps the last event ids it applied, and its state only moves forward.
 */
export const ctiEventPurgeJob = defineJob<object, AppContext>({
  id: "calls.cti_event_purge",
  payload: NoJobPayload,
  async handler(ctx) {
    await purgeAppliedCtiEvents(ctx.db, CTI_EVENTS_KEPT_SECONDS);
  },
});
