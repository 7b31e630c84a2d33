/** The SSRF-safe fetch of URL imports, offered to other features (custom API calls go through it too). */
export { checkedAddress, DEFAULT_FETCH_POLICY, fetchPublicPage, pinnedLookup, type FetchPolicy, type FetchRequest } from "./import/safe-fetch.ts";
export { embeddedIpv4, isPublicAddress } from "./import/ip-policy.ts";
export { safeStream, type StreamedResponse } from "./import/safe-stream.ts";
