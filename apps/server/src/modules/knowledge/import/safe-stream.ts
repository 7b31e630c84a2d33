import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { AppError } from "../../../platform/http/errors.ts";
import { checkedAddress, parseUrl, pinnedLookup, type FetchPolicy } from "./safe-fetch.ts";

/** A streamed answer: the caller reads `body` or destroys it. */
export interface StreamedResponse {
  status: number;
  headers: IncomingMessage["headers"];
  body: IncomingMessage;
}

/**
 * One GET whose body is streamed instead of buffered (recordings, which the browser asks for in ranges), with the
 * same address checks as safeRequest: http/https only, the host resolved once, every address allowed by the
 * policy, the connection pinned to the checked one, redirects not followed. `policy.timeoutMs` is an idle limit
 * (no byte for that long ends the request), so a long listen is not cut off; sizes are the caller's to judge.
 */
export async function safeStream(raw: string, headers: Record<string, string>, policy: FetchPolicy): Promise<StreamedResponse> {
  const url = parseUrl(raw);
  const target = await checkedAddress(url, policy);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: "GET", headers, lookup: pinnedLookup(target) }, (res) => {
      res.setTimeout(policy.timeoutMs, () => res.destroy(new Error("idle timeout")));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
    });
    req.setTimeout(policy.timeoutMs, () => req.destroy(new IdleTimeout()));
    req.on("error", (error) => {
      const code = error instanceof IdleTimeout ? "timeout" : "url_fetch_failed";
      reject(new AppError(code, { url: code }));
    });
    req.end();
  });
}

class IdleTimeout extends Error {}
