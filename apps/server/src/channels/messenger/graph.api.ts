import { createHmac } from "node:crypto";
import type { AppContext } from "../../context.ts";

/** A Graph API error body (developers.facebook.com/docs/graph-api/guides/error-handling). */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
}

export class GraphUnreachable extends Error {}

export class GraphRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: GraphError,
  ) {
    super(`graph ${status}: (#${error.code ?? "?"}/${error.error_subcode ?? "-"}) ${error.message ?? ""}`);
  }
}

/** Codes Meta documents as temporary (unknown, service, throttling) or marks is_transient. */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);
export const isTemporaryGraphError = (status: number, error: GraphError) =>
  status >= 500 || error.is_transient === true || (error.code !== undefined && TEMPORARY_CODES.has(error.code));

/** HMAC-SHA256 of the access token keyed by the app secret (Graph's `appsecret_proof`, hex). */
export const appSecretProof = (secret: string, accessToken: string) => createHmac("sha256", secret).update(accessToken).digest("hex");

/**
 * One Graph API call: `path` under GRAPH_API_URL, query parameters (the access token among them), an
 * optional JSON body. A call made with a token carries its `appsecret_proof`, so a token taken away from
 * this server is of no use to anyone without the app secret (the app may require it: "Require App Secret").
 * A network failure is GraphUnreachable; an error body is GraphRefused.
 */
export async function callGraph<T>(
  ctx: AppContext,
  method: "GET" | "POST" | "DELETE",
  path: string,
  query: Record<string, string>,
  body?: Record<string, unknown>,
): Promise<T> {
  const url = new URL(`${ctx.config.GRAPH_API_URL}/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (query.access_token && ctx.config.META_APP_SECRET) url.searchParams.set("appsecret_proof", appSecretProof(ctx.config.META_APP_SECRET, query.access_token));
  const response = await fetch(url, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new GraphUnreachable(String(error));
  });
  const parsed = (await response.json().catch(() => null)) as (T & { error?: GraphError }) | null;
  if (!response.ok || !parsed || parsed.error) {
    if (response.status >= 500 && !parsed?.error) throw new GraphUnreachable(`graph answered ${response.status}`);
    throw new GraphRefused(response.status, parsed?.error ?? {});
  }
  return parsed;
}

/** The fields Holboo subscribes a Page to (messages, postbacks, receipts, echoes, handover). */
export const PAGE_FIELDS = ["messages", "messaging_postbacks", "message_reads", "message_deliveries", "message_echoes", "messaging_handovers", "standby"];
