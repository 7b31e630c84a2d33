import { request as httpRequest } from "node:http";
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, VISITOR_TOKEN_HEADER, type ApiErrorBody, type VisitorSendAck } from "@holboo/core";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, startTestApp, type TestApp } from "./harness.ts";
import { unique, visitor, webchatCompany } from "./factories.ts";
import { connected, unmapped, visitorSocket } from "./sockets.ts";

let t: TestApp;
/** Providers' APIs point at a closed local port: nothing leaves the machine, and a valid connect is answered 502. */
const NO_PROVIDER = "http://127.0.0.1:9";
beforeAll(async () => {
  t = await startTestApp({ VIBER_API_URL: `${NO_PROVIDER}/pa`, GRAPH_API_URL: `${NO_PROVIDER}/graph` });
});

/** A provider that cannot be reached is a deliberate answer to a valid request, not a failure of Holboo's. */
const PROVIDER_UNREACHABLE = new Set(["channel_provider_unreachable", "channel_webhook_failed"]);
afterAll(() => t.close());

const deepJson = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepValue = (depth: number): unknown => JSON.parse(deepJson(depth)) as unknown;

/** Inputs PostgreSQL cannot store: each must be refused with 400 and change nothing. */
const REFUSED: Record<string, unknown> = {
  nul: "Сайн\u0000байна",
  lone_high_surrogate: "a\uD800b",
  lone_low_surrogate: "\uDC00",
  deep_json: "\u0001deep\u0001",
};
/** JSON.stringify cannot write 5,000 levels (its recursion overflows): the deep value is spliced into the text. */
const DEEP_MARK = '"\\u0001deep\\u0001"';
const toJson = (body: unknown) => JSON.stringify(body).replaceAll(DEEP_MARK, deepJson(5000));
/** Inputs that may be stored or refused, but never answer 500. */
const ODD: Record<string, unknown> = {
  rtl_override: "user\u202Egnp.exe",
  combining_100k: "a" + "\u0301".repeat(100_000),
};

const HUGE_BYTES = 20 * 1024 * 1024;
const HUGE_CHUNK = Buffer.from(JSON.stringify({ text: "x".repeat(1024 * 1024 - 12) }).slice(0, 1024 * 1024));

/**
 * A 20 MB JSON body, written a megabyte at a time until the server answers: it must refuse by the declared
 * length (413) instead of reading it all. Returns the status.
 */
function sendHuge(base: string, method: string, url: string, cookie: string, csrf: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, {
      method,
      headers: { "content-type": "application/json", "content-length": String(HUGE_BYTES), cookie, [CSRF_HEADER]: csrf },
    });
    let answered = false;
    req.on("response", (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    let written = 0;
    const writeMore = () => {
      while (!answered && written < HUGE_BYTES) {
        written += HUGE_CHUNK.length;
        if (!req.write(HUGE_CHUNK)) return void req.once("drain", writeMore);
      }
      if (!answered) req.end();
    };
    writeMore();
  });
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
};

/** A plausible body for a route's zod schema, and the paths of its string fields. */
function sample(schema: JsonSchema | undefined, path: string[], strings: string[][]): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sample(choice.find((c) => c.type !== "null") ?? choice[0], path, strings);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child, [...path, key], strings)]));
    case "array":
      return [sample(schema.items, [...path, "0"], strings)];
    case "string":
      strings.push(path);
      return schema.format === "email" ? `${unique("fuzz")}@example.mn` : schema.format === "uri" ? "https://example.mn/" : "Сайн байна уу";
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    default:
      return undefined;
  }
}

function bodyShape(body: unknown): { value: unknown; strings: string[][] } {
  const strings: string[][] = [];
  if (!(body instanceof z.ZodType)) return { value: {}, strings };
  try {
    const json = z.toJSONSchema(body, { unrepresentable: "any", io: "input" }) as JsonSchema;
    return { value: sample(json, [], strings) ?? {}, strings };
  } catch {
    return { value: {}, strings };
  }
}

