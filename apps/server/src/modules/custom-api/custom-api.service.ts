import type { CustomApiDraftTestInput, CustomApiInput, CustomApiTestView, CustomApiView } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { DEFAULT_FETCH_POLICY, fetchPublicPage, isPublicAddress, type FetchPolicy } from "../knowledge/safe-fetch.service.ts";
import { flowsUsingEndpoint } from "../flows/flows.lookup.ts";
import * as repo from "./custom-api.repo.ts";
import type { EndpointRow } from "./custom-api.repo.ts";

export { listEndpoints as endpointsOfCompany } from "./custom-api.repo.ts";

const present = (row: EndpointRow): CustomApiView => ({
  id: row.id,
  name: row.name,
  method: row.method as CustomApiView["method"],
  url: row.url,
  // A secret's value is never shown again.
  headers: row.headers.map((header) => ({ name: header.name, value: header.secret ? null : header.value, secret: header.secret })),
  body_template: row.bodyTemplate,
  timeout_ms: row.timeoutMs,
  expected_status: row.expectedStatus,
  mapping: row.mapping,
  status: row.status as CustomApiView["status"],
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function checkUrl(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{\{[^}]*\}\}/g, "x"));
  } catch {
    return fail("custom_api_invalid", { url: "url_invalid" });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") fail("custom_api_invalid", { url: "url_invalid" });
}

/** Headers and sealed secrets for the input; a secret sent as null keeps its stored value. */
function sealHeaders(ctx: AppContext, input: CustomApiInput, previous: EndpointRow | null) {
  const kept = previous?.secrets ? ctx.secrets.open<Record<string, string>>(previous.secrets) : {};
  const secrets: Record<string, string> = {};
  for (const header of input.headers) {
    if (!header.secret) continue;
    const value = header.value ?? kept[header.name];
    if (value === undefined) fail("custom_api_invalid", { headers: "required" });
    secrets[header.name] = value as string;
  }
  return {
    headers: input.headers.map((header) => ({ name: header.name, value: header.secret ? null : (header.value ?? ""), secret: header.secret })),
    secrets: Object.keys(secrets).length ? ctx.secrets.seal(secrets) : null,
  };
}

const columnsOf = (input: CustomApiInput) => ({
  name: input.name,
  method: input.method,
  url: input.url,
  bodyTemplate: input.body_template,
  timeoutMs: input.timeout_ms,
  expectedStatus: input.expected_status,
  mapping: input.mapping,
});

export async function list(ctx: AppContext, actor: MemberActor) {
  return { items: (await repo.listEndpoints(ctx.db, actor.companyId)).map(present) };
}

async function load(ctx: AppContext, companyId: number, id: number) {
  return (await repo.findEndpoint(ctx.db, companyId, id)) ?? fail("custom_api_not_found");
}

export async function get(ctx: AppContext, actor: MemberActor, id: number) {
  return present(await load(ctx, actor.companyId, id));
}

export async function create(ctx: AppContext, actor: MemberActor, input: CustomApiInput) {
  checkUrl(input.url);
  const id = await repo.insertEndpoint(ctx.db, { companyId: actor.companyId, ...columnsOf(input), ...sealHeaders(ctx, input, null) });
  return get(ctx, actor, id);
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: CustomApiInput) {
  checkUrl(input.url);
  const previous = await load(ctx, actor.companyId, id);
  await repo.updateEndpoint(ctx.db, actor.companyId, id, { ...columnsOf(input), ...sealHeaders(ctx, input, previous) });
  return get(ctx, actor, id);
}

export async function setStatus(ctx: AppContext, actor: MemberActor, id: number, status: "active" | "inactive") {
  await load(ctx, actor.companyId, id);
  if (!(await repo.updateEndpoint(ctx.db, actor.companyId, id, { status }))) fail("custom_api_status_failed");
  return get(ctx, actor, id);
}

/** An endpoint a flow calls stays until no flow does. */
export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  await load(ctx, actor.companyId, id);
  if ((await flowsUsingEndpoint(ctx.db, actor.companyId, id)).length > 0) fail("custom_api_in_use");
  await repo.deleteEndpoint(ctx.db, actor.companyId, id);
  return { ok: true as const };
}

// Calling

/** Fills `{{name}}`; a name the call needs but has no value is refused (the flow's fail path). */
function fill(template: string, variables: Record<string, string>, encode: (value: string) => string): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined) fail("custom_api_variable_missing", { [name]: "custom_api_variable_missing" });
    return encode(value as string);
  });
}

