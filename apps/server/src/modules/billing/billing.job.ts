import { NoJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { runScheduledBillingCycle } from "./billing-cycle.service.ts";

/** Runs the billing rules (trial end, invoices, due days, reminders) at the current time; scheduled every hour. */
export const billingCycleJob = defineJob<object, AppContext>({
  id: "billing.cycle",
  payload: NoJobPayload,
  async handler(ctx) {
    await runScheduledBillingCycle(ctx);
  },
});
