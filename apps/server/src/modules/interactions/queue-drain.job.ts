import type { AppContext } from "../../context.ts";
import { durable } from "../../platform/events/bus.ts";
import { drainQueue } from "./ownership.service.ts";

/**
 * Someone came online, so conversations waiting in the company's queue go to whoever has room now. One waiting
 * drain per company is enough (the key): it reads the queue and everyone's load when it runs. Idempotent: a
 * conversation already given out is no longer in the queue.
 */
export const queueDrainSubscriber = durable<"user.available", AppContext>({
  id: "interactions.queue_drain",
  event: "user.available",
  key: { prefix: "queue_drain:", field: "company_id" },
  maxAttempts: 10,
  async handle(ctx, available) {
    await drainQueue(ctx, available.company_id);
  },
});
