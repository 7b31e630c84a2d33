import { endpoints, type EndpointSchema } from "@holboo/core/endpoints/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  // With the test clock, so the test-only billing route is registered too.
  t = await startTestApp({ BILLING_TEST_CLOCK: "true" });
});
afterAll(() => t.close());

const isApiPath = (url: string) => url.startsWith("/api") || url.startsWith("/pub");
const definitions: Record<string, EndpointSchema> = endpoints;
const isEmpty = (schema: unknown) => schema === undefined || (typeof schema === "object" && schema !== null && Object.keys(schema).length === 0);

/** The web app types its calls by `@holboo/core/endpoints`; a route missing there, or a definition without a route, is drift. */
describe("endpoint definitions and the registered routes", () => {
  const registered = () => t.app.routeAccess.filter((r) => isApiPath(r.url) && r.method !== "HEAD");

  it("every /api and /pub route has a definition", () => {
    expect(registered().length).toBeGreaterThan(200);
    const undefinedRoutes = registered()
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in definitions));
    expect(undefinedRoutes).toEqual([]);
  });

  it("every definition has a route", () => {
    const keys = new Set(registered().map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(definitions).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("each route validates with its definition's schemas (the same objects, not a copy)", () => {
    const copied = registered()
      .filter((r) => {
        const definition = definitions[`${r.method} ${r.url}`];
        return definition !== r.schema && !(isEmpty(definition) && isEmpty(r.schema));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(copied).toEqual([]);
  });
});
