import { customApiEndpoints } from "@holboo/core/endpoints/custom-api.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { endpointInUse } from "../flows/flows.service.ts";
import * as customApi from "./custom-api.service.ts";

export function customApiRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/custom-api";
  const view = { access: { permission: "settings.view" as const } };
  const edit = { access: { permission: "settings.edit" as const } };
  app.get(path, { config: view, schema: customApiEndpoints["GET /api/custom-api"] }, (req) => customApi.list(ctx, requireMember(req.actor)));
  app.get(`${path}/:id`, { config: view, schema: customApiEndpoints["GET /api/custom-api/:id"] }, (req) =>
    customApi.get(ctx, requireMember(req.actor), req.params.id),
  );
  app.post(path, { config: edit, schema: customApiEndpoints["POST /api/custom-api"] }, (req) => customApi.create(ctx, requireMember(req.actor), req.body));
  app.put(`${path}/:id`, { config: edit, schema: customApiEndpoints["PUT /api/custom-api/:id"] }, (req) =>
    customApi.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post(`${path}/:id/status`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/:id/status"] }, (req) =>
    customApi.setStatus(ctx, requireMember(req.actor), req.params.id, req.body.status),
  );
  app.post(`${path}/test`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/test"] }, (req) =>
    customApi.testDraft(ctx, requireMember(req.actor), req.body),
  );
  app.post(`${path}/:id/test`, { config: edit, schema: customApiEndpoints["POST /api/custom-api/:id/test"] }, (req) =>
    customApi.testCall(ctx, requireMember(req.actor), req.params.id, req.body.variables),
  );
  app.delete(`${path}/:id`, { config: edit, schema: customApiEndpoints["DELETE /api/custom-api/:id"] }, (req) =>
    customApi.remove(ctx, requireMember(req.actor), req.params.id, (companyId, id) => endpointInUse(ctx, companyId, id)),
  );
}
