import type { FlowWaitTimeoutJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { expireWait, flowWaitTimeout } from "./flow-runtime.service.ts";

/** Ends a flow run still waiting for the customer's choice when its time is up. */
export const flowWaitTimeoutJob = defineJob<FlowWaitTimeoutJobPayload, AppContext>({
  ...flowWaitTimeout,
  async handler(ctx, payload) {
    await expireWait(ctx, payload.company_id, payload.run_id, payload.wait_seq);
  },
});
