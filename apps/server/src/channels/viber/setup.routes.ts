import { channelViberEndpoints } from "@holboo/core/endpoints/channel-viber.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as viber from "./setup.service.ts";

export function viberSetupRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/viber-channels", { config: { access: { permission: "settings.edit" } }, schema: channelViberEndpoints["POST /api/viber-channels"] }, (req) =>
    viber.connectViber(ctx, requireMember(req.actor), req.body),
  );
  app.get(
    "/api/viber-channels/:id",
    { config: { access: { permission: "settings.view" } }, schema: channelViberEndpoints["GET /api/viber-channels/:id"] },
    (req) => viber.getViber(ctx, requireMember(req.actor), req.params.id),
  );
  app.put(
    "/api/viber-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: channelViberEndpoints["PUT /api/viber-channels/:id"] },
    (req) => viber.updateViber(ctx, requireMember(req.actor), req.params.id, req.body),
  );
}
