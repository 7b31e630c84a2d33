import type { AdminCompanyListQuery, AdminCompanyView, AdminUserListQuery, AdminUserView } from "@holboo/core";
import { fullName, LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { issueOneTimeToken } from "../../platform/auth/one-time-tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { findUserById } from "../users/users.lookup.ts";
import { listDeadJobs, reviveDeadJob } from "../../platform/jobs/dead-jobs.repo.ts";
import * as repo from "./admin.repo.ts";

export async function listCompanies(ctx: AppContext, query: AdminCompanyListQuery) {
  const { items, total } = await repo.listAllCompanies(ctx.db, query);
  return {
    total,
    items: items.map(({ company, ownerEmail, userCount, plan, subscriptionStatus }): AdminCompanyView => ({
      id: company.id,
      name: company.name,
      sector: company.sector,
      owner_email: ownerEmail,
      user_count: userCount,
      created_at: company.createdAt.toISOString(),
      plan,
      subscription_status: subscriptionStatus,
      access_closed: company.suspendedReason,
    })),
  };
}

export async function listUsers(ctx: AppContext, query: AdminUserListQuery) {
  const { items, total } = await repo.listAllUsers(ctx.db, query);
  return {
    total,
    items: items.map(({ user, companyName }): AdminUserView => ({
      ID: user.id,
      email: user.email,
      user_name: fullName(user.firstName, user.lastName),
      company_id: user.companyId ?? 0,
      company_name: companyName,
      role: user.role,
      user_status: user.status,
      is_approved_by_superadmin: user.isApprovedBySuperadmin,
      created_at: user.createdAt.toISOString(),
    })),
  };
}

export async function approve(ctx: AppContext, userId: number) {
  if (!(await repo.approveUser(ctx.db, userId))) fail("user_not_found");
  return { ok: true as const };
}

/** A short-lived, one-time sign-in link as that user (the guard's hand-off), for support. */
export async function handoffLink(ctx: AppContext, userId: number) {
  const user = (await findUserById(ctx.db, userId)) ?? fail("user_not_found");
  if (!user.email || user.userType !== "human") return fail("user_not_found");
  const token = await issueOneTimeToken(ctx.db, user.id, "handoff", LIMITS.handoffTokenMinutes * 60_000);
  const params = new URLSearchParams({ token, userID: String(user.id), email: user.email });
  return { url: `${ctx.config.PUBLIC_URL}/interacts?${params}` };
}

export const settings = (ctx: AppContext) => ({ signup_approval_required: ctx.config.SIGNUP_APPROVAL_REQUIRED });

/** Background jobs that used all their attempts (a mail the server refused, a provider that kept failing). */
export async function deadJobs(ctx: AppContext, page: number, pageSize: number) {
  const { items, total } = await listDeadJobs(ctx.db, ctx.jobs.schema, page, pageSize);
  return {
    items: items.map((job) => ({
      id: job.id,
      kind: job.task_identifier,
      queue: job.queue_name,
      attempts: job.attempts,
      last_error: job.last_error,
      payload: job.payload,
      created_at: new Date(job.created_at).toISOString(),
      updated_at: new Date(job.updated_at).toISOString(),
    })),
    total,
  };
}

export async function retryDeadJob(ctx: AppContext, id: string) {
  if (!(await reviveDeadJob(ctx.db, ctx.jobs.schema, id))) fail("not_found");
  return { ok: true as const };
}
