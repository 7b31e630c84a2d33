import { channelsEndpoints } from "@holboo/core/endpoints/channels.ts";
import type { TypedApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import * as channels from "./channels.service.ts";

export function channelsRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    "/api/company/:company_id/channel",
    {
      config: { access: { member: true } },
      schema: channelsEndpoints["GET /api/company/:company_id/channel"],
    },
    (req) => channels.listForCompany(ctx, req.member, req.params.company_id),
  );
  app.put(
    "/api/channels/:id/active",
    { config: { access: { permission: "settings.edit" } }, schema: channelsEndpoints["PUT /api/channels/:id/active"] },
    (req) => channels.setActive(ctx, req.member, req.params.id, req.body.active),
  );
  app.delete("/api/channels/:id", { config: { access: { permission: "settings.edit" } }, schema: channelsEndpoints["DELETE /api/channels/:id"] }, (req) =>
    channels.removeChannel(ctx, req.member, req.params.id),
  );
}
