import { CSRF_COOKIE, CSRF_HEADER, errorMessage, isErrorCode, messageForStatus, type ErrorCode, type Locale, type MeView } from "@holboo/core";
import { notifications } from "@mantine/notifications";
import { currentLocale } from "../i18n/index.ts";
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

type Query = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
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

const withQuery = (path: string, query?: Query) => {
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

function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  const error =
    body && typeof body === "object" && "error" in body ? (body as { error?: { code?: unknown; fields?: unknown; details?: unknown } }).error : undefined;
  const code = isErrorCode(error?.code) ? error.code : null;
  const fields: Record<string, ErrorCode> = {};
  if (error?.fields && typeof error.fields === "object") {
    for (const [field, value] of Object.entries(error.fields)) if (isErrorCode(value)) fields[field] = value;
  }
  const details: Record<string, string | number> = {};
  if (error?.details && typeof error.details === "object") {
    for (const [name, value] of Object.entries(error.details)) if (typeof value === "string" || typeof value === "number") details[name] = value;
  }
  return new ApiError(status, code, fields, text, details);
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
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

export const api = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, options: { timeoutMs?: number } = {}) => request<T>("POST", path, { body: body ?? {}, ...options }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  del: <T>(path: string, body?: unknown) => request<T>("DELETE", path, { body }),
  upload: <T>(path: string, formData: FormData) => request<T>("POST", path, { form: formData }),
};

/** GET /api/me for the guard and useMe(): a 401 is an answer ("not logged in"), so it does not redirect. */
export const fetchMe = () => request<MeView>("GET", "/api/me", { redirectOn401: false });

/** PUT /api/change-lang?lang=xx (spec §7); the response is not read. */
export const putChangeLang = (lang: Locale) => request<unknown>("PUT", "/api/change-lang", { query: { lang }, body: {} });

/** The message for a failed call (spec §8): 600 shows the server's text; a known code its catalogue message; else by status. */
export function errorText(error: unknown, locale: Locale = currentLocale()): string {
  if (!(error instanceof ApiError)) return messageForStatus(0, locale);
  if (error.status === 600) return messageForStatus(600, locale, error.text);
  if (error.code) return errorMessage(error.code, locale);
  return messageForStatus(error.status, locale);
}

/** Shows a failed call as a critical (red) toast. The default onError of every mutation. */
export function notifyError(error: unknown) {
  if (!(error instanceof ApiError)) console.error(error);
  notifications.show({ color: "red", title: errorMessage("request_failed", currentLocale()), message: errorText(error), autoClose: 6000 });
}

/** Field errors of a failed form submit, translated, for Mantine's form.setErrors. */
export function fieldErrors(error: unknown, locale: Locale = currentLocale()): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, code]) => [field, errorMessage(code, locale)]));
}
