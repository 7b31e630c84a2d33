import type { AppContext } from "../../context.ts";
import { applyCallEvent, findCall, type CallEvent, type PbxConnectionRow } from "../../modules/calls/call-state.service.ts";
import { UNANSWERED_DIALSTATUS as UNANSWERED } from "./ari.events.ts";

/** What the session passes on of an event on a click-to-call leg (the person's extension, then the customer). */
export interface OutboundLegEvent {
  type: string;
  at: Date;
  leg: string;
  /** Dial events: whether the leg is the dialing side (`caller`: the customer being dialed) or the dialed one (`peer`: the person's phone). */
  side?: "caller" | "peer";
  dialstatus?: string;
}

/**
 * Follows a click-to-call from the events of its leg (subscribed to by `originateToExtension`): the customer
 * answering (`Dial` ANSWER as caller) starts the talk; the customer not answering or busy is a missed call;
 * the person not picking up (`Dial` NOANSWER as peer, or the leg gone before any answer) or hanging up while
 * the customer rings (CANCEL) is a cancelled one; the leg gone after talking ends it. Each change is applied
 * once whatever repeats (the call's applied-event keys), and only to the outbound call recorded by the click.
 * True when this event ended the call (the person's extension is free again).
 */
export async function followOutboundLeg(ctx: AppContext, connection: PbxConnectionRow, event: OutboundLegEvent): Promise<boolean> {
  const call = await findCall(ctx, connection.id, event.leg);
  if (!call || call.direction !== "out") return false;
  const base = { providerCallId: event.leg, at: event.at, direction: "out" as const, number: call.number, lineNumber: "" };
  const apply = async (change: Pick<CallEvent, "key" | "kind" | "cause" | "extension">) => {
    const row = await applyCallEvent(ctx, connection, { ...base, ...change });
    return !!row && row.status !== "waiting" && row.status !== "talking";
  };
  const status = event.dialstatus ?? "";
  if (event.type === "Dial" && event.side === "caller") {
    if (status === "ANSWER") return apply({ key: `dial:${event.leg}:answer`, kind: "answered", extension: call.extension ?? undefined });
    if (UNANSWERED.has(status)) return apply({ key: `dial:${event.leg}:${status}`, kind: "ended", cause: "unanswered" });
    if (status === "CANCEL") return apply({ key: `dial:${event.leg}:cancel`, kind: "ended", cause: "cancel" });
    return false;
  }
  if (event.type === "Dial" && event.side === "peer" && UNANSWERED.has(status))
    return apply({ key: `ring:${event.leg}:${status}`, kind: "ended", cause: "cancel" });
  if (event.type === "ChannelDestroyed") return apply({ key: `gone:${event.leg}`, kind: "ended", cause: call.status === "talking" ? "normal" : "cancel" });
  return false;
}
