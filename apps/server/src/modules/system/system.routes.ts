import { VersionView } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";

export function systemRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/pub/version", { config: { access: { public: true } }, schema: { response: { 200: VersionView } } }, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { version: ctx.version };
  });
  app.get("/api/health", { config: { access: { public: true } } }, async () => ({ ok: true }));
}
