import type {
  CallCenterSettingsInput,
  CallCenterView,
  CallExtensionInput,
  CallLineView,
  CallMinutesView,
  CallMonitorView,
  PbxConnectionInput,
  PbxConnectionView,
} from "@holboo/core";
import { DEFAULT_TIME_ZONE, fullName, normalizePhone } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { newToken } from "../../platform/auth/tokens.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { assertWithinLimit } from "../billing/limits.service.ts";
import { deleteChannel, findChannel, insertChannel } from "../../channels/channels.lookup.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { callCenterSettings, saveCallCenterSettings } from "./call-center-settings.service.ts";
import { presentCalls } from "./calls.presenter.ts";
import * as repo from "./calls.repo.ts";
import { pbxDriverOf } from "./pbx-driver.ts";

function presentConnection(ctx: AppContext, row: repo.PbxConnectionRow, signingSecret: string | null = null): PbxConnectionView {
  return {
    kind: row.kind === "cti_webhook" ? "cti_webhook" : "asterisk_ari",
    url: row.url,
    username: row.username,
    app_name: row.appName,
    state: row.kind === "cti_webhook" ? "connected" : row.state,
    last_error: row.lastError,
    webhook_url: row.kind === "cti_webhook" ? `${ctx.config.PUBLIC_URL}/webhooks/cti/${row.webhookKey}` : "",
    signing_secret: signingSecret,
  };
}

const presentLine = (row: repo.CallLineRow): CallLineView => ({ id: row.id, number: row.number, name: row.name, channel_id: row.channelId });

export async function settings(ctx: AppContext, actor: MemberActor, signingSecret: string | null = null): Promise<CallCenterView> {
  const [connection, lines, extensions, callSettings] = await Promise.all([
    repo.findConnection(ctx.db, actor.companyId),
    repo.listLines(ctx.db, actor.companyId),
    repo.listExtensions(ctx.db, actor.companyId),
    callCenterSettings(ctx, actor.companyId),
  ]);
  return {
    connection: connection && presentConnection(ctx, connection, signingSecret),
    settings: callSettings,
    lines: lines.map(presentLine),
    extensions: extensions.map((e) => ({ id: e.id, extension: e.extension, user_id: e.userId, user_name: fullName(e.firstName, e.lastName) })),
  };
}

/** Whether the company has a call center (the monitoring menu item is shown then). */
export async function hasCallCenter(ctx: AppContext, companyId: number) {
  return (await repo.findConnection(ctx.db, companyId)) !== null;
}

/**
 * Saves the PBX connection. ARI settings are tested first (GET /asterisk/info); a wrong address or password
 * stores nothing. A new CTI connection gets its signing secret, shown once in the answer.
 */
export async function saveConnection(ctx: AppContext, actor: MemberActor, input: PbxConnectionInput): Promise<CallCenterView> {
  const existing = await repo.findConnection(ctx.db, actor.companyId);
  const stored = existing?.secrets ? ctx.secrets.open<{ password?: string; signing_secret?: string }>(existing.secrets) : null;
  let secrets: Record<string, string>;
  let shown: string | null = null;
  let values: { url: string; username: string; appName: string };
  if (input.kind === "asterisk_ari") {
    const password =
      input.password || (existing?.kind === "asterisk_ari" ? stored?.password : undefined) || fail("pbx_password_required", { password: "required" });
    await pbxDriverOf(ctx, input.kind)?.testConnection?.(ctx, { url: input.url, username: input.username, password, app: input.app_name });
    secrets = { password };
    values = { url: input.url, username: input.username, appName: input.app_name };
  } else {
    const kept = existing?.kind === "cti_webhook" ? stored?.signing_secret : undefined;
    shown = kept ? null : newToken(32);
    secrets = { signing_secret: kept ?? shown! };
    values = { url: "", username: "", appName: "" };
  }
  await ctx.db.transaction(async (tx) => {
    await repo.upsertConnection(tx, {
      companyId: actor.companyId,
      kind: input.kind,
      ...values,
      webhookKey: newToken(24),
      secrets: ctx.secrets.seal(secrets),
      state: input.kind === "asterisk_ari" ? "connecting" : "connected",
      lastError: null,
    });
    await recordAudit(tx, actor, { action: "channel.update", targetType: "company", targetId: actor.companyId, after: { pbx: input.kind, url: values.url } });
  });
  connectionsChanged(ctx);
  return settings(ctx, actor, shown);
}

/** Every driver's sessions follow the change (a company that switched from Asterisk to CTI stops its ARI session). */
function connectionsChanged(ctx: AppContext) {
  for (const driver of ctx.pbxDrivers) driver.connectionsChanged?.();
}

/** Ring time, after-call work, recording and the service level's wait. */
export async function saveSettings(ctx: AppContext, actor: MemberActor, input: CallCenterSettingsInput): Promise<CallCenterView> {
  await saveCallCenterSettings(ctx, actor, input);
  return settings(ctx, actor);
}

export async function removeConnection(ctx: AppContext, actor: MemberActor): Promise<CallCenterView> {
  await ctx.db.transaction(async (tx) => {
    await repo.deleteConnection(tx, actor.companyId);
    await recordAudit(tx, actor, { action: "channel.disconnect", targetType: "company", targetId: actor.companyId, after: { pbx: null } });
  });
  connectionsChanged(ctx);
  return settings(ctx, actor);
}

