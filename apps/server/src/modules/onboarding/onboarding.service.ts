import type { OnboardingInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { companyNameTaken, insertCompany, insertVirtualAgent } from "../companies/companies.lookup.ts";
import { recordAgentAdded } from "../billing/agent-billing.service.ts";
import { startTrial } from "../billing/billing.service.ts";
import { assertWithinLimit } from "../billing/limits.service.ts";
import { seedDefaultRoles } from "../roles/roles.service.ts";
import { findUserById, insertUser, updateOwnUser } from "../users/users.lookup.ts";

/**
 * The onboarding wizard's one write: the company, its role matrix and its primary virtual agent
 * (a social agent), with the signed-up user as creator, owner and admin.
 */
export async function completeOnboarding(ctx: AppContext, actor: Actor, input: OnboardingInput) {
  const user = (await findUserById(ctx.db, actor.userId)) ?? fail("unauthorized");
  if (user.companyId) fail("already_in_company");
  if (!user.isApprovedBySuperadmin) fail("signup_not_approved");
  if (await companyNameTaken(ctx.db, input.company_name)) fail("company_exists", { company_name: "company_exists" });
  const createCompany = ctx.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      name: input.company_name,
      sector: input.sector,
      employeeRange: input.employee_range,
      contactEmail: user.email,
      ownerUserId: user.id,
      creatorUserId: user.id,
    });
    await seedDefaultRoles(tx, company.id);
    await startTrial(tx, company.id);
    await assertWithinLimit(tx, company.id, "agents");
    const agentUser = await insertUser(tx, {
      companyId: company.id,
      firstName: input.agent_name,
      lastName: "",
      role: "agent",
      userType: "virtual_agent",
      isApprovedBySuperadmin: true,
    });
    const agent = await insertVirtualAgent(tx, {
      companyId: company.id,
      userId: agentUser.id,
      name: input.agent_name,
      agentType: "social_agent",
      isPrimary: true,
    });
    await recordAgentAdded(tx, company.id, { id: agent.id, name: agent.name, isPrimary: true });
    await updateOwnUser(tx, user.id, { companyId: company.id, role: "admin" });
  });
  await onUniqueViolation(createCompany, () => fail("company_exists", { company_name: "company_exists" }));
  return ctx.me(user.id);
}
