import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { LIMITS } from "@holboo/core";
import { fail } from "../../../platform/http/errors.ts";
import { isPublicAddress } from "./ip-policy.ts";

/** How a URL import resolves names and which addresses it may reach. Tests inject their own; production uses the default. */
export interface FetchPolicy {
  resolve: (hostname: string) => Promise<{ address: string; family: number }[]>;
  isAllowed: (address: string) => boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = {
  resolve: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
  isAllowed: isPublicAddress,
  maxBytes: LIMITS.urlImportMaxBytes,
  timeoutMs: LIMITS.urlImportTimeoutMs,
  maxRedirects: LIMITS.urlImportMaxRedirects,
};

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("url_invalid", { url: "url_invalid" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail("url_invalid", { url: "url_invalid" });
  return url;
}

/** Resolves the host once and checks every address; the request then connects to the checked one only. */
export async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      return fail("url_fetch_failed", { url: "url_fetch_failed" });
    }
  }
  if (!addresses.length || addresses.some((a) => !policy.isAllowed(a.address))) fail("url_blocked", { url: "url_blocked" });
  return addresses[0] as { address: string; family: number };
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

/** Another request than a page's GET (custom API calls); headers are sent as given. */
export interface FetchRequest {
  method: string;
  headers: Record<string, string>;
  body: string | null;
  /** Answers of any status come back (the caller judges them) instead of failing. */
  anyStatus: boolean;
}

const PAGE_REQUEST: FetchRequest = {
  method: "GET",
  headers: { "user-agent": "HolbooKnowledgeImport/1.0", accept: "text/html,application/xhtml+xml,text/plain;q=0.8" },
  body: null,
  anyStatus: false,
};

/** Connects to the address checked beforehand only: no second DNS lookup, so no rebinding between check and connect. */
export function pinnedLookup(target: { address: string; family: number }) {
  return (_hostname: string, options: object, callback: (...args: never[]) => void) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
  };
}

function requestOnce(url: URL, target: { address: string; family: number }, policy: FetchPolicy, signal: AbortSignal, init: FetchRequest): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method,
        signal,
        headers: init.body === null ? init.headers : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
        lookup: pinnedLookup(target),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === "string" ? res.headers.location : null;
        const contentType = String(res.headers["content-type"] ?? "");
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location, contentType, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > policy.maxBytes) {
          res.destroy();
          return reject(new SizeError());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            res.destroy();
            reject(new SizeError());
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body ?? undefined);
  });
}

class SizeError extends Error {}

/** GET a public web page: http/https only, every hop's address checked, at most `maxRedirects` redirects, size and time limits. */
export async function fetchPublicPage(raw: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY, request: FetchRequest = PAGE_REQUEST): Promise<FetchedPage> {
  let init = request;
  let url = parseUrl(raw);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  for (let redirects = 0; ; redirects++) {
    const target = await checkedAddress(url, policy);
    let hop: Hop;
    try {
      hop = await requestOnce(url, target, policy, signal, init);
    } catch (error) {
      if (error instanceof SizeError) return fail("payload_too_large", { url: "payload_too_large" });
      if (signal.aborted) return fail("timeout", { url: "timeout" });
      return fail("url_fetch_failed", { url: "url_fetch_failed" });
    }
    if (hop.status >= 300 && hop.status < 400 && hop.location) {
      if (redirects >= policy.maxRedirects) fail("url_too_many_redirects", { url: "url_too_many_redirects" });
      url = parseUrl(new URL(hop.location, url).toString());
      // As browsers do: 307 and 308 repeat the request, the others follow with a GET.
      if (hop.status !== 307 && hop.status !== 308) init = { ...init, method: "GET", body: null };
      continue;
    }
    if (!init.anyStatus && (hop.status < 200 || hop.status >= 300)) fail("url_fetch_failed", { url: "url_fetch_failed" });
    return { url: url.toString(), status: hop.status, contentType: hop.contentType, body: hop.body };
  }
}

/** What a model provider call sends. */
export interface SafeRequestInit {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

export interface SafeResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * One request to an address the policy allows, connected to the checked address (no second lookup), with
 * the policy's size and time limits; redirects are not followed (a 3xx is returned as it is). Refusals are
 * the same catalogue errors as a page import's.
 */
export async function safeRequest(raw: string, init: SafeRequestInit, policy: FetchPolicy): Promise<SafeResponse> {
  const url = parseUrl(raw);
  const target = await checkedAddress(url, policy);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    const hop = await requestOnce(url, target, policy, signal, { method: init.method, headers: init.headers, body: init.body ?? null, anyStatus: true });
    return { status: hop.status, contentType: hop.contentType, body: hop.body };
  } catch (error) {
    if (error instanceof SizeError) return fail("payload_too_large", { url: "payload_too_large" });
    if (signal.aborted) return fail("timeout", { url: "timeout" });
    return fail("url_fetch_failed", { url: "url_fetch_failed" });
  }
}