function withValue(value: unknown, path: string[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string, unknown>;
  const [head = "", ...rest] = path;
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

/** A row as text, less what the presence sweep changes on its own (a signed-in owner without a socket goes offline after a minute). */
const ROW = "(to_jsonb(x) - ARRAY['presence', 'presence_expires_at', 'last_seen_at', 'updated_at'])::text";

/** Rollups the dashboard's fold writes in the background from earlier changes' events (the events themselves are compared). */
const FOLDED = ["dashboard_facts", "dashboard_days", "dashboard_months"];

/** Everything a company holds, as one digest: a refused request must leave it as it was. */
async function companyDigests(companyId: number): Promise<string[]> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'company_id' AND table_schema = 'public' ORDER BY table_name`,
  );
  const parts = tables.rows
    .filter((row) => !FOLDED.includes(row.table_name))
    .map(
      (row) =>
        `SELECT '${row.table_name}' AS t, md5(coalesce(string_agg(${ROW}, ',' ORDER BY ${ROW}), '')) AS h FROM "${row.table_name}" x WHERE company_id = ${companyId}`,
    );
  const result = await t.database.db.execute<{ t: string; h: string }>(sql.raw(`${parts.join(" UNION ALL ")} ORDER BY t`));
  return result.rows.map((row) => `${row.t}:${row.h}`);
}

async function owner() {
  const company = await webchatCompany(t);
  const chat = await visitor(t, company.channel);
  return { ...company, visitorToken: chat.token };
}

describe("hostile input", () => {
  it("every write route answers hostile strings without a 500, and a refusal changes nothing", async () => {
    const writes = t.app.routeAccess.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && !/logout/.test(r.url));
    expect(writes.length).toBeGreaterThan(50);
    let me = await owner();
    const counts = { routes: writes.length, requests: 0, refused: 0, accepted: 0, other4xx: 0, fiveHundreds: 0 };
    const failures: string[] = [];
    let hugeMs = 0;
    const send = async (method: string, url: string, body: unknown, raw?: string) => {
      counts.requests++;
      const options = { headers: { [VISITOR_TOKEN_HEADER]: me.visitorToken }, raw: raw ?? toJson(body ?? {}) };
      const response = await me.client.request(method, url, {}, options);
      if (response.status >= 500 && !PROVIDER_UNREACHABLE.has(errorCode(response) ?? "")) {
        counts.fiveHundreds++;
        failures.push(`${method} ${url}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      }
      return response;
    };
    const expectRefused = async (label: string, method: string, url: string, body: unknown, raw?: string) => {
      const before = await companyDigests(me.me.company_id);
      const response = await send(method, url, body, raw);
      const code = errorCode(response);
      if (response.status !== 400 || !["text_invalid", "body_too_deep"].includes(code ?? "")) {
        failures.push(`${label} ${method} ${url}: ${response.status} ${code ?? ""} (expected a refusal)`);
      } else counts.refused++;
      const after = await companyDigests(me.me.company_id);
      const changed = after.filter((table) => !before.includes(table));
      if (changed.length) failures.push(`${label} ${method} ${url}: refused but the company's data changed (${changed.join(" ")})`);
    };

    for (const route of writes) {
      const url = route.url.replace(/:[a-z_]+/gi, "1");
      const shape = bodyShape(route.body);
      for (const [label, input] of Object.entries(REFUSED)) {
        for (const field of shape.strings) await expectRefused(`${label} in ${field.join(".")}`, route.method, url, withValue(shape.value, field, input));
        await expectRefused(`${label} as the body`, route.method, url, input);
      }
      await expectRefused("NUL in the query", route.method, `${url}?q=%00`, shape.value);
      if (route.url.includes(":")) await expectRefused("NUL in a path parameter", route.method, route.url.replace(/:[a-z_]+/gi, "%00"), shape.value);
      for (const input of Object.values(ODD)) {
        for (const field of shape.strings) {
          const response = await send(route.method, url, withValue(shape.value, field, input));
          if (response.status < 300) counts.accepted++;
          else counts.other4xx++;
        }
      }
      const hugeStarted = Date.now();
      counts.requests++;
      const cookie = [SESSION_COOKIE, CSRF_COOKIE].map((name) => `${name}=${me.client.cookie(name)}`).join("; ");
      const huge = await sendHuge(t.url, route.method, url, cookie, me.client.cookie(CSRF_COOKIE) ?? "");
      expect(huge, `${route.method} ${route.url} with 20 MB`).toBe(413);
      hugeMs += Date.now() - hugeStarted;
      // An accepted odd input may have signed the owner out or deactivated them: carry on as a fresh owner.
      if ((await me.client.get("/api/me")).status !== 200) me = await owner();
    }
    console.log(
      `hostile input: ${counts.routes} write routes, ${counts.requests} requests (${counts.refused} refused as expected, odd inputs ${counts.accepted} accepted / ${counts.other4xx} refused), 500s: ${counts.fiveHundreds}; 20 MB took ${hugeMs} ms`,
    );
    expect(failures).toEqual([]);
    expect(counts.fiveHundreds).toBe(0);
  }, 600_000);

  it("a web-chat visitor's message with NUL or a lone surrogate is refused over HTTP and over the socket, and nothing is stored", async () => {
    const company = await webchatCompany(t);
    const chat = await visitor(t, company.channel);
    for (const text of ["hi\u0000there", "\uD800"]) {
      const response = await chat.send(text);
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe("text_invalid");
    }
    const socket = visitorSocket(t, chat.token);
    await connected(socket);
    const ack = await new Promise<VisitorSendAck>((resolve) => socket.emit("message", { client_id: unique("c-"), text: "bad\u0000" }, resolve));
    expect((ack as ApiErrorBody).error.code).toBe("text_invalid");
    const deep = await new Promise<VisitorSendAck>((resolve) => unmapped(socket).emit("message", deepValue(1000), resolve));
    expect((deep as ApiErrorBody).error.code).toBe("body_too_deep");
    socket.disconnect();
    const messages = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${company.me.company_id}`);
    expect(messages.rows[0]?.n).toBe(0);
  });

  it("JSON nested 5,000 deep is refused with 400 in the visitor's and the staff's language", async () => {
    const client = new Client(t.url);
    const response = await client.request("POST", "/api/login", {}, { raw: deepJson(5000), headers: { "accept-language": "en" } });
    expect(response.status).toBe(400);
    expect((response.body as ApiErrorBody).error).toMatchObject({ code: "body_too_deep", message: "The data sent is nested too deeply." });
    const mn = await client.request(
      "POST",
      "/api/login",
      {},
      { raw: JSON.stringify({ email: "a\u0000@b.mn", password: "x" }), headers: { "accept-language": "mn" } },
    );
    expect((mn.body as ApiErrorBody).error).toMatchObject({
      code: "text_invalid",
      message: "Текстэд зөвшөөрөгдөөгүй тэмдэгт байна.",
      fields: { email: "text_invalid" },
    });
  });
});
