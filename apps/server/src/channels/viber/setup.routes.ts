import { idParamSchema, ViberChannelInput, ViberChannelUpdate, ViberChannelView } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as viber from "./setup.service.ts";

export function viberSetupRoutes(app: TypedApp, ctx: AppContext) {
  const view = { 200: ViberChannelView };
  app.post("/api/viber-channels", { config: { access: { permission: "settings.edit" } }, schema: { body: ViberChannelInput, response: view } }, (req) =>
    viber.connectViber(ctx, requireMember(req.actor), req.body),
  );
  app.get("/api/viber-channels/:id", { config: { access: { permission: "settings.view" } }, schema: { params: idParamSchema, response: view } }, (req) =>
    viber.getViber(ctx, requireMember(req.actor), req.params.id),
  );
  app.put(
    "/api/viber-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: ViberChannelUpdate, response: view } },
    (req) => viber.updateViber(ctx, requireMember(req.actor), req.params.id, req.body),
  );
}
