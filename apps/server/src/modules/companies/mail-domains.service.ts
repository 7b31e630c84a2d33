import type { MailDomainInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompany } from "./companies.repo.ts";
import { presentMailDomain } from "./companies.presenter.ts";
import * as repo from "./mail-domains.repo.ts";

export async function listDomains(ctx: AppContext, actor: MemberActor) {
  const rows = await repo.listMailDomains(ctx.db, actor.companyId);
  return { items: rows.map(presentMailDomain), total: rows.length };
}

export async function createDomain(ctx: AppContext, actor: MemberActor, input: MailDomainInput) {
  if (await repo.domainTaken(ctx.db, actor.companyId, input.domain)) fail("mail_domain_duplicate", { domain: "mail_domain_duplicate" });
  const row = await repo.insertMailDomain(ctx.db, { companyId: actor.companyId, ...input });
  return presentMailDomain(row);
}

export async function updateDomain(ctx: AppContext, actor: MemberActor, id: number, input: MailDomainInput) {
  if (await repo.domainTaken(ctx.db, actor.companyId, input.domain, id)) fail("mail_domain_duplicate", { domain: "mail_domain_duplicate" });
  const row = await repo.updateMailDomain(ctx.db, actor.companyId, id, input);
  return presentMailDomain(row ?? fail("not_found"));
}

export async function deleteDomain(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteMailDomain(ctx.db, actor.companyId, id))) fail("not_found");
  return { ok: true as const };
}

/** With the domain rule on, an invited e-mail must be at one of the company's active domains. */
export async function assertAllowedDomain(ctx: AppContext, companyId: number, email: string) {
  const company = await findCompany(ctx.db, companyId);
  if (!company?.domainRuleEnabled) return;
  const domain = email.split("@")[1] ?? "";
  if (!(await repo.activeDomainMatches(ctx.db, companyId, domain))) fail("unregistered_domain", { email: "unregistered_domain" });
}
