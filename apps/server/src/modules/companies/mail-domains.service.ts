import type { MailDomainInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompany } from "./companies.repo.ts";
import { presentMailDomain } from "./companies.presenter.ts";
import * as repo from "./mail-domains.repo.ts";
import { changedFields, recordAudit } from "../audit/audit.service.ts";

const audited = (row: repo.MailDomainRow) => ({ domain: row.domain, description: row.description, status: row.status });

export async function listDomains(ctx: AppContext, actor: MemberActor) {
  const rows = await repo.listMailDomains(ctx.db, actor.companyId);
  return { items: rows.map(presentMailDomain), total: rows.length };
}

export async function createDomain(ctx: AppContext, actor: MemberActor, input: MailDomainInput) {
  if (await repo.domainTaken(ctx.db, actor.companyId, input.domain)) fail("mail_domain_duplicate", { domain: "mail_domain_duplicate" });
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertMailDomain(tx, { companyId: actor.companyId, ...input });
    await recordAudit(tx, actor, { action: "mail_domain.create", targetType: "mail_domain", targetId: created.id, after: audited(created) });
    return created;
  });
  return presentMailDomain(row);
}

export async function updateDomain(ctx: AppContext, actor: MemberActor, id: number, input: MailDomainInput) {
  if (await repo.domainTaken(ctx.db, actor.companyId, input.domain, id)) fail("mail_domain_duplicate", { domain: "mail_domain_duplicate" });
  const row = await ctx.db.transaction(async (tx) => {
    const before = (await repo.findMailDomain(tx, actor.companyId, id)) ?? fail("not_found");
    const updated = (await repo.updateMailDomain(tx, actor.companyId, id, input)) ?? fail("not_found");
    const change = changedFields(audited(before), audited(updated));
    if (change) await recordAudit(tx, actor, { action: "mail_domain.update", targetType: "mail_domain", targetId: id, ...change });
    return updated;
  });
  return presentMailDomain(row);
}

export async function deleteDomain(ctx: AppContext, actor: MemberActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = (await repo.findMailDomain(tx, actor.companyId, id)) ?? fail("not_found");
    if (!(await repo.deleteMailDomain(tx, actor.companyId, id))) fail("not_found");
    await recordAudit(tx, actor, { action: "mail_domain.delete", targetType: "mail_domain", targetId: id, before: audited(before) });
  });
  return { ok: true as const };
}

/** With the domain rule on, an invited e-mail must be at one of the company's active domains. */
export async function assertAllowedDomain(ctx: AppContext, companyId: number, email: string) {
  const company = await findCompany(ctx.db, companyId);
  if (!company?.domainRuleEnabled) return;
  const domain = email.split("@")[1] ?? "";
  if (!(await repo.activeDomainMatches(ctx.db, companyId, domain))) fail("unregistered_domain", { email: "unregistered_domain" });
}
