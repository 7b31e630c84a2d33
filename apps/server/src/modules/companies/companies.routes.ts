import { companiesEndpoints } from "@holboo/core/endpoints/companies.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as companies from "./companies.service.ts";

export function companiesRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/api/company", { config: { access: { member: true } }, schema: companiesEndpoints["GET /api/company"] }, (req) =>
    companies.getCompany(ctx, req.member),
  );
  app.put("/api/company", { config: { access: { permission: "settings.edit" } }, schema: companiesEndpoints["PUT /api/company"] }, (req) =>
    companies.updateCompany(ctx, req.member, req.body),
  );
  app.delete("/api/company", { config: { access: { member: true } }, schema: companiesEndpoints["DELETE /api/company"] }, (req) =>
    companies.deleteCompany(ctx, req.member, req.body.confirm_name),
  );
  app.post(
    "/api/company/transfer-ownership",
    { config: { access: { member: true } }, schema: companiesEndpoints["POST /api/company/transfer-ownership"] },
    (req) => companies.transferOwnership(ctx, req.member, req.body.user_id),
  );

  app.post("/api/company/logo", { config: { access: { permission: "settings.edit" } }, schema: companiesEndpoints["POST /api/company/logo"] }, async (req) => {
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return companies.uploadLogo(ctx, req.member, data, file.file.truncated);
  });
  app.get("/api/company/logo", { config: { access: { member: true } }, schema: companiesEndpoints["GET /api/company/logo"] }, async (req, reply) => {
    const file = await companies.getLogo(ctx, req.member);
    return reply.type(file.mime).header("cache-control", "private, max-age=300").send(file.data);
  });
  app.get("/api/files/:id", { config: { access: { member: true } }, schema: companiesEndpoints["GET /api/files/:id"] }, async (req, reply) => {
    const file = await companies.getFile(ctx, req.member, req.params.id);
    const inline = file.mime.startsWith("image/");
    const disposition = `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name || "file")}`;
    return reply.type(file.mime).header("x-content-type-options", "nosniff").header("content-disposition", disposition).send(file.data);
  });

  app.get("/api/company/virtual-agents", { config: { access: { member: true } }, schema: companiesEndpoints["GET /api/company/virtual-agents"] }, (req) =>
    companies.listAgents(ctx, req.member),
  );
}
