import { channelViberEndpoints } from "@holboo/core/endpoints/channel-viber.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as viber from "./setup.service.ts";

export function viberSetupRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/viber-channels", { config: { access: { permission: "settings.edit" } }, schema: channelViberEndpoints["POST /api/viber-channels"] }, (req) =>
    viber.connectViber(ctx, req.member, req.body),
  );
  app.get(
    "/api/viber-channels/:id",
    { config: { access: { permission: "settings.view" } }, schema: channelViberEndpoints["GET /api/viber-channels/:id"] },
    (req) => viber.getViber(ctx, req.member, req.params.id),
  );
  app.put(
    "/api/viber-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: channelViberEndpoints["PUT /api/viber-channels/:id"] },
    (req) => viber.updateViber(ctx, req.member, req.params.id, req.body),
  );
}
