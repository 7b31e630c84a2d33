import { createHmac } from "node:crypto";
import { CTI_MAX_SKEW_SECONDS, CtiEvent } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { safeEqual } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { findConnectionByKey, insertCtiEventOnce } from "../../modules/calls/call-state.service.ts";
import { ctiEventJob, isCtiCallEvent } from "./cti-event.job.ts";

/** The signature a CTI request must carry: HMAC-SHA256 of "{timestamp}.{raw body}" with the connection's signing secret. */
export const ctiSignature = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};

/**
 * A generic PBX's report (README "CTI webhook"): the key finds the connection, the signature over the raw
 * body and the timestamp must match and the timestamp be within 5 minutes (a replay later is refused).
 * The event is stored by its id and its job added in one transaction, then the PBX is answered at once
 * (202); the job applies it. The same event id twice stores and queues nothing the second time. An event kind Holboo
 * does not act on is acknowledged (202, not queued) and logged, never refused: the PBX would only send it again.
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
  if (!isCtiCallEvent(event)) {
    ctx.log.info({ connection: connection.id, event: event.event }, "CTI event ignored");
    return { ok: true as const, queued: false };
  }
  if (event.event === "new_call" && !(event.direction === "in" ? event.from : event.to)) return fail("invalid_parameters");
  const queued = await ctx.db.transaction(async (tx) => {
    const receiptId = await insertCtiEventOnce(tx, {
      companyId: connection.companyId,
      connectionId: connection.id,
      eventId: event.event_id,
      payload: { ...event, at: event.at ?? new Date().toISOString() },
    });
    // One queue per call: its events are applied in the order they arrived.
    if (receiptId !== null)
      await ctx.jobs.add(tx, ctiEventJob, { company_id: connection.companyId, receipt_id: receiptId }, { queue: `cti:${connection.id}:${event.call_id}` });
    return receiptId !== null;
  });
  return { ok: true as const, queued };
}
