import {
  AdminCompanyListQuery,
  AdminCompanyView,
  AdminSettingsView,
  AdminUserListQuery,
  AdminUserView,
  DeadJobIdParams,
  DeadJobView,
  idParamSchema,
  listQueryBase,
  listResponse,
  okResponse,
} from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as admin from "./admin.service.ts";

export function adminRoutes(app: TypedApp, ctx: AppContext) {
  const config = { access: { platformAdmin: true } } as const;
  app.get("/api/admin/companies", { config, schema: { querystring: AdminCompanyListQuery, response: { 200: listResponse(AdminCompanyView) } } }, (req) =>
    admin.listCompanies(ctx, req.query),
  );
  app.get("/api/admin/users", { config, schema: { querystring: AdminUserListQuery, response: { 200: listResponse(AdminUserView) } } }, (req) =>
    admin.listUsers(ctx, req.query),
  );
  app.post("/api/admin/users/:id/approve", { config, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    admin.approve(ctx, req.params.id),
  );
  app.post("/api/admin/users/:id/handoff", { config, schema: { params: idParamSchema, response: { 200: z.object({ url: z.string() }) } } }, (req) =>
    admin.handoffLink(ctx, req.params.id),
  );
  app.get("/api/admin/jobs/dead", { config, schema: { querystring: listQueryBase, response: { 200: listResponse(DeadJobView) } } }, (req) =>
    admin.deadJobs(ctx, req.query.page, req.query.page_size),
  );
  app.post("/api/admin/jobs/:id/retry", { config, schema: { params: DeadJobIdParams, response: { 200: okResponse } } }, (req) =>
    admin.retryDeadJob(ctx, req.params.id),
  );
  app.get("/api/admin/settings", { config, schema: { response: { 200: AdminSettingsView } } }, async () => admin.settings(ctx));
}
