import { NoJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { expireStalePresence } from "./presence.service.ts";

/** People whose presence no process renewed (a crashed process's) go offline, and their colleagues are told. */
export const presenceExpiryJob = defineJob<object, AppContext>({
  id: "presence.expire",
  payload: NoJobPayload,
  async handler(ctx) {
    await expireStalePresence(ctx);
  },
});
