import { MailDomainInput, MailDomainView, idParamSchema, listResponse, okResponse } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as domains from "./mail-domains.service.ts";

export function mailDomainsRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/company/mail-domains";
  app.get(path, { config: { access: { permission: "settings.view" } }, schema: { response: { 200: listResponse(MailDomainView) } } }, (req) =>
    domains.listDomains(ctx, requireMember(req.actor)),
  );
  app.post(path, { config: { access: { permission: "settings.edit" } }, schema: { body: MailDomainInput, response: { 200: MailDomainView } } }, (req) =>
    domains.createDomain(ctx, requireMember(req.actor), req.body),
  );
  app.put(
    `${path}/:id`,
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: MailDomainInput, response: { 200: MailDomainView } } },
    (req) => domains.updateDomain(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.delete(`${path}/:id`, { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    domains.deleteDomain(ctx, requireMember(req.actor), req.params.id),
  );
}
