import {
  CustomApiInput,
  CustomApiListView,
  CustomApiStatusInput,
  CustomApiTestInput,
  CustomApiTestView,
  CustomApiView,
  idParamSchema,
  okResponse,
} from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { endpointInUse } from "../flows/flows.service.ts";
import * as customApi from "./custom-api.service.ts";

export function customApiRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/custom-api";
  const view = { access: { permission: "settings.view" as const } };
  const edit = { access: { permission: "settings.edit" as const } };
  app.get(path, { config: view, schema: { response: { 200: CustomApiListView } } }, (req) => customApi.list(ctx, requireMember(req.actor)));
  app.get(`${path}/:id`, { config: view, schema: { params: idParamSchema, response: { 200: CustomApiView } } }, (req) =>
    customApi.get(ctx, requireMember(req.actor), req.params.id),
  );
  app.post(path, { config: edit, schema: { body: CustomApiInput, response: { 200: CustomApiView } } }, (req) =>
    customApi.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(`${path}/:id`, { config: edit, schema: { params: idParamSchema, body: CustomApiInput, response: { 200: CustomApiView } } }, (req) =>
    customApi.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post(`${path}/:id/status`, { config: edit, schema: { params: idParamSchema, body: CustomApiStatusInput, response: { 200: CustomApiView } } }, (req) =>
    customApi.setStatus(ctx, requireMember(req.actor), req.params.id, req.body.status),
  );
  app.post(`${path}/:id/test`, { config: edit, schema: { params: idParamSchema, body: CustomApiTestInput, response: { 200: CustomApiTestView } } }, (req) =>
    customApi.testCall(ctx, requireMember(req.actor), req.params.id, req.body.variables),
  );
  app.delete(`${path}/:id`, { config: edit, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    customApi.remove(ctx, requireMember(req.actor), req.params.id, (companyId, id) => endpointInUse(ctx, companyId, id)),
  );
}