/** The value at a dotted path of a JSON value, as text; undefined when absent. */
export function pick(json: unknown, path: string): string | undefined {
  let value: unknown = json;
  for (const key of path.split(".").filter(Boolean)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (value === undefined || value === null) return undefined;
  return typeof value === "object" ? JSON.stringify(value) : String(value as string | number | boolean);
}

/** Every leaf's dotted path and value (the field picker's list), at most 200. */
export function leaves(json: unknown, prefix = "", out: Array<{ path: string; value: string }> = []) {
  if (out.length >= 200) return out;
  if (json !== null && typeof json === "object") {
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out.push({ path: prefix, value: String(json as string | number | boolean | null) });
  return out;
}

function policyFor(ctx: AppContext, endpoint: EndpointRow): FetchPolicy {
  const allowed = new Set(ctx.config.CUSTOM_API_PRIVATE_ADDRESSES);
  return {
    ...DEFAULT_FETCH_POLICY,
    isAllowed: (address) => isPublicAddress(address) || allowed.has(address),
    maxBytes: LIMITS.customApiMaxBytes,
    timeoutMs: endpoint.timeoutMs,
  };
}

export interface CallResult {
  ok: boolean;
  status: number | null;
  json: unknown;
  /** The catalogue code of what went wrong, null when the call answered as expected. */
  error: string | null;
  mapped: Record<string, string>;
}

/**
 * One call through the SSRF-safe fetch (public addresses only, pinned DNS, re-checked redirects, size and
 * time limits). It never throws: a refused address, a timeout, an unexpected status, a body that is not
 * JSON or too large, or a missing variable is a failed result the flow takes its fail path on.
 */
export async function callEndpoint(ctx: AppContext, endpoint: EndpointRow, variables: Record<string, string>): Promise<CallResult> {
  const failed = (error: string, status: number | null = null, json: unknown = null): CallResult => ({ ok: false, status, json, error, mapped: {} });
  if (endpoint.status !== "active") return failed("custom_api_invalid");
  try {
    const url = fill(endpoint.url, variables, encodeURIComponent);
    const body =
      endpoint.method === "GET" || !endpoint.bodyTemplate ? null : fill(endpoint.bodyTemplate, variables, (value) => JSON.stringify(value).slice(1, -1));
    const secrets = endpoint.secrets ? ctx.secrets.open<Record<string, string>>(endpoint.secrets) : {};
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "HolbooFlows/1.0" };
    if (body !== null) headers["content-type"] = "application/json";
    for (const header of endpoint.headers)
      headers[header.name.toLowerCase()] = fill(header.secret ? (secrets[header.name] ?? "") : (header.value ?? ""), variables, (v) => v);
    const response = await fetchPublicPage(url, policyFor(ctx, endpoint), { method: endpoint.method, headers, body, anyStatus: true });
    let json: unknown = null;
    try {
      json = JSON.parse(response.body.toString("utf8"));
    } catch {
      return failed("custom_api_call_failed", response.status);
    }
    if (response.status !== endpoint.expectedStatus) return failed("custom_api_call_failed", response.status, json);
    const mapped: Record<string, string> = {};
    for (const [variable, path] of Object.entries(endpoint.mapping)) {
      const value = pick(json, path);
      if (value !== undefined) mapped[variable] = value;
    }
    return { ok: true, status: response.status, json, error: null, mapped };
  } catch (error) {
    if (error instanceof AppError) return failed(error.code);
    ctx.log.warn({ err: error, endpointId: endpoint.id }, "custom API call failed");
    return failed("custom_api_call_failed");
  }
}

/** The flow runtime's call: the endpoint of the company, or a failure. */
export async function callForFlow(ctx: AppContext, companyId: number, endpointId: number, variables: Record<string, string>): Promise<CallResult> {
  const endpoint = await repo.findEndpoint(ctx.db, companyId, endpointId);
  if (!endpoint) return { ok: false, status: null, json: null, error: "custom_api_not_found", mapped: {} };
  return callEndpoint(ctx, endpoint, variables);
}

const testView = (result: CallResult): CustomApiTestView => ({
  ok: result.ok,
  status: result.status,
  json: result.json,
  fields: leaves(result.json),
  error: result.error,
  mapped: result.mapped,
});

/** The settings page's test call of a saved endpoint: the response, its fields to pick from, and what the mapping gives. */
export async function testCall(ctx: AppContext, actor: MemberActor, id: number, variables: Record<string, string>): Promise<CustomApiTestView> {
  const endpoint = await load(ctx, actor.companyId, id);
  return testView(await callEndpoint(ctx, { ...endpoint, status: "active" }, variables));
}

/** The dialog's test call of what is typed: checked like a save, called like a saved endpoint, and never stored. */
export async function testDraft(ctx: AppContext, actor: MemberActor, input: CustomApiDraftTestInput): Promise<CustomApiTestView> {
  checkUrl(input.endpoint.url);
  const previous = input.id === null ? null : await load(ctx, actor.companyId, input.id);
  const now = new Date();
  const draft: EndpointRow = {
    id: previous?.id ?? 0,
    companyId: actor.companyId,
    status: "active",
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    ...columnsOf(input.endpoint),
    ...sealHeaders(ctx, input.endpoint, previous),
  };
  return testView(await callEndpoint(ctx, draft, input.variables));
}
