import { normalizePhone } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { findChannel, listChannels } from "../../channels/channels.lookup.ts";
import { callIntoThread } from "../../channels/phone.service.ts";
import { findInteraction, lockInteraction } from "../interactions/interactions.lookup.ts";
import { changeOwner, escalateToPeople } from "../interactions/ownership.service.ts";
import { publish } from "../interactions/messages.service.ts";
import { presentCalls } from "./calls.presenter.ts";
import * as repo from "./calls.repo.ts";

/**
 * What a PBX reports, whatever its protocol (ARI events, CTI webhooks): a call arrived or was placed, a
 * person answered it, it ended. `key` identifies the report itself, so a repeated one changes nothing.
 */
export interface CallEvent {
  key: string;
  /**
   * "queued": the caller begins waiting for people (after the call operator's menu); "recorded": the PBX stored a
   * recording of the call (it says nothing else about the call).
   */
  kind: "new" | "queued" | "answered" | "ended" | "recorded";
  /** "new": whether the caller waits for people from the start (a call operator's line says so later, with "queued"). */
  queued?: boolean;
  providerCallId: string;
  at: Date;
  direction: "in" | "out";
  /** The customer's number. */
  number: string;
  /** The company's number the call came in on or went out from. */
  lineNumber: string;
  extension?: string;
  /** For an unanswered end: the caller gave up (cancel) or nobody answered (unanswered → missed). */
  cause?: "cancel" | "unanswered" | "normal";
  recordingUrl?: string;
}

/**
 * How a recording made through ARI is stored on its call: ARI's own media URI for a stored recording
 * (`recording:<name>`, as `/channels/{id}/play?media=recording:…` takes it). Anything else is a CTI URL.
 */
export const ARI_RECORDING_PREFIX = "recording:";

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
/** A caller's wait for people, from when it began (null if they never waited: the call operator's menu is no wait). */
const waited = (call: repo.CallRow, until: Date) => (call.queuedAt ? seconds(call.queuedAt, until) : null);
/** A PBX's time for an end can precede what we recorded (an end taken from the last event heard): never before the answer. */
const notBefore = (at: Date, earliest: Date | null) => (earliest && at < earliest ? earliest : at);

/** Tells the company's staff (monitoring, threads) that a call changed. */
export async function pushCall(ctx: AppContext, row: repo.CallRow) {
  const [view] = await presentCalls(ctx.db, row.companyId, [row]);
  if (view) ctx.realtime.toStaff([`c${row.companyId}`], "call.updated", view);
}

/** Applies one report to its call (made on "new", or on any report of a call not seen yet), then tells the staff. */
export async function applyCallEvent(ctx: AppContext, connection: repo.PbxConnectionRow, event: CallEvent): Promise<repo.CallRow | null> {
  if (event.kind === "new") {
    const created = await arrive(ctx, connection, event);
    // Waiting calls reach the monitoring screen at once; the caller's conversation is set up by a job beside it.
    if (created) {
      await pushCall(ctx, created);
      return created;
    }
  }
  // The call is locked straight away: reading it first to know it exists would cost every event a statement.
  let change = await changeCall(ctx, connection, event);
  let created: repo.CallRow | null = null;
  if (change === "unseen" && event.kind !== "recorded") {
    created = await arrive(ctx, connection, event);
    if (created) await pushCall(ctx, created);
    change = await changeCall(ctx, connection, event);
  }
  if (change === "unseen" || change === null) return created;
  // The monitoring screen hears of the change first; the conversation's owner follows.
  await pushCall(ctx, change);
  if (change.status === "talking") await giveToAnswerer(ctx, change);
  return change;
}

/**
 * The call as the report leaves it, null when the report changes nothing, "unseen" when the call is not recorded.
 * The report that ends the call records call.ended with it.
 */
