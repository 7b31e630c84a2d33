import { AgentDeleteInput, AgentInput, AgentUpdateInput, AgentView, idParamSchema, okResponse } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import * as agents from "./agents.service.ts";

/** /settings/virtualagents: read with the settings, changed with settings.edit like every settings page. */
export function agentsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/virtual-agents";
  const view = { 200: AgentView };
  app.get(path, { config: { access: { permission: "settings.view" } }, schema: { response: { 200: z.object({ items: z.array(AgentView) }) } } }, (req) =>
    agents.list(ctx, requireMember(req.actor)),
  );
  app.get(`${path}/:id`, { config: { access: { permission: "settings.view" } }, schema: { params: idParamSchema, response: view } }, (req) =>
    agents.get(ctx, requireMember(req.actor), req.params.id),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: { body: AgentInput, response: view } }, (req) =>
    agents.create(ctx, requireMember(req.actor), req.body),
  );
  app.put(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: AgentUpdateInput, response: view } },
    (req) => agents.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post(`${path}/:id/photo`, { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, response: view } }, async (req) => {
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return agents.uploadPhoto(ctx, requireMember(req.actor), req.params.id, data, file.file.truncated);
  });
  app.delete(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: AgentDeleteInput, response: { 200: okResponse } } },
    (req) => agents.remove(ctx, requireMember(req.actor), req.params.id, req.body),
  );
}
