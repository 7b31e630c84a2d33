import { CompanyView, DeleteCompanyInput, TransferOwnershipInput, UpdateCompanyInput, VirtualAgentView, okResponse } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import * as companies from "./companies.service.ts";

export function companiesRoutes(app: TypedApp, ctx: AppContext) {
  const company = { 200: CompanyView };

  app.get("/api/company", { config: { access: { member: true } }, schema: { response: company } }, (req) =>
    companies.getCompany(ctx, requireMember(req.actor)),
  );
  app.put("/api/company", { config: { access: { permission: "settings.edit" } }, schema: { body: UpdateCompanyInput, response: company } }, (req) =>
    companies.updateCompany(ctx, requireMember(req.actor), req.body),
  );
  app.delete("/api/company", { config: { access: { member: true } }, schema: { body: DeleteCompanyInput, response: { 200: okResponse } } }, (req) =>
    companies.deleteCompany(ctx, requireMember(req.actor), req.body.confirm_name),
  );
  app.post("/api/company/transfer-ownership", { config: { access: { member: true } }, schema: { body: TransferOwnershipInput, response: company } }, (req) =>
    companies.transferOwnership(ctx, requireMember(req.actor), req.body.user_id),
  );

  app.post("/api/company/logo", { config: { access: { permission: "settings.edit" } }, schema: { response: company } }, async (req) => {
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return companies.uploadLogo(ctx, requireMember(req.actor), data, file.file.truncated);
  });
  app.get("/api/company/logo", { config: { access: { member: true } } }, async (req, reply) => {
    const file = await companies.getLogo(ctx, requireMember(req.actor));
    return reply.type(file.mime).header("cache-control", "private, max-age=300").send(file.data);
  });
  app.get(
    "/api/files/:id",
    { config: { access: { member: true } }, schema: { params: z.object({ id: z.uuid({ error: "file_not_found" }) }) } },
    async (req, reply) => {
      const file = await companies.getFile(ctx, requireMember(req.actor), req.params.id);
      const inline = file.mime.startsWith("image/");
      const disposition = `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name || "file")}`;
      return reply.type(file.mime).header("x-content-type-options", "nosniff").header("content-disposition", disposition).send(file.data);
    },
  );

  app.get(
    "/api/company/virtual-agents",
    { config: { access: { member: true } }, schema: { response: { 200: z.object({ items: z.array(VirtualAgentView) }) } } },
    (req) => companies.listAgents(ctx, requireMember(req.actor)),
  );
}
