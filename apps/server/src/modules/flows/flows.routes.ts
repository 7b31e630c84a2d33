import { z } from "zod";
import {
  FlowCreateInput,
  FlowListView,
  FlowProblem,
  FlowStatusInput,
  FlowTestInput,
  FlowTestView,
  FlowUpdateInput,
  FlowView,
  idParamSchema,
  okResponse,
} from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as flows from "./flows.service.ts";

const ProblemsView = z.object({ problems: z.array(FlowProblem) });

export function flowsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/flows";
  const view = { access: { permission: "settings.view" as const } };
  const edit = { access: { permission: "settings.edit" as const } };
  const byId = { params: idParamSchema };
  app.get(path, { config: view, schema: { response: { 200: FlowListView } } }, (req) => flows.list(ctx, requireMember(req.actor)));
  app.get(`${path}/:id`, { config: view, schema: { ...byId, response: { 200: FlowView } } }, (req) => flows.get(ctx, requireMember(req.actor), req.params.id));
  app.post(path, { config: edit, schema: { body: FlowCreateInput, response: { 200: FlowView } } }, (req) =>
    flows.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(`${path}/:id`, { config: edit, schema: { ...byId, body: FlowUpdateInput, response: { 200: FlowView } } }, (req) =>
    flows.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post(`${path}/:id/duplicate`, { config: edit, schema: { ...byId, response: { 200: FlowView } } }, (req) =>
    flows.duplicate(ctx, requireMember(req.actor), req.params.id),
  );
  app.get(`${path}/:id/problems`, { config: view, schema: { ...byId, response: { 200: ProblemsView } } }, (req) =>
    flows.validate(ctx, requireMember(req.actor), req.params.id),
  );
  app.post(`${path}/:id/status`, { config: edit, schema: { ...byId, body: FlowStatusInput, response: { 200: FlowView } } }, (req) =>
    flows.setStatus(ctx, requireMember(req.actor), req.params.id, req.body.status),
  );
  app.post(`${path}/:id/test`, { config: edit, schema: { ...byId, body: FlowTestInput, response: { 200: FlowTestView } } }, (req) =>
    flows.testDraft(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: edit, schema: { ...byId, response: { 200: okResponse } } }, (req) =>
    flows.remove(ctx, requireMember(req.actor), req.params.id),
  );
}
