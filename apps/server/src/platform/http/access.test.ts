import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("route access declarations", () => {
  it("every API route declares who may call it", () => {
    const api = t.app.routeAccess.filter((r) => r.url.startsWith("/api") || r.url.startsWith("/pub"));
    expect(api.length).toBeGreaterThan(30);
    const undeclared = api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("only sign-in flows, the web-chat visitor API, providers' webhooks and QPay's callback, the rating page, the terms of service, version and health are public", () => {
    const publicRoutes = t.app.routeAccess
      .filter((r) => r.access && "public" in r.access && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        "GET /api/health",
        "GET /api/logout",
        "POST /api/logout",
        "GET /pub/version",
        "POST /api/auth/handoff",
        "POST /api/login",
        "POST /api/login/two-factor",
        "POST /api/password/forgot",
        "POST /api/password/reset",
        "POST /api/signup",
        "PUT /api/change-lang",
        "POST /api/webchat/session",
        "POST /api/webchat/messages",
        "GET /api/webchat/events",
        "POST /api/webchat/seen",
        "POST /api/webchat/attachments",
        "GET /api/webchat/files/:id",
        "GET /api/webchat/logo/:key",
        "GET /api/public/servicerate/:token",
        "POST /api/public/servicerate/:token",
        "GET /webchat",
        "GET /webchat/test",
        "POST /webhooks/:type/:key",
        "POST /webhooks/cti/:key",
        // Meta's webhook verification, and the media of replies that Viber and Messenger download.
        "GET /webhooks/messenger",
        "GET /webhooks/messenger/meta-app",
        "POST /webhooks/:type",
        "GET /api/billing/qpay/callback/:id/:mac",
        "POST /api/billing/qpay/callback/:id/:mac",
        "GET /api/billing/terms",
        "GET /api/channel-media/:company_id/:file_id/:signature",
        "GET /api/voice-prompts/:company_id/:file_id/:expires/:signature",
      ].sort(),
    );
  });

  it("refuses to register a route without a declaration", async () => {
    const Fastify = (await import("fastify")).default;
    const { requestContext } = await import("./context.ts");
    const app = Fastify();
    await app.register(requestContext, { db: t.database.db, platformAdminEmails: [] });
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});
