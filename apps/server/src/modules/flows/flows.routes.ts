import { flowsEndpoints } from "@holboo/core/endpoints/flows.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as flows from "./flows.service.ts";

export function flowsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/flows";
  const view = { access: { permission: "settings.view" as const } };
  const edit = { access: { permission: "settings.edit" as const } };
  app.get(path, { config: view, schema: flowsEndpoints["GET /api/flows"] }, (req) => flows.list(ctx, req.member));
  app.get(`${path}/:id`, { config: view, schema: flowsEndpoints["GET /api/flows/:id"] }, (req) => flows.get(ctx, req.member, req.params.id));
  app.post(path, { config: edit, schema: flowsEndpoints["POST /api/flows"] }, (req) => flows.create(ctx, req.member, req.body));
  app.put(`${path}/:id`, { config: edit, schema: flowsEndpoints["PUT /api/flows/:id"] }, (req) => flows.update(ctx, req.member, req.params.id, req.body));
  app.post(`${path}/:id/duplicate`, { config: edit, schema: flowsEndpoints["POST /api/flows/:id/duplicate"] }, (req) =>
    flows.duplicate(ctx, req.member, req.params.id),
  );
  app.get(`${path}/:id/problems`, { config: view, schema: flowsEndpoints["GET /api/flows/:id/problems"] }, (req) =>
    flows.validate(ctx, req.member, req.params.id),
  );
  app.post(`${path}/:id/status`, { config: edit, schema: flowsEndpoints["POST /api/flows/:id/status"] }, (req) =>
    flows.setStatus(ctx, req.member, req.params.id, req.body.status),
  );
  app.post(`${path}/:id/test`, { config: edit, schema: flowsEndpoints["POST /api/flows/:id/test"] }, (req) =>
    flows.testDraft(ctx, req.member, req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: edit, schema: flowsEndpoints["DELETE /api/flows/:id"] }, (req) => flows.remove(ctx, req.member, req.params.id));
}