/** A line is a number the PBX answers; it makes a phone channel of its own unless one is named. */
export async function addLine(ctx: AppContext, actor: MemberActor, input: { number: string; name: string; channel_id: number | null }) {
  const number = normalizePhone(input.number);
  if (await repo.findLineByNumber(ctx.db, actor.companyId, number)) fail("call_line_exists", { number: "call_line_exists" });
  if (input.channel_id) {
    const channel = await findChannel(ctx.db, actor.companyId, input.channel_id);
    if (channel?.type !== "voice") fail("channel_not_found", { channel_id: "channel_not_found" });
  }
  try {
    await ctx.db.transaction(async (tx) => {
      let channelId = input.channel_id;
      if (!channelId) {
        await assertWithinLimit(tx, actor.companyId, "channels");
        const channel = await insertChannel(tx, {
          companyId: actor.companyId,
          type: "voice",
          name: input.name,
          number,
          description: "",
          active: true,
          config: {},
        });
        channelId = channel.id;
        await recordAudit(tx, actor, { action: "channel.create", targetType: "channel", targetId: channel.id, after: { type: "voice", name: input.name } });
      }
      await repo.insertLine(tx, { companyId: actor.companyId, number, name: input.name, channelId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail("call_line_exists", { number: "call_line_exists" });
    throw error;
  }
  return settings(ctx, actor);
}

export async function removeLine(ctx: AppContext, actor: MemberActor, id: number) {
  const line = (await repo.findLine(ctx.db, actor.companyId, id)) ?? fail("call_line_not_found");
  await ctx.db.transaction(async (tx) => {
    await repo.deleteLine(tx, actor.companyId, id);
    await deleteChannel(tx, actor.companyId, line.channelId);
    await recordAudit(tx, actor, { action: "channel.disconnect", targetType: "channel", targetId: line.channelId, before: { type: "voice", name: line.name } });
  });
  return settings(ctx, actor);
}

export async function addExtension(ctx: AppContext, actor: MemberActor, input: CallExtensionInput) {
  if (!(await findCompanyUser(ctx.db, actor.companyId, input.user_id))) fail("user_not_found", { user_id: "user_not_found" });
  try {
    await repo.insertExtension(ctx.db, { companyId: actor.companyId, extension: input.extension, userId: input.user_id });
  } catch (error) {
    if (isUniqueViolation(error)) fail("extension_taken", { extension: "extension_taken" });
    throw error;
  }
  return settings(ctx, actor);
}

export async function removeExtension(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteExtension(ctx.db, actor.companyId, id))) fail("extension_not_found");
  return settings(ctx, actor);
}

/**
 * The monitoring screen: callers waiting for people (longest first), callers in the call operator's menu, who talks,
 * today's figures (optionally one line's) and the PBX connection's state, so a screen can say its figures may be stale.
 */
export async function monitor(ctx: AppContext, actor: MemberActor, lineId?: number): Promise<CallMonitorView> {
  const callSettings = await callCenterSettings(ctx, actor.companyId);
  const [live, stats, lines, connection] = await Promise.all([
    repo.liveCalls(ctx.db, actor.companyId, lineId),
    repo.statsToday(ctx.db, actor.companyId, DEFAULT_TIME_ZONE, callSettings.answered_within_seconds, lineId),
    repo.listLines(ctx.db, actor.companyId),
    repo.findConnection(ctx.db, actor.companyId),
  ]);
  const views = await presentCalls(ctx.db, actor.companyId, live);
  // The queue: a click-to-call ringing the person's own phone waits for nobody.
  const inbound = views.filter((c) => c.status === "waiting" && c.direction === "in");
  const waitingSince = (queuedAt: string | null) => Date.parse(queuedAt ?? "");
  const pbx = connection && presentConnection(ctx, connection);
  return {
    now: new Date().toISOString(),
    pbx: pbx && { kind: pbx.kind, state: pbx.state, last_error: pbx.last_error },
    waiting: inbound.filter((c) => c.queued_at !== null).sort((a, b) => waitingSince(a.queued_at) - waitingSince(b.queued_at)),
    in_menu: inbound.filter((c) => c.queued_at === null),
    talking: views.filter((c) => c.status === "talking"),
    today: {
      answered: stats.answered,
      missed: stats.missed,
      abandoned: stats.abandoned,
      avg_wait_seconds: Math.round(stats.avgWait * 10) / 10,
      avg_talk_seconds: Math.round(stats.avgTalk * 10) / 10,
      answered_within_seconds: callSettings.answered_within_seconds,
      service_level: stats.answeredFromQueue ? Math.round((stats.withinLevel / stats.answeredFromQueue) * 1000) / 10 : null,
    },
    lines: lines.map(presentLine),
  };
}

/** The monitoring screen's chart: today's calls minute by minute (optionally one line's), in the same day as `today`. */
export async function minutes(ctx: AppContext, actor: MemberActor, lineId?: number): Promise<CallMinutesView> {
  const row = await repo.minutesToday(ctx.db, actor.companyId, DEFAULT_TIME_ZONE, lineId);
  return { ...row, from: new Date(row.from).toISOString() };
}

/** Calls of a conversation (its bubbles); visibility of the conversation is checked by the caller. */
export async function callsOfInteraction(ctx: AppContext, companyId: number, interactionId: number) {
  return presentCalls(ctx.db, companyId, await repo.callsOfInteraction(ctx.db, companyId, interactionId));
}

export async function callsOfContact(ctx: AppContext, companyId: number, contactId: number) {
  return presentCalls(ctx.db, companyId, await repo.callsOfContact(ctx.db, companyId, contactId));
}

export { clickToCall } from "./click-to-call.service.ts";
