import { customApiEndpoints } from "@holboo/core/endpoints/custom-api.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as customApi from "./custom-api.service.ts";

export function customApiRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/custom-api";
  const view = { access: { permission: "settings.view" as const } };
  const edit = { access: { permission: "settings.edit" as const } };
  app.get(path, { config: view, schema: customApiEndpoints["GET /api/custom-api"] }, (req) => customApi.list(ctx, req.member));
  app.get(`${path}/:id`, { config: view, schema: customApiEndpoints["GET /api/custom-api/:id"] }, (req) => customApi.get(ctx, req.member, req.params.id));
  app.post(path, { config: edit, schema: customApiEndpoints["POST /api/custom-api"] }, (req) => customApi.create(ctx, req.member, req.body));
  app.put(`${path}/:id`, { config: edit, schema: customApiEndpoints["PUT /api/custom-api/:id"] }, (req) =>
    customApi.update(ctx, req.member, req.params.id, req.body),
  );
  app.post(`${path}/:id/status`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/:id/status"] }, (req) =>
    customApi.setStatus(ctx, req.member, req.params.id, req.body.status),
  );
  app.post(`${path}/test`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/test"] }, (req) => customApi.testDraft(ctx, req.member, req.body));
  app.post(`${path}/:id/test`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/:id/test"] }, (req) =>
    customApi.testCall(ctx, req.member, req.params.id, req.body.variables),
  );
  app.delete(`${path}/:id`, { config: edit, schema: customApiEndpoints["DELETE /api/custom-api/:id"] }, (req) =>
    customApi.remove(ctx, req.member, req.params.id),
  );
}
