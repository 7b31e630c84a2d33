import type { Locale, MeView, Role } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { loadRoleMatrix } from "../platform/auth/actor.repo.ts";
import { permissionsFor } from "../platform/auth/policy.ts";
import { fail } from "../platform/http/errors.ts";
import { isPlatformAdminEmail } from "../modules/auth/platform-admins.ts";
import { findCompany } from "../modules/companies/companies.lookup.ts";
import { mayDeleteCompany } from "../modules/companies/companies.policy.ts";
import { hasCallCenter } from "../modules/calls/calls.service.ts";
import { findUserById } from "../modules/users/users.lookup.ts";
import { userPhotoUrl } from "../modules/users/users.presenter.ts";

/**
 * GET /api/me: the current user with the effective permissions the client mirrors. A read model at the
 * composition root, since it reads features of every rank (accounts, calls); features reach it as `ctx.me`.
 */
export async function buildMe(ctx: AppContext, userId: number): Promise<MeView> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return fail("unauthorized");
  const company = user.companyId ? await findCompany(ctx.db, user.companyId) : null;
  const role = user.role as Role;
  const permissions = company ? [...permissionsFor(role, await loadRoleMatrix(ctx.db, company.id))] : [];
  return {
    ID: user.id,
    company_id: company?.id ?? 0,
    is_approved_by_superadmin: user.isApprovedBySuperadmin,
    first_name: user.firstName,
    last_name: user.lastName,
    user_name: fullName(user.firstName, user.lastName),
    email: user.email ?? "",
    phone: user.phone,
    role,
    locale: user.locale as Locale,
    permissions,
    is_owner: !!company && company.ownerUserId === user.id,
    is_company_creator: !!company && company.creatorUserId === user.id,
    can_delete_company: !!company && mayDeleteCompany(company, user.id),
    is_platform_admin: isPlatformAdminEmail(ctx, user.email),
    needs_password: user.passwordHash === null,
    two_factor_enabled: !!user.totpEnabledAt,
    two_factor_enrolment_required: !!company?.requireTwoFactor && !user.totpEnabledAt,
    photo_url: userPhotoUrl(user),
    company: company
      ? { id: company.id, name: company.name, logo_url: company.logoFileId ? "/api/company/logo" : null, has_call_center: await hasCallCenter(ctx, company.id) }
      : null,
  };
}