function changeCall(ctx: AppContext, connection: repo.PbxConnectionRow, event: CallEvent): Promise<repo.CallRow | null | "unseen"> {
  return ctx.db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, connection.id, event.providerCallId);
    if (!call) return "unseen";
    if (call.seenEvents.includes(event.key)) return null;
    const changed = await applyReport(tx, call, event, [...call.seenEvents, event.key].slice(-20));
    if (changed?.endedAt && !call.endedAt) await ctx.events.record(tx, "call.ended", { company_id: changed.companyId, call_id: changed.id });
    return changed;
  });
}

async function applyReport(tx: Executor, call: repo.CallRow, event: CallEvent, seen: string[]): Promise<repo.CallRow | null> {
  if (event.kind === "queued" && call.status === "waiting" && !call.queuedAt) return repo.updateCall(tx, call.id, { queuedAt: event.at, seenEvents: seen });
  if (event.kind === "answered" && call.status === "waiting") {
    const userId = event.extension ? await repo.userOfExtension(tx, call.companyId, event.extension) : null;
    return repo.updateCall(tx, call.id, {
      status: "talking",
      answeredAt: event.at,
      waitSeconds: waited(call, event.at),
      extension: event.extension ?? call.extension,
      answeredByUserId: userId,
      seenEvents: seen,
    });
  }
  if (event.kind === "ended" && call.status === "talking") {
    const at = notBefore(event.at, call.answeredAt);
    return repo.updateCall(tx, call.id, {
      status: "ended",
      endedAt: at,
      talkSeconds: seconds(call.answeredAt ?? at, at),
      recordingUrl: event.recordingUrl ?? call.recordingUrl,
      seenEvents: seen,
    });
  }
  if (event.kind === "ended" && call.status === "waiting") {
    const at = notBefore(event.at, call.startedAt);
    return repo.updateCall(tx, call.id, {
      status: event.cause === "cancel" ? "cancelled" : "missed",
      endedAt: at,
      waitSeconds: waited(call, at),
      // A voicemail left with the call operator: the callback task comes with the caller's message.
      recordingUrl: event.recordingUrl ?? call.recordingUrl,
      seenEvents: seen,
    });
  }
  if (event.recordingUrl && !call.recordingUrl) return repo.updateCall(tx, call.id, { recordingUrl: event.recordingUrl, seenEvents: seen });
  return null;
}

/**
 * A call the company has not seen: recorded with its line, and a job added in the same transaction puts
 * it into the caller's conversation. Null when another report made it first.
 */
async function arrive(ctx: AppContext, connection: repo.PbxConnectionRow, event: CallEvent): Promise<repo.CallRow | null> {
  const line =
    (await repo.findLineByNumber(ctx.db, connection.companyId, normalizePhone(event.lineNumber))) ??
    (await repo.listLines(ctx.db, connection.companyId))[0] ??
    null;
  return ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertCall(tx, {
      companyId: connection.companyId,
      connectionId: connection.id,
      providerCallId: event.providerCallId,
      number: normalizePhone(event.number),
      lineId: line?.id ?? null,
      extension: event.extension ?? null,
      direction: event.direction,
      status: "waiting",
      startedAt: event.at,
      // A call first seen by a later report waited from its start; an outbound one waits for nobody.
      queuedAt: event.direction === "in" && !(event.kind === "new" && event.queued === false) ? event.at : null,
      seenEvents: event.kind === "new" ? [event.key] : [],
    });
    if (inserted) await ctx.events.record(tx, "call.started", { company_id: inserted.companyId, call_id: inserted.id });
    return inserted;
  });
}

/**
 * The call's place in the inbox: the contact with its E.164 number (made when none has it) and the open
 * conversation on the line's phone channel, where its bubble is a message. An unanswered call leaves that
 * conversation open as the callback task. Done once: a retried job finds the bubble stored.
 */
export async function linkCallToThread(ctx: AppContext, companyId: number, callId: number) {
  const call = await repo.findCallById(ctx.db, companyId, callId);
  if (!call || call.messageId !== null) return;
  const channel = await channelOfCall(ctx, call);
  if (!channel) return;
  const thread = await callIntoThread(ctx, channel, call.number, `call:${call.connectionId}:${call.providerCallId}`);
  // Only the thread's columns: an answer recorded meanwhile stays, and the row returned shows it.
  const linked = await repo.updateCall(ctx.db, call.id, thread);
  await pushCall(ctx, linked);
  // Answered before its conversation existed: the answer's event could not hand it over, so this does.
  // A click-to-call's conversation is the clicking person's from the start, whatever became of the call.
  if (linked.status === "talking" || linked.direction === "out") await giveToAnswerer(ctx, linked);
  // Likewise a call that was missed or abandoned before its conversation existed.
  await handToPeople(ctx, linked);
}

