import { systemEndpoints } from "@holboo/core/endpoints/system.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";

export function systemRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/pub/version", { config: { access: { public: true } }, schema: systemEndpoints["GET /pub/version"] }, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { version: ctx.version };
  });
  app.get("/api/health", { config: { access: { public: true } }, schema: systemEndpoints["GET /api/health"] }, async () => ({ ok: true }));
}
