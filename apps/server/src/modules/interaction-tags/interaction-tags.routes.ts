import { InteractionTagInput, InteractionTagView, idParamSchema, listResponse, okResponse } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as tags from "./interaction-tags.service.ts";

export function interactionTagsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/interaction-tags";
  app.get(path, { config: { access: { member: true } }, schema: { response: { 200: listResponse(InteractionTagView) } } }, (req) =>
    tags.list(ctx, requireMember(req.actor)),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: { body: InteractionTagInput, response: { 200: InteractionTagView } } }, (req) =>
    tags.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(
    `${path}/:id`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: { params: idParamSchema, body: InteractionTagInput, response: { 200: InteractionTagView } },
    },
    (req) => tags.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    tags.remove(ctx, requireMember(req.actor), req.params.id),
  );
}
