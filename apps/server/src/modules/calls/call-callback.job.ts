import type { AppContext } from "../../context.ts";
import { durable } from "../../platform/events/bus.ts";
import { findCallById, handToPeople } from "./call-state.service.ts";

/**
 * A call that ended unanswered (missed, or the caller gave up) becomes a callback for people: as a subscriber of
 * call.ended its conversation is handed from the AI to the people's queue even when this process stops right after
 * the call's end was recorded. Idempotent: a conversation already with people stays where it is.
 */
export const callCallbackSubscriber = durable<"call.ended", AppContext>({
  id: "calls.callback",
  event: "call.ended",
  key: { prefix: "call_callback:", field: "call_id" },
  maxAttempts: 10,
  async handle(ctx, ended) {
    const call = await findCallById(ctx, ended.company_id, ended.call_id);
    if (call) await handToPeople(ctx, call);
  },
});
