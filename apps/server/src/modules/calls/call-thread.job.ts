import { CallThreadJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { linkCallToThread } from "./call-state.service.ts";

/**
 * Puts a new call into its caller's conversation (contact, conversation, bubble). It runs beside the call,
 * not in its way: the call's own events (answered, ended) and the monitoring screen never wait for the
 * contact and the company's assignment lock, which 200 calls at once would otherwise queue on.
 */
export const callThreadJob = defineJob<CallThreadJobPayload, AppContext>({
  id: "calls.thread",
  payload: CallThreadJobPayload,
  maxAttempts: 10,
  async handler(ctx, payload) {
    await linkCallToThread(ctx, payload.company_id, payload.call_id);
  },
});

/** Added in the transaction that records the call. */
export function addCallThreadJob(ctx: AppContext, tx: Executor, payload: CallThreadJobPayload) {
  return ctx.jobs.add(tx, callThreadJob, payload, { key: `call_thread:${payload.call_id}` });
}