/**
 * A missed or abandoned inbound call is a callback for people: its conversation leaves the AI (a call operator or the
 * channel's agent) for the people's queue; one already with a person or the queue stays where it is. From the call's
 * end (call.ended, call-callback.job.ts) and from its thread's job, whichever comes last finds the conversation.
 */
export async function handToPeople(ctx: AppContext, call: repo.CallRow) {
  if (call.direction !== "in" || (call.status !== "missed" && call.status !== "cancelled") || !call.interactionId) return;
  await escalateToPeople(ctx, call.companyId, call.interactionId);
}

/** The voice channel a call arrives on: its line's, or the company's first voice channel for a call without a line. */
async function channelOfCall(ctx: AppContext, call: repo.CallRow) {
  const id = await channelIdOfCall(ctx, call);
  return id === null ? null : findChannel(ctx.db, call.companyId, id);
}

/** The voice channel of the line a new call came in on (by the number it dialled; the first line, or voice channel, otherwise). */
export async function voiceChannelOfLine(ctx: AppContext, companyId: number, lineNumber: string): Promise<number | null> {
  const line = (await repo.findLineByNumber(ctx.db, companyId, normalizePhone(lineNumber))) ?? (await repo.listLines(ctx.db, companyId))[0] ?? null;
  if (line) return line.channelId;
  return (await listChannels(ctx.db, companyId)).find((c) => c.type === "voice")?.id ?? null;
}

/** The id of that channel, read from the line alone when the call has one (the call operator asks on every new call). */
export async function channelIdOfCall(ctx: AppContext, call: repo.CallRow): Promise<number | null> {
  const line = call.lineId ? await repo.findLine(ctx.db, call.companyId, call.lineId) : null;
  if (line) return line.channelId;
  return (await listChannels(ctx.db, call.companyId)).find((c) => c.type === "voice")?.id ?? null;
}

/** The person who answered (or placed a click-to-call) owns the conversation from then on. */
async function giveToAnswerer(ctx: AppContext, call: repo.CallRow) {
  if (!call.interactionId || !call.answeredByUserId) return;
  const interaction = await findInteraction(ctx.db, call.companyId, call.interactionId);
  if (!interaction || interaction.status !== "open" || (interaction.ownerType === "user" && interaction.assigneeUserId === call.answeredByUserId)) return;
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockInteraction(tx, call.companyId, call.interactionId!);
    if (!locked) return null;
    return {
      before: locked,
      ...(await changeOwner(ctx, tx, locked, { ownerType: "user", assigneeUserId: call.answeredByUserId, reason: "assigned", byUserId: null })),
    };
  });
  if (result) publish(ctx, [result.before, result.row], result.events);
}

export const openCallsOfConnection = (ctx: AppContext, connectionId: number) => repo.openCallsOfConnection(ctx.db, connectionId);
export const waitingCallersOfConnection = (ctx: AppContext, connectionId: number) => repo.waitingCallersOfConnection(ctx.db, connectionId);
export const findCall = (ctx: AppContext, connectionId: number, providerCallId: string) => repo.findCall(ctx.db, connectionId, providerCallId);
export const findCallById = (ctx: AppContext, companyId: number, id: number) => repo.findCallById(ctx.db, companyId, id);
export { findConnectionById, listAriConnections, setConnectionState } from "./calls.repo.ts";
export type { PbxConnectionRow, CallRow } from "./calls.repo.ts";
export { findConnectionByKey, findUnappliedCtiEvent, insertCtiEventOnce, markCtiEventApplied, purgeAppliedCtiEvents } from "./calls.repo.ts";
