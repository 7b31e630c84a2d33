import type { AppContext } from "../../context.ts";
import { durable } from "../../platform/events/bus.ts";
import { linkCallToThread } from "./call-state.service.ts";

/**
 * Puts a new call into its caller's conversation (contact, conversation, bubble), as a subscriber of
 * call.started. It runs beside the call, not in its way: the call's own events (answered, ended) and the
 * monitoring screen never wait for the contact and the company's assignment lock, which 200 calls at once
 * would otherwise queue on.
 */
export const callThreadSubscriber = durable<"call.started", AppContext>({
  id: "calls.thread",
  event: "call.started",
  key: { prefix: "call_thread:", field: "call_id" },
  maxAttempts: 10,
  async handle(ctx, started) {
    await linkCallToThread(ctx, started.company_id, started.call_id);
  },
});
