import { interactionTagsEndpoints } from "@holboo/core/endpoints/interaction-tags.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as tags from "./interaction-tags.service.ts";

export function interactionTagsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/interaction-tags";
  app.get(path, { config: { access: { member: true } }, schema: interactionTagsEndpoints["GET /api/interaction-tags"] }, (req) => tags.list(ctx, req.member));
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: interactionTagsEndpoints["POST /api/interaction-tags"] }, (req) =>
    tags.create(ctx, req.member, req.body),
  );
  app.put(
    `${path}/:id`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: interactionTagsEndpoints["PUT /api/interaction-tags/:id"],
    },
    (req) => tags.update(ctx, req.member, req.params.id, req.body),
  );
  app.delete(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: interactionTagsEndpoints["DELETE /api/interaction-tags/:id"] },
    (req) => tags.remove(ctx, req.member, req.params.id),
  );
}
