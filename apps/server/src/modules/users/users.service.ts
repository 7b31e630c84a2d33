import type { InvitationSentView, InviteUserInput, UpdateUserInput, UserListQuery, UserStatus } from "@holboo/core";
import { fullName, LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { queueMail } from "../../platform/mail/mailer.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { issueOneTimeToken, revokeTokensOf } from "../../platform/auth/one-time-tokens.ts";
import { endAllSessionsOf } from "../../platform/auth/sessions.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { inviteMail } from "./users.mails.ts";
import { assertWithinLimit } from "../billing/limits.service.ts";
import { findCompany } from "../companies/companies.lookup.ts";
import { assertAllowedDomain } from "../companies/mail-domains.service.ts";
import * as repo from "./users.repo.ts";
import { assertMayChangeUser } from "./users.policy.ts";
import { presentUser } from "./users.presenter.ts";
import { changedFields, recordAudit } from "../audit/audit.service.ts";

async function companyOf(ctx: AppContext, actor: MemberActor) {
  return (await findCompany(ctx.db, actor.companyId)) ?? fail("company_not_found");
}

async function loadTarget(ctx: AppContext, actor: MemberActor, id: number) {
  return (await repo.findCompanyUser(ctx.db, actor.companyId, id)) ?? fail("user_not_found");
}

export async function listUsers(ctx: AppContext, actor: MemberActor, query: UserListQuery) {
  const company = await companyOf(ctx, actor);
  const { items, total } = await repo.listCompanyUsers(ctx.db, actor.companyId, query);
  return { items: items.map((row) => presentUser(row, company.ownerUserId, actor)), total };
}

export async function getUser(ctx: AppContext, actor: MemberActor, id: number) {
  const company = await companyOf(ctx, actor);
  return presentUser(await loadTarget(ctx, actor, id), company.ownerUserId, actor);
}

/**
 * The invitation link is a guard hand-off (token, userID, email) that signs the colleague in once. Answers the link
 * when the mail was withheld (no SMTP), for the caller to show to the admin who invited, and to nobody else.
 */
async function sendInvitation(ctx: AppContext, db: Executor, actor: MemberActor, user: repo.UserRow, companyName: string): Promise<string | null> {
  await revokeTokensOf(db, user.id, "invite");
  const token = await issueOneTimeToken(db, user.id, "invite", LIMITS.inviteTokenHours * 3_600_000);
  const params = new URLSearchParams({ token, userID: String(user.id), email: user.email ?? "" });
  const link = `${ctx.config.PUBLIC_URL}/interacts?${params}`;
  const inviter = await repo.findUserById(db, actor.userId);
  const mail = inviteMail(link, companyName, inviter ? fullName(inviter.firstName, inviter.lastName) : "");
  const { withheld } = await queueMail(db, ctx, { companyId: actor.companyId, to: user.email ?? "", ...mail });
  return withheld ? link : null;
}

export async function inviteUser(ctx: AppContext, actor: MemberActor, input: InviteUserInput) {
  const company = await companyOf(ctx, actor);
  if (await repo.findUserByEmail(ctx.db, input.email)) fail("user_exists", { email: "user_exists" });
  await assertAllowedDomain(ctx, actor.companyId, input.email);
  const { user, link } = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "users");
    const created = await repo.insertUser(tx, {
      companyId: actor.companyId,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone || null,
      role: input.role,
      locale: actor.locale,
      isApprovedBySuperadmin: true,
      invitedByUserId: actor.userId,
    });
    const link = await sendInvitation(ctx, tx, actor, created, company.name);
    await recordAudit(tx, actor, { action: "user.invite", targetType: "user", targetId: created.id, after: { email: input.email, role: input.role } });
    return { user: created, link };
  });
  return { ...presentUser(user, company.ownerUserId, actor), mail_withheld: link !== null, invitation_link: link };
}

/**
 * A new invitation for someone who has not signed in yet; never for an account someone has used, which only its
 * owner's own password reset reaches. A withheld link is shown only to the admin who invited them in the first place.
 */
export async function resendInvite(ctx: AppContext, actor: MemberActor, id: number): Promise<InvitationSentView> {
  const company = await companyOf(ctx, actor);
  const target = await loadTarget(ctx, actor, id);
  assertMayChangeUser(actor, target, company.ownerUserId, "resend_invite");
  // A sign-in racing this leaves a link the hand-off refuses (auth.service: an invitation opens only an unused account).
  const link = await ctx.db.transaction((tx) => sendInvitation(ctx, tx, actor, target, company.name));
  return { mail_withheld: link !== null, invitation_link: target.invitedByUserId === actor.userId ? link : null };
}

export async function updateUser(ctx: AppContext, actor: MemberActor, id: number, input: UpdateUserInput) {
  const company = await companyOf(ctx, actor);
  const target = await loadTarget(ctx, actor, id);
  const roleChanges = input.role !== undefined && input.role !== target.role;
  assertMayChangeUser(actor, target, company.ownerUserId, roleChanges ? "change_role" : "edit");
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateCompanyUser(tx, actor.companyId, id, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
      ...(roleChanges ? { role: input.role } : {}),
    });
    const change = row && changedFields(auditedUser(target), auditedUser(row));
    if (change) await recordAudit(tx, actor, { action: roleChanges ? "user.role_change" : "user.update", targetType: "user", targetId: id, ...change });
    return row;
  });
  return presentUser(updated ?? fail("user_not_found"), company.ownerUserId, actor);
}

const auditedUser = (row: repo.UserRow) => ({ first_name: row.firstName, last_name: row.lastName, phone: row.phone, role: row.role });

export async function setUserStatus(ctx: AppContext, actor: MemberActor, id: number, status: UserStatus) {
  const company = await companyOf(ctx, actor);
  const target = await loadTarget(ctx, actor, id);
  assertMayChangeUser(actor, target, company.ownerUserId, "change_status");
  const updated = await ctx.db.transaction(async (tx) => {
    // Reactivating a person takes a seat again.
    if (status === "active" && target.status !== "active" && target.userType === "human") await assertWithinLimit(tx, actor.companyId, "users");
    const row = await repo.updateCompanyUser(tx, actor.companyId, id, { status, ...(status === "inactive" ? { presence: "offline" } : {}) });
    if (status === "inactive") await endAllSessionsOf(tx, id);
    if (row && target.status !== status) {
      const action = status === "inactive" ? "user.deactivate" : "user.activate";
      await recordAudit(tx, actor, { action, targetType: "user", targetId: id, before: { status: target.status }, after: { status } });
    }
    return row;
  });
  if (status === "inactive") ctx.realtime.disconnectUser(id);
  return presentUser(updated ?? fail("user_not_found"), company.ownerUserId, actor);
}

export async function deleteUser(ctx: AppContext, actor: MemberActor, id: number) {
  const company = await companyOf(ctx, actor);
  const target = await loadTarget(ctx, actor, id);
  assertMayChangeUser(actor, target, company.ownerUserId, "delete");
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteCompanyUser(tx, actor.companyId, id))) fail("user_not_found");
    await recordAudit(tx, actor, { action: "user.delete", targetType: "user", targetId: id, before: { email: target.email, role: target.role } });
  });
  return { ok: true as const };
}
