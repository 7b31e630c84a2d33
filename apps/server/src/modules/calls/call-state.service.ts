import { CALL_SOCKET_EVENT, normalizePhone } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { findChannel, listChannels } from "../channels/channels.service.ts";
import { callIntoThread } from "../../channels/phone.service.ts";
import { findInteraction, lockInteraction } from "../interactions/interactions.service.ts";
import { changeOwner } from "../interactions/ownership.service.ts";
import { publish } from "../interactions/messages.service.ts";
import { presentCalls } from "./calls.presenter.ts";
import * as repo from "./calls.repo.ts";

/**
 * What a PBX reports, whatever its protocol (ARI events, CTI webhooks): a call arrived or was placed, a
 * person answered it, it ended. `key` identifies the report itself, so a repeated one changes nothing.
 */
export interface CallEvent {
  key: string;
  kind: "new" | "answered" | "ended";
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

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** Tells the company's staff (monitoring, threads) that a call changed. */
export async function pushCall(ctx: AppContext, row: repo.CallRow) {
  const [view] = await presentCalls(ctx.db, row.companyId, [row]);
  ctx.realtime.toStaff([`c${row.companyId}`], CALL_SOCKET_EVENT, view);
}

/** Applies one report to its call (made on "new", or on any report of a call not seen yet), then tells the staff. */
export async function applyCallEvent(ctx: AppContext, connection: repo.PbxConnectionRow, event: CallEvent): Promise<repo.CallRow | null> {
  const created =
    event.kind === "new" || (await repo.lockCall(ctx.db, connection.id, event.providerCallId)) === null ? await arrive(ctx, connection, event) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, connection.id, event.providerCallId);
    if (!call || call.seenEvents.includes(event.key)) return null;
    const seen = [...call.seenEvents, event.key].slice(-20);
    if (event.kind === "answered" && call.status === "waiting") {
      const userId = event.extension ? await repo.userOfExtension(tx, call.companyId, event.extension) : null;
      return repo.updateCall(tx, call.id, {
        status: "talking",
        answeredAt: event.at,
        waitSeconds: seconds(call.startedAt, event.at),
        extension: event.extension ?? call.extension,
        answeredByUserId: userId,
        seenEvents: seen,
      });
    }
    if (event.kind === "ended" && call.status === "talking") {
      return repo.updateCall(tx, call.id, {
        status: "ended",
        endedAt: event.at,
        talkSeconds: seconds(call.answeredAt ?? event.at, event.at),
        recordingUrl: event.recordingUrl ?? call.recordingUrl,
        seenEvents: seen,
      });
    }
    if (event.kind === "ended" && call.status === "waiting") {
      return repo.updateCall(tx, call.id, {
        status: event.cause === "cancel" ? "cancelled" : "missed",
        endedAt: event.at,
        waitSeconds: seconds(call.startedAt, event.at),
        // A voicemail left with the call operator: the callback task comes with the caller's message.
        recordingUrl: event.recordingUrl ?? call.recordingUrl,
        seenEvents: seen,
      });
    }
    if (event.recordingUrl && !call.recordingUrl) return repo.updateCall(tx, call.id, { recordingUrl: event.recordingUrl, seenEvents: seen });
    return call.id === created?.id ? call : null;
  });
  const changed = row ?? created;
  if (!changed) return null;
  // The monitoring screen hears of the change first; the conversation's owner follows.
  await pushCall(ctx, changed);
  if (row?.status === "talking" && row.answeredByUserId) await giveToAnswerer(ctx, row);
  return changed;
}

/**
 * A call the company has not seen: recorded, then put in the caller's conversation on the line's phone
 * channel (the contact matched by E.164 phone, made when none has it), where its bubble is a message.
 * An unanswered call leaves that conversation open in the inbox as the callback task.
 */
async function arrive(ctx: AppContext, connection: repo.PbxConnectionRow, event: CallEvent): Promise<repo.CallRow | null> {
  const number = normalizePhone(event.number);
  const line =
    (await repo.findLineByNumber(ctx.db, connection.companyId, normalizePhone(event.lineNumber))) ??
    (await repo.listLines(ctx.db, connection.companyId))[0] ??
    null;
  const inserted = await repo.insertCall(ctx.db, {
    companyId: connection.companyId,
    connectionId: connection.id,
    providerCallId: event.providerCallId,
    number,
    lineId: line?.id ?? null,
    extension: event.extension ?? null,
    direction: event.direction,
    status: "waiting",
    startedAt: event.at,
    seenEvents: event.kind === "new" ? [event.key] : [],
  });
  if (!inserted) return null;
  // Waiting calls reach the monitoring screen at once; the contact and conversation are found or made next.
  await pushCall(ctx, inserted);
  const channel = line
    ? await findChannel(ctx.db, connection.companyId, line.channelId)
    : ((await listChannels(ctx.db, connection.companyId)).find((c) => c.type === "voice") ?? null);
  if (!channel) return inserted;
  const thread = await callIntoThread(ctx, channel, number, `call:${connection.id}:${event.providerCallId}`);
  return repo.updateCall(ctx.db, inserted.id, thread);
}

/** The person who answered owns the conversation from then on. */
async function giveToAnswerer(ctx: AppContext, call: repo.CallRow) {
  if (!call.interactionId || !call.answeredByUserId) return;
  const interaction = await findInteraction(ctx.db, call.companyId, call.interactionId);
  if (!interaction || interaction.status !== "open") return;
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockInteraction(tx, call.companyId, call.interactionId!);
    if (!locked) return null;
    return {
      before: locked,
      ...(await changeOwner(tx, locked, { ownerType: "user", assigneeUserId: call.answeredByUserId, reason: "assigned", byUserId: null })),
    };
  });
  if (result) publish(ctx, [result.before, result.row], result.events);
}

/** Extensions of the company not on a call now, in their order. */
export async function freeExtensions(ctx: AppContext, companyId: number): Promise<string[]> {
  const [extensions, live] = await Promise.all([repo.listExtensions(ctx.db, companyId), repo.liveCalls(ctx.db, companyId)]);
  const busy = new Set(live.filter((c) => c.status === "talking" && c.extension).map((c) => c.extension));
  return extensions.map((e) => e.extension).filter((e) => !busy.has(e));
}

export const openCallsOfConnection = (ctx: AppContext, connectionId: number) => repo.openCallsOfConnection(ctx.db, connectionId);
export const findCall = (ctx: AppContext, connectionId: number, providerCallId: string) => repo.lockCall(ctx.db, connectionId, providerCallId);
export { findConnectionById, listAriConnections, setConnectionState } from "./calls.repo.ts";
export type { PbxConnectionRow, CallRow } from "./calls.repo.ts";
export { findConnectionByKey } from "./calls.repo.ts";
