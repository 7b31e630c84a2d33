import { agentsEndpoints } from "@holboo/core/endpoints/agents.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as agents from "./agents.service.ts";

/** /settings/virtualagents: read with the settings, changed with settings.edit like every settings page. */
export function agentsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/virtual-agents";
  app.get(path, { config: { access: { permission: "settings.view" } }, schema: agentsEndpoints["GET /api/virtual-agents"] }, (req) =>
    agents.list(ctx, req.member),
  );
  app.get(`${path}/:id`, { config: { access: { permission: "settings.view" } }, schema: agentsEndpoints["GET /api/virtual-agents/:id"] }, (req) =>
    agents.get(ctx, req.member, req.params.id),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: agentsEndpoints["POST /api/virtual-agents"] }, (req) =>
    agents.create(ctx, req.member, req.body),
  );
  app.put(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: agentsEndpoints["PUT /api/virtual-agents/:id"] }, (req) =>
    agents.update(ctx, req.member, req.params.id, req.body),
  );
  app.post(
    `${path}/:id/photo`,
    { config: { access: { permission: "settings.edit" } }, schema: agentsEndpoints["POST /api/virtual-agents/:id/photo"] },
    async (req) => {
      const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
      const data = await file.toBuffer();
      return agents.uploadPhoto(ctx, req.member, req.params.id, data, file.file.truncated);
    },
  );
  app.delete(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: agentsEndpoints["DELETE /api/virtual-agents/:id"] }, (req) =>
    agents.remove(ctx, req.member, req.params.id, req.body),
  );
}
