import { CTI_EVENT_KINDS, CtiEvent, CtiEventJobPayload, type CtiEventKind } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob, PermanentJobError } from "../../platform/jobs/job.ts";
import { applyCallEvent, findConnectionById, findUnappliedCtiEvent, markCtiEventApplied, type CallEvent } from "../../modules/calls/call-state.service.ts";

/** Whether Holboo acts on the event (others are acknowledged and ignored). */
export const isCtiCallEvent = (event: CtiEvent): event is CtiEvent & { event: CtiEventKind } => (CTI_EVENT_KINDS as readonly string[]).includes(event.event);

/** A CTI event in Holboo's terms: the customer is the caller on an inbound call and the callee on an outbound one. */
export function toCallEvent(event: CtiEvent & { event: CtiEventKind }): CallEvent {
  return {
    key: event.event_id,
    kind: event.event === "new_call" ? "new" : event.event === "answered" ? "answered" : "ended",
    providerCallId: event.call_id,
    at: event.at ? new Date(event.at) : new Date(),
    direction: event.direction,
    number: event.direction === "in" ? event.from : event.to,
    lineNumber: event.direction === "in" ? event.to : event.from,
    extension: event.extension,
    cause: event.cause === "cancel" ? "cancel" : event.cause && event.cause !== "normalClearing" ? "unanswered" : undefined,
    recordingUrl: event.recording_url,
  };
}

/**
 * Applies one stored CTI event to its call. A retried run is harmless: an applied receipt is skipped, and a
 * run that died after applying but before marking finds the event id among the call's applied ones.
 */
export const ctiEventJob = defineJob<CtiEventJobPayload, AppContext>({
  id: "calls.cti_event",
  payload: CtiEventJobPayload,
  maxAttempts: 10,
  async handler(ctx, payload) {
    const receipt = await findUnappliedCtiEvent(ctx.db, payload.company_id, payload.receipt_id);
    if (!receipt) return;
    const connection = await findConnectionById(ctx.db, receipt.connectionId);
    const parsed = CtiEvent.safeParse(receipt.payload);
    if (!parsed.success) throw new PermanentJobError("stored CTI event no longer parses");
    if (connection && isCtiCallEvent(parsed.data)) await applyCallEvent(ctx, connection, toCallEvent(parsed.data));
    await markCtiEventApplied(ctx.db, payload.company_id, receipt.id);
  },
});
