import type { QPayCheckJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { pollQPayInvoice, qpayCheck } from "./qpay.service.ts";

/**
 * While an invoice waits for its QPay payment, asks QPay's payment check (QPay's callback is unsigned and may be
 * lost): records the payment once it is there, otherwise adds itself again (one waiting job per invoice, by key).
 */
export const qpayCheckJob = defineJob<QPayCheckJobPayload, AppContext>({
  ...qpayCheck,
  async handler(ctx, payload, run) {
    await pollQPayInvoice(ctx, payload.invoice_id, run.signal);
  },
});
