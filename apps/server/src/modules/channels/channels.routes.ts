import { ChannelActiveInput, ChannelView, idParamSchema, okResponse } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as channels from "./channels.service.ts";

export function channelsRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    "/api/company/:company_id/channel",
    {
      config: { access: { member: true } },
      schema: {
        params: z.object({ company_id: z.coerce.number().int({ error: "company_id_empty" }) }),
        response: { 200: z.object({ items: z.array(ChannelView) }) },
      },
    },
    (req) => channels.listForCompany(ctx, requireMember(req.actor), req.params.company_id),
  );
  app.put(
    "/api/channels/:id/active",
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: ChannelActiveInput, response: { 200: ChannelView } } },
    (req) => channels.setActive(ctx, requireMember(req.actor), req.params.id, req.body.active),
  );
  app.delete(
    "/api/channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, response: { 200: okResponse } } },
    (req) => channels.removeChannel(ctx, requireMember(req.actor), req.params.id),
  );
}
