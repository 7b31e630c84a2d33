import type { SuspensionReason } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import * as repo from "./billing.repo.ts";

/** Why the company's access is closed now, if it is: the platform admin, an overdue invoice, an ended trial or term. */
export async function accessReason(db: Executor, subscription: repo.SubscriptionRow, now: Date): Promise<SuspensionReason | null> {
  if (subscription.suspendedByAdmin) return "admin";
  const unpaid = await repo.findUnpaidInvoice(db, subscription.companyId);
  if (unpaid && unpaid.dueAt <= now) return "unpaid";
  if (subscription.status === "expired") return subscription.term ? "term_ended" : "trial_expired";
  return null;
}

/** Brings companies.suspended_at (what the request guard and the agents read) in line with the subscription. */
export async function applyAccess(db: Executor, subscription: repo.SubscriptionRow, now: Date) {
  const reason = await accessReason(db, subscription, now);
  const current = await repo.companyAccess(db, subscription.companyId);
  if ((current?.suspendedReason ?? null) !== reason) await repo.setCompanyAccess(db, subscription.companyId, reason, now);
  /** closed: access was open and is closed now, so the staff's sockets must end once this commits (`accessClosed`). */
  return { reason, closed: reason !== null && !current?.suspendedAt };
}

/** After a commit that closed a company's access: its staff's sockets end with the reason, on every process. */
export function accessClosed(ctx: AppContext, companyId: number) {
  ctx.realtime.closeCompanySockets(companyId);
}

/** Whether the company's access is closed: its virtual agents do not answer then. */
export async function isAccessClosed(db: Executor, companyId: number) {
  return !!(await repo.companyAccess(db, companyId))?.suspendedAt;
}
