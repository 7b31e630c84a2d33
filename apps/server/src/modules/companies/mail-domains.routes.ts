import { companiesEndpoints } from "@holboo/core/endpoints/companies.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as domains from "./mail-domains.service.ts";

export function mailDomainsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/company/mail-domains";
  app.get(path, { config: { access: { permission: "settings.view" } }, schema: companiesEndpoints["GET /api/company/mail-domains"] }, (req) =>
    domains.listDomains(ctx, req.member),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: companiesEndpoints["POST /api/company/mail-domains"] }, (req) =>
    domains.createDomain(ctx, req.member, req.body),
  );
  app.put(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: companiesEndpoints["PUT /api/company/mail-domains/:id"] }, (req) =>
    domains.updateDomain(ctx, req.member, req.params.id, req.body),
  );
  app.delete(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: companiesEndpoints["DELETE /api/company/mail-domains/:id"] },
    (req) => domains.deleteDomain(ctx, req.member, req.params.id),
  );
}
