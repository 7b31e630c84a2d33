import { FlowWaitTimeoutJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { expireWait } from "./flow-runtime.service.ts";

/** Ends a flow run still waiting for the customer's choice when its time is up. */
export const flowWaitTimeoutJob = defineJob<FlowWaitTimeoutJobPayload, AppContext>({
  id: "flows.wait_timeout",
  payload: FlowWaitTimeoutJobPayload,
  maxAttempts: 3,
  async handler(ctx, payload) {
    await expireWait(ctx, payload.company_id, payload.run_id, payload.wait_seq);
  },
});

/** Added in the transaction that starts the wait; the wait's number makes an earlier wait's job do nothing. */
export function addWaitTimeout(ctx: AppContext, tx: Executor, payload: FlowWaitTimeoutJobPayload, runAt: Date) {
  return ctx.jobs.add(tx, flowWaitTimeoutJob, payload, { runAt, key: `flow_wait:${payload.run_id}` });
}
