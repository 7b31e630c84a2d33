import { savedResponsesEndpoints } from "@holboo/core/endpoints/saved-responses.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as savedResponses from "./saved-responses.service.ts";

export function savedResponsesRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/saved-responses";
  // Every member reads them: agents pick them in the composer by /key.
  app.get(path, { config: { access: { member: true } }, schema: savedResponsesEndpoints["GET /api/saved-responses"] }, (req) =>
    savedResponses.list(ctx, req.member, req.query),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: savedResponsesEndpoints["POST /api/saved-responses"] }, (req) =>
    savedResponses.create(ctx, req.member, req.body),
  );
  app.put(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: savedResponsesEndpoints["PUT /api/saved-responses/:id"] }, (req) =>
    savedResponses.update(ctx, req.member, req.params.id, req.body),
  );
  app.delete(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: savedResponsesEndpoints["DELETE /api/saved-responses/:id"] },
    (req) => savedResponses.remove(ctx, req.member, req.params.id),
  );
}
