import { SavedResponseInput, SavedResponseListQuery, SavedResponseView, idParamSchema, listResponse, okResponse } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as savedResponses from "./saved-responses.service.ts";

export function savedResponsesRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/saved-responses";
  // Every member reads them: agents pick them in the composer by /key.
  app.get(
    path,
    { config: { access: { member: true } }, schema: { querystring: SavedResponseListQuery, response: { 200: listResponse(SavedResponseView) } } },
    (req) => savedResponses.list(ctx, requireMember(req.actor), req.query),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: { body: SavedResponseInput, response: { 200: SavedResponseView } } }, (req) =>
    savedResponses.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: SavedResponseInput, response: { 200: SavedResponseView } } },
    (req) => savedResponses.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    savedResponses.remove(ctx, requireMember(req.actor), req.params.id),
  );
}
