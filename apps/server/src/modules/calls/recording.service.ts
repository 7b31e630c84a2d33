import { pipeline, type Readable, Transform } from "node:stream";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { contactVisibility } from "../contacts/contacts.policy.ts";
import { findContact } from "../contacts/contacts.service.ts";
import { findInteraction } from "../interactions/interactions.lookup.ts";
import { canSee } from "../interactions/interactions.policy.ts";
import { safeStream, type StreamedResponse } from "../knowledge/safe-fetch.service.ts";
import { ARI_RECORDING_PREFIX } from "./call-state.service.ts";
import * as repo from "./calls.repo.ts";
import { pbxFetchPolicy } from "./pbx-network.service.ts";

/** The browser's Range, passed on only in the one form a media player sends: a single byte range. */
const SINGLE_RANGE = /^bytes=\d*-\d*$/;
const AUDIO_TYPE = /^audio\/[a-z0-9.+-]+\s*(;.*)?$/i;

export interface RecordingStream {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
}

/**
 * The ARI address a company's admin typed and a CTI recording URL its PBX sent get the same checks as any address a
 * company names: public only, unless the installation allows an on-premises PBX (PBX_ALLOW_PRIVATE).
 */
const recordingPolicy = (ctx: AppContext) =>
  pbxFetchPolicy(ctx.config.PBX_ALLOW_PRIVATE, { maxBytes: LIMITS.recordingMaxBytes, timeoutMs: LIMITS.recordingIdleTimeoutMs });

/** Who may hear a call: whoever may see its conversation, or its contact when it has none (as the call lists check). */
async function assertMayHear(ctx: AppContext, actor: MemberActor, call: repo.CallRow) {
  if (call.interactionId !== null) {
    const interaction = await findInteraction(ctx.db, actor.companyId, call.interactionId);
    if (!interaction || !canSee(actor, interaction)) fail("recording_not_found");
    return;
  }
  const contact = call.contactId === null ? null : await findContact(ctx.db, actor.companyId, call.contactId);
  const { ownerUserId } = contactVisibility(actor);
  if (!contact || (ownerUserId !== null && contact.createdByUserId !== ownerUserId)) fail("recording_not_found");
}

async function request(ctx: AppContext, companyId: number, stored: string, range: string | undefined) {
  const headers: Record<string, string> = { accept: "audio/*", ...(range && SINGLE_RANGE.test(range) ? { range } : {}) };
  if (!stored.startsWith(ARI_RECORDING_PREFIX)) return safeStream(stored, headers, recordingPolicy(ctx));
  const connection = await repo.findConnection(ctx.db, companyId);
  if (connection?.kind !== "asterisk_ari") return fail("recording_unavailable");
  const password = connection.secrets ? (ctx.secrets.open<{ password?: string }>(connection.secrets).password ?? "") : "";
  const name = encodeURIComponent(stored.slice(ARI_RECORDING_PREFIX.length));
  headers.authorization = `Basic ${Buffer.from(`${connection.username}:${password}`).toString("base64")}`;
  return safeStream(`${connection.url}/ari/recordings/stored/${name}/file`, headers, recordingPolicy(ctx));
}

/** The whole recording's size: Content-Range's total for a part, Content-Length for all of it; null when not told. */
function totalSize(answer: StreamedResponse): number | null {
  const total = /\/(\d+)\s*$/.exec(String(answer.headers["content-range"] ?? ""))?.[1];
  const length = answer.headers["content-length"];
  if (answer.status === 206) return total ? Number(total) : null;
  return length ? Number(length) : null;
}

/**
 * A call's recording, streamed from the PBX for a member who may hear the call: the browser's Range goes through
 * and a part answers 206; only audio within the size limit is passed on, and never into a shared cache.
 */
export async function openRecording(ctx: AppContext, actor: MemberActor, callId: number, range: string | undefined): Promise<RecordingStream> {
  const call = await repo.findCallById(ctx.db, actor.companyId, callId);
  if (!call?.recordingUrl) return fail("recording_not_found");
  await assertMayHear(ctx, actor, call);
  let answer: StreamedResponse;
  try {
    answer = await request(ctx, actor.companyId, call.recordingUrl, range);
  } catch (error) {
    // A refused address and a failed connection are one error: which addresses answer is not told.
    ctx.log.warn({ call: call.id, reason: error instanceof AppError ? error.code : "failed" }, "recording fetch failed");
    return fail("recording_unavailable");
  }
  const refuse = (code: "recording_not_found" | "recording_not_audio" | "recording_too_large" | "recording_unavailable"): never => {
    answer.body.destroy();
    return fail(code);
  };
  const status = answer.status;
  if (status === 404) refuse("recording_not_found");
  if (status !== 200 && status !== 206) return refuse("recording_unavailable");
  const type = String(answer.headers["content-type"] ?? "");
  if (!AUDIO_TYPE.test(type)) refuse("recording_not_audio");
  const size = totalSize(answer);
  if (size !== null && size > LIMITS.recordingMaxBytes) refuse("recording_too_large");
  // A PBX that does not say the size is cut off at the limit, as one that lies about it.
  let passed = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done(passed > LIMITS.recordingMaxBytes ? new Error("recording larger than the limit") : null, chunk);
    },
  });
  pipeline(answer.body, limited, () => undefined);
  const headers: Record<string, string> = { "content-type": type, "accept-ranges": "bytes", "cache-control": "private, no-store" };
  for (const name of ["content-length", "content-range"] as const) {
    const value = answer.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return { status, headers, body: limited };
}
