import type { Locale, MeView } from "@holboo/core";
import type { EndpointInput, EndpointResponse, PathsOf } from "@holboo/core/endpoints/types.ts";
import { notifications } from "@mantine/notifications";
import { errorMessage, errorMessagesReady, statusMessage } from "./errors.ts";
import { ApiError, http, request, withQuery } from "./http.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** What a call takes: the endpoint's `params`, `query` and `body`, and how long to wait before giving up. */
type Input<M extends Method, P extends string> = EndpointInput<M, P> & { timeoutMs?: number };
/** The input argument, optional when the endpoint has nothing required (no params, no body). */
type Args<M extends Method, P extends string> = object extends Input<M, P> ? [input?: Input<M, P>] : [input: Input<M, P>];
type Answer<M extends Method, P extends string> = EndpointResponse<M, P>;

/** A missing path parameter: a query held back by `enabled` never sends it, so reaching here is a bug, not a 404. */
export class MissingPathParam extends Error {}

/** "/api/users/:id" with { id: 4 } → "/api/users/4"; every value is URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number | null | undefined> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new MissingPathParam(`${path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The API as the web app calls it, typed from the endpoint table in core: the path is the route's own
 * ("/api/users/:id"), `params`, `query` and `body` are checked against the route's schemas and the answer has
 * the route's response type, which the server validates and serialises with those same schemas. Unset parts
 * are not passed on, so the transport sees a call as it was written.
 */
export const api = {
  get: <P extends PathsOf<"GET">>(path: P, ...[input]: Args<"GET", P>) => {
    const url = fillPath(path, input?.params);
    return input?.query ? http.get<Answer<"GET", P>>(url, input.query) : http.get<Answer<"GET", P>>(url);
  },
  post: <P extends PathsOf<"POST">>(path: P, ...[input]: Args<"POST", P>) => {
    const url = fillPath(path, input?.params);
    if (input?.timeoutMs !== undefined) return http.post<Answer<"POST", P>>(url, input.body, { timeoutMs: input.timeoutMs });
    return input?.body === undefined ? http.post<Answer<"POST", P>>(url) : http.post<Answer<"POST", P>>(url, input.body);
  },
  put: <P extends PathsOf<"PUT">>(path: P, ...[input]: Args<"PUT", P>) => {
    const url = fillPath(path, input?.params);
    return input?.body === undefined ? http.put<Answer<"PUT", P>>(url) : http.put<Answer<"PUT", P>>(url, input.body);
  },
  del: <P extends PathsOf<"DELETE">>(path: P, ...[input]: Args<"DELETE", P>) => {
    const url = fillPath(path, input?.params);
    return input?.body === undefined ? http.del<Answer<"DELETE", P>>(url) : http.del<Answer<"DELETE", P>>(url, input.body);
  },
  /** A multipart POST: the form is the body; `params` fill the path, `query` goes in the query string. */
  upload: <P extends PathsOf<"POST">>(path: P, form: FormData, params?: Input<"POST", P>["params"], query?: Input<"POST", P>["query"]) => {
    const url = fillPath(path, params ?? undefined);
    return query ? http.upload<Answer<"POST", P>>(url, form, query) : http.upload<Answer<"POST", P>>(url, form);
  },
};

/**
 * The address of a GET route for the browser to open itself (a download, a file link, an <audio> source), built
 * from the route's own path as the typed api does: `apiUrl("/api/files/:id", { params: { id } })` → "/api/files/…".
 */
export function apiUrl<P extends PathsOf<"GET">>(path: P, ...[input]: Args<"GET", P>): string {
  return withQuery(fillPath(path, input?.params), input?.query ?? undefined);
}

/** GET /api/me for the guard and useMe(): a 401 is an answer ("not logged in"), so it does not redirect. */
export const fetchMe = () => request<MeView>("GET", "/api/me", { redirectOn401: false });

/** PUT /api/change-lang?lang=xx (spec §7); the response is not read. */
export const putChangeLang = (lang: Locale) => request<unknown>("PUT", "/api/change-lang", { query: { lang }, body: {} });

/** The message for a failed call (spec §8): 600 shows the server's text; a known code its catalogue message; else by status. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return statusMessage(0);
  if (error.status === 600) return statusMessage(600, error.text);
  if (error.code) return errorMessage(error.code);
  return statusMessage(error.status);
}

/** Shows a failed call as a critical (red) toast, once the catalogue's messages are loaded. The default onError of every mutation. */
export function notifyError(error: unknown) {
  if (!(error instanceof ApiError)) console.error(error);
  const show = () => notifications.show({ color: "red", title: errorMessage("request_failed"), message: errorText(error), autoClose: 6000 });
  errorMessagesReady().then(show, show);
}

/** Field errors of a failed form submit, translated, for Mantine's form.setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, code]) => [field, errorMessage(code)]));
}
