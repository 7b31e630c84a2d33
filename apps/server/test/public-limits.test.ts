import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.ts";

/**
 * README.md's "Limits on public endpoints" is the operator's word on every route anyone may call without signing in:
 * each is listed with its limit (a number a minute, a configuration variable a minute, or none), and this test holds
 * the table to Fastify's route table, both ways.
 */
const README = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../README.md"), "utf8");

interface DocumentedLimit {
  endpoints: string[];
  limit: string;
}

function documentedLimits(): DocumentedLimit[] {
  const start = README.indexOf("## Limits on public endpoints");
  const section = README.slice(start, README.indexOf("\n## ", start + 1));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [endpoints = "", limit = ""] = line.split("|").slice(1);
      return { endpoints: [...endpoints.matchAll(/`([A-Z]+ \/[^`]*)`/g)].map((m) => m[1] ?? ""), limit: limit.trim() };
    });
}

/** The configuration variables the README's configuration table documents. */
const configurationVariables = () => new Set([...README.matchAll(/^\| `([A-Z0-9_]+)` /gm)].map((m) => m[1]));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("limits on public endpoints", () => {
  it("every public route's limit is in the README, as configured, and the README names no route that is not public", () => {
    const rows = documentedLimits();
    expect(rows.length).toBeGreaterThan(10);
    const publicRoutes = t.app.routeAccess.filter((route) => route.access && "public" in route.access && route.method !== "HEAD");
    const variables = configurationVariables();
    const config = t.config as unknown as Record<string, unknown>;
    const wrong: string[] = [];
    for (const route of publicRoutes) {
      const name = `${route.method} ${route.url}`;
      const row = rows.find((candidate) => candidate.endpoints.includes(name));
      if (!row) {
        wrong.push(`${name}: not in README.md's "Limits on public endpoints"`);
        continue;
      }
      const limit = route.rateLimit;
      if (row.limit.startsWith("none")) {
        if (limit) wrong.push(`${name}: documented without a limit, has ${String(limit.max)} per ${String(limit.timeWindow)}`);
        continue;
      }
      const byVariable = /^`([A-Z0-9_]+)` a minute$/.exec(row.limit);
      const byNumber = /^(\d+) a minute$/.exec(row.limit);
      const documented = byVariable ? config[byVariable[1] ?? ""] : byNumber ? Number(byNumber[1]) : undefined;
      if (byVariable && !variables.has(byVariable[1])) wrong.push(`${name}: ${byVariable[1]} is not in the configuration table`);
      if (documented === undefined) wrong.push(`${name}: unreadable limit "${row.limit}"`);
      else if (!limit || limit.max !== documented || limit.timeWindow !== "1 minute") {
        wrong.push(`${name}: documented ${row.limit} (${String(documented)}), has ${limit ? `${String(limit.max)} per ${String(limit.timeWindow)}` : "none"}`);
      }
    }
    const publicNames = new Set(publicRoutes.map((route) => `${route.method} ${route.url}`));
    for (const name of rows.flatMap((row) => row.endpoints)) if (!publicNames.has(name)) wrong.push(`${name}: in the README but not a public route`);
    expect(wrong).toEqual([]);
  });
});
