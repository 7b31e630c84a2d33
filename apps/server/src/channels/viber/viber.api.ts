import type { AppContext } from "../../context.ts";
import { parseExactJson } from "../../platform/http/raw-body.ts";

/** Viber's REST API answers 200 with a status of its own; 0 is success (developers.viber.com, REST bot API). */
export interface ViberReply {
  status: number;
  status_message?: string;
  /** A 64-bit integer: its digits as a string when beyond 2^53 (parseExactJson). */
  message_token?: number | string;
  [key: string]: unknown;
}

/** Statuses after which the same request may succeed later: rate limit, and Viber's own trouble. */
const TEMPORARY = new Set([12]);

export class ViberUnreachable extends Error {}

/** Calls one Viber endpoint with the bot's token in X-Viber-Auth-Token; a network failure or 5xx is ViberUnreachable. */
export async function callViber(ctx: AppContext, token: string, endpoint: string, body: Record<string, unknown>): Promise<ViberReply> {
  const response = await fetch(`${ctx.config.VIBER_API_URL}/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-viber-auth-token": token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new ViberUnreachable(String(error));
  });
  if (response.status >= 500) throw new ViberUnreachable(`viber answered ${response.status}`);
  // message_token is a 64-bit integer: read so that no digit is rounded away (it is the id receipts name).
  const text = await response.text().catch(() => "");
  let reply: ViberReply | null;
  try {
    reply = parseExactJson(text) as ViberReply | null;
  } catch {
    reply = null;
  }
  if (!reply || typeof reply.status !== "number") throw new ViberUnreachable(`viber answered ${response.status} without a status`);
  return reply;
}

export const isTemporaryViberStatus = (status: number) => TEMPORARY.has(status);

/** The callbacks Holboo handles; Viber always sends `webhook` itself and cannot unsubscribe from it. */
export const VIBER_EVENT_TYPES = ["delivered", "seen", "failed", "subscribed", "unsubscribed", "conversation_started", "message"];
