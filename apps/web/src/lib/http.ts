/** The HTTP transport under the typed `api`: cookies, CSRF, timeouts and the error body → ApiError. */
import { CSRF_COOKIE, CSRF_HEADER, type ErrorCode } from "@holboo/core";
import { readCookie } from "./cookies.ts";

/** A failed call: the HTTP status (0 when the network failed), the catalogue code and per-field codes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly fields: Record<string, ErrorCode>;
  /** The raw response text; status 600 shows it as it is (spec §8). */
  readonly text: string;
  /** Data to act on, e.g. `contact_id` of the existing contact behind `contact_exists`. */
  readonly details: Record<string, string | number>;

  constructor(status: number, code: ErrorCode | null, fields: Record<string, ErrorCode> = {}, text = "", details: Record<string, string | number> = {}) {
    super(code ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.text = text;
    this.details = details;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  form?: FormData;
  /** GET /api/me while the guard decides: a 401 there means "not logged in", not a redirect. */
  redirectOn401?: boolean;
  /** Gives up after this long with ApiError(0, "timeout"); the request may still have reached the server. */
  timeoutMs?: number;
}

/** Where a failed authentication sends the browser (spec §8). Tests replace it. */
export const authRedirect = { toLogin: () => window.location.assign("/pub/login") };

/** A wrong password or a spent sign-in link is a form error on the login page, not a lost session. */
const CREDENTIAL_CODES: readonly ErrorCode[] = ["invalid_credentials", "handoff_invalid", "two_factor_code_invalid"];

/** The path with its query string; unset and empty values are left out. */
export const withQuery = (path: string, query?: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A code in an error body. The server sends only catalogue codes (the same build's: a new build reloads
 * the app), so the shape is checked here without loading the catalogue; an unknown code shows the generic message.
 */
const asErrorCode = (value: unknown): ErrorCode | null => (typeof value === "string" && /^[a-z][a-z0-9_]*$/.test(value) ? (value as ErrorCode) : null);

function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  const error =
    body && typeof body === "object" && "error" in body ? (body as { error?: { code?: unknown; fields?: unknown; details?: unknown } }).error : undefined;
  const code = asErrorCode(error?.code);
  const fields: Record<string, ErrorCode> = {};
  if (error?.fields && typeof error.fields === "object") {
    for (const [field, value] of Object.entries(error.fields)) {
      const fieldCode = asErrorCode(value);
      if (fieldCode) fields[field] = fieldCode;
    }
  }
  const details: Record<string, string | number> = {};
  if (error?.details && typeof error.details === "object") {
    for (const [name, value] of Object.entries(error.details)) if (typeof value === "string" || typeof value === "number") details[name] = value;
  }
  return new ApiError(status, code, fields, text, details);
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const hasJson = options.body !== undefined && !options.form;
  if (hasJson) headers["content-type"] = "application/json";
  const csrf = readCookie(CSRF_COOKIE);
  if (method !== "GET" && csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: "same-origin",
      body: options.form ?? (hasJson ? JSON.stringify(options.body) : undefined),
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new ApiError(0, timedOut ? "timeout" : "network_error");
  }
  const text = await response.text();
  if (response.ok) return (text ? parseJson(text) : undefined) as T;
  const error = toApiError(response.status, text);
  const onLoginPage = window.location.pathname === "/pub/login";
  if (error.status === 401 && options.redirectOn401 !== false && !onLoginPage && !(error.code && CREDENTIAL_CODES.includes(error.code))) {
    authRedirect.toLogin();
  }
  throw error;
}

/**
 * Calls by filled path, as the browser sends them. App code calls the typed `api` (./api.ts), which fills the
 * path from its params and calls these; tests replace this object to answer and inspect what was sent.
 */
export const http = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, options: { timeoutMs?: number } = {}) => request<T>("POST", path, { body: body ?? {}, ...options }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  del: <T>(path: string, body?: unknown) => request<T>("DELETE", path, { body }),
  upload: <T>(path: string, formData: FormData, query?: Query) => request<T>("POST", path, { form: formData, query }),
};
