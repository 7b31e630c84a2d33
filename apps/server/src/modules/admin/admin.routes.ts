import { adminEndpoints } from "@holboo/core/endpoints/admin.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as admin from "./admin.service.ts";

export function adminRoutes(app: TypedApp, ctx: AppContext) {
  const config = { access: { platformAdmin: true } } as const;
  app.get("/api/admin/companies", { config, schema: adminEndpoints["GET /api/admin/companies"] }, (req) => admin.listCompanies(ctx, req.query));
  app.get("/api/admin/users", { config, schema: adminEndpoints["GET /api/admin/users"] }, (req) => admin.listUsers(ctx, req.query));
  app.post("/api/admin/users/:id/approve", { config, schema: adminEndpoints["POST /api/admin/users/:id/approve"] }, (req) => admin.approve(ctx, req.params.id));
  app.post("/api/admin/users/:id/handoff", { config, schema: adminEndpoints["POST /api/admin/users/:id/handoff"] }, (req) =>
    admin.handoffLink(ctx, req.params.id),
  );
  app.get("/api/admin/jobs/dead", { config, schema: adminEndpoints["GET /api/admin/jobs/dead"] }, (req) =>
    admin.deadJobs(ctx, req.query.page, req.query.page_size),
  );
  app.post("/api/admin/jobs/:id/retry", { config, schema: adminEndpoints["POST /api/admin/jobs/:id/retry"] }, (req) => admin.retryDeadJob(ctx, req.params.id));
  app.get("/api/admin/settings", { config, schema: adminEndpoints["GET /api/admin/settings"] }, async () => admin.settings(ctx));
}
