/** The SSRF-safe fetch of URL imports, offered to other features (custom API calls go through it too). */
export { DEFAULT_FETCH_POLICY, fetchPublicPage, type FetchPolicy, type FetchRequest } from "./import/safe-fetch.ts";
export { isPublicAddress } from "./import/ip-policy.ts";
export { safeStream, type StreamedResponse } from "./import/safe-stream.ts";
