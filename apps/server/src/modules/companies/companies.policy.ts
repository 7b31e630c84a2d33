import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import type { CompanyRow } from "./companies.repo.ts";

/**
 * Who may delete the company: its owner. The spec names the creator, who is the owner until ownership is transferred;
 * after a transfer the creator may have been made an agent or guest by the new owner, and deleting everyone's company
 * is the owner's decision alone (the owner is also the one account nobody can demote, deactivate or delete).
 * `/api/me`'s `can_delete_company` is this rule, which the web app mirrors.
 */
export const mayDeleteCompany = (company: Pick<CompanyRow, "ownerUserId">, userId: number): boolean => company.ownerUserId === userId;

/** Ownership passes only to another active person of the company who is an admin (never to a virtual agent). */
export function assertMayReceiveOwnership(actor: MemberActor, target: { id: number; role: string; status: string; userType: string }): void {
  if (target.id === actor.userId || target.role !== "admin" || target.status !== "active" || target.userType !== "human") {
    fail("ownership_target_not_admin");
  }
}

export function assertMayDeleteCompany(actor: MemberActor, company: Pick<CompanyRow, "ownerUserId">): void {
  if (!mayDeleteCompany(company, actor.userId)) fail("only_owner_can_delete_company");
}
