import type { CompanyView, UpdateCompanyInput } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompanyUser, updateOwnUser } from "../users/users.lookup.ts";
import * as repo from "./companies.repo.ts";
import { presentCompany } from "./companies.presenter.ts";
import { assertMayDeleteCompany, assertMayReceiveOwnership } from "./companies.policy.ts";
import { logoImageType } from "./image-type.ts";
import { changedFields, recordAudit } from "../audit/audit.service.ts";

export { logoImageType, sniffImageType } from "./image-type.ts";

async function loadCompany(ctx: AppContext, actor: MemberActor) {
  return (await repo.findCompany(ctx.db, actor.companyId)) ?? fail("company_not_found");
}

async function view(ctx: AppContext, company: repo.CompanyRow): Promise<CompanyView> {
  const owner = await findCompanyUser(ctx.db, company.id, company.ownerUserId);
  return presentCompany(company, owner ? fullName(owner.firstName, owner.lastName) : "");
}

export async function getCompany(ctx: AppContext, actor: MemberActor) {
  return view(ctx, await loadCompany(ctx, actor));
}

export async function updateCompany(ctx: AppContext, actor: MemberActor, input: UpdateCompanyInput) {
  if (await repo.companyNameTaken(ctx.db, input.name, actor.companyId)) fail("company_exists", { name: "company_exists" });
  const before = await loadCompany(ctx, actor);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateCompany(tx, actor.companyId, {
      name: input.name,
      contactEmail: input.contact_email,
      phone: input.phone,
      sector: input.sector,
      employeeRange: input.employee_range,
      ...(input.domain_rule_enabled !== undefined ? { domainRuleEnabled: input.domain_rule_enabled } : {}),
      ...(input.max_open_per_agent !== undefined ? { maxOpenPerAgent: input.max_open_per_agent } : {}),
    });
    const change = row && changedFields(auditedCompany(before), auditedCompany(row));
    if (change) await recordAudit(tx, actor, { action: "company.update", targetType: "company", targetId: actor.companyId, ...change });
    return row;
  });
  return view(ctx, updated ?? fail("company_not_found"));
}

const auditedCompany = (row: repo.CompanyRow) => ({
  name: row.name,
  contact_email: row.contactEmail,
  phone: row.phone,
  sector: row.sector,
  employee_range: row.employeeRange,
  domain_rule_enabled: row.domainRuleEnabled,
  max_open_per_agent: row.maxOpenPerAgent,
});

export async function uploadLogo(ctx: AppContext, actor: MemberActor, data: Buffer, truncated: boolean) {
  const mime = logoImageType(data, truncated);
  const company = await ctx.db.transaction(async (tx) => {
    const current = (await repo.findCompany(tx, actor.companyId)) ?? fail("company_not_found");
    const fileId = await repo.insertFile(tx, actor.companyId, mime, data);
    if (current.logoFileId) await repo.deleteFile(tx, actor.companyId, current.logoFileId);
    return repo.updateCompany(tx, actor.companyId, { logoFileId: fileId });
  });
  return view(ctx, company ?? fail("company_not_found"));
}

export async function getLogo(ctx: AppContext, actor: MemberActor) {
  const company = await loadCompany(ctx, actor);
  const file = company.logoFileId ? await repo.findFile(ctx.db, actor.companyId, company.logoFileId) : null;
  return file ?? fail("file_not_found");
}

export async function getFile(ctx: AppContext, actor: MemberActor, fileId: string) {
  return (await repo.findFile(ctx.db, actor.companyId, fileId)) ?? fail("file_not_found");
}

/** Only the owner deletes the company (companies.policy.ts), after typing its name; their own account stays, without a company. */
export async function deleteCompany(ctx: AppContext, actor: MemberActor, confirmName: string) {
  const company = await loadCompany(ctx, actor);
  assertMayDeleteCompany(actor, company);
  if (confirmName.trim().toLowerCase() !== company.name.toLowerCase()) fail("validation_failed", { confirm_name: "validation_failed" });
  await ctx.db.transaction(async (tx) => {
    await updateOwnUser(tx, actor.userId, { companyId: null, role: "admin" });
    await repo.deleteCompany(tx, company.id);
  });
  return { ok: true as const };
}

/** Ownership passes once, irreversibly, from the owner to an active admin of the same company. */
export async function transferOwnership(ctx: AppContext, actor: MemberActor, targetUserId: number) {
  const company = await loadCompany(ctx, actor);
  if (company.ownerUserId !== actor.userId) fail("only_owner_can_transfer");
  if (company.ownershipTransferredAt) fail("ownership_already_transferred");
  const target = (await findCompanyUser(ctx.db, actor.companyId, targetUserId)) ?? fail("user_not_found");
  assertMayReceiveOwnership(actor, target);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateCompany(tx, actor.companyId, { ownerUserId: target.id, ownershipTransferredAt: new Date() });
    await recordAudit(tx, actor, {
      action: "company.ownership_transfer",
      targetType: "company",
      targetId: actor.companyId,
      before: { owner_user_id: actor.userId },
      after: { owner_user_id: target.id },
    });
    return row;
  });
  return view(ctx, updated ?? fail("company_not_found"));
}

export async function listAgents(ctx: AppContext, actor: MemberActor) {
  const rows = await repo.listVirtualAgents(ctx.db, actor.companyId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      agent_type: row.agentType as "social_agent" | "call_operator",
      is_primary: row.isPrimary,
      active: row.active,
    })),
  };
}
