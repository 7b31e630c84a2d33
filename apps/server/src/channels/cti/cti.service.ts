import { createHmac } from "node:crypto";
import { CTI_MAX_SKEW_SECONDS, CtiEvent } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { safeEqual } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { applyCallEvent, findConnectionByKey, type CallEvent } from "../../modules/calls/call-state.service.ts";

/** The signature a CTI request must carry: HMAC-SHA256 of "{timestamp}.{raw body}" with the connection's signing secret. */
export const ctiSignature = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};

/**
 * A generic PBX's report (README "CTI webhook"): the key finds the connection, the signature over the raw
 * body and the timestamp must match and the timestamp be within 5 minutes (a replay later is refused);
 * the same event id twice changes nothing.
 */
export async function receiveCti(ctx: AppContext, key: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>, body: unknown) {
  const connection = await findConnectionByKey(ctx.db, key);
  const secret =
    connection?.kind === "cti_webhook" && connection.secrets ? ctx.secrets.open<{ signing_secret?: string }>(connection.secrets)?.signing_secret : undefined;
  const timestamp = header(headers, "x-holboo-timestamp");
  const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!connection || !secret || !/^\d{9,11}$/.test(timestamp) || !(skew <= CTI_MAX_SKEW_SECONDS)) return fail("cti_signature_invalid");
  if (!safeEqual(header(headers, "x-holboo-signature"), ctiSignature(secret, timestamp, rawBody))) return fail("cti_signature_invalid");
  const parsed = CtiEvent.safeParse(body);
  if (!parsed.success) return fail("invalid_parameters");
  const event = parsed.data;
  const customer = event.direction === "in" ? event.from : event.to;
  const line = event.direction === "in" ? event.to : event.from;
  const call: CallEvent = {
    key: event.event_id,
    kind: event.event === "new_call" ? "new" : event.event === "answered" ? "answered" : "ended",
    providerCallId: event.call_id,
    at: event.at ? new Date(event.at) : new Date(),
    direction: event.direction,
    number: customer,
    lineNumber: line,
    extension: event.extension,
    cause: event.cause === "cancel" ? "cancel" : event.cause && event.cause !== "normalClearing" ? "unanswered" : undefined,
    recordingUrl: event.recording_url,
  };
  if (!customer && call.kind === "new") return fail("invalid_parameters");
  const row = await applyCallEvent(ctx, connection, call);
  return { ok: true as const, call_id: row?.id ?? null };
}
