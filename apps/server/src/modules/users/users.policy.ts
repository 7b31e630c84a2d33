import type { ErrorCode, UserAbilities, UserAction } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { can } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import type { UserRow } from "./users.repo.ts";

/** Invited and never signed in (a sign-in, by the invitation or otherwise, stamps `last_seen_at`) nor given a password. */
export const invitationPending = (row: UserRow): boolean =>
  row.userType === "human" && !!row.email && row.passwordHash === null && row.lastSeenAt === null && row.invitedByUserId !== null;

/**
 * Why the actor may not do `action` to `target`, or null when they may (spec §4, §6). Managing users needs user.manage;
 * virtual agents are managed with the agents, so here they do not exist; the owner's role, status and existence are
 * protected; nobody changes their own role or status here; an invitation goes again only to an account nobody has used.
 * The one rule behind both the routes' refusals and the `can` the web shows, so the two cannot disagree.
 */
function refusal(actor: MemberActor, target: UserRow, ownerUserId: number | null, action: UserAction): ErrorCode | null {
  if (!can(actor, "user.manage")) return "forbidden";
  const protects = action === "change_role" || action === "change_status" || action === "delete";
  if (protects && target.id === ownerUserId) return "owner_protected";
  if (protects && target.id === actor.userId) return "self_change_forbidden";
  if (target.userType !== "human") return "user_not_found";
  if (action === "resend_invite" && !invitationPending(target)) return "invitation_already_accepted";
  return null;
}

export function assertMayChangeUser(actor: MemberActor, target: UserRow, ownerUserId: number | null, action: UserAction): void {
  const code = refusal(actor, target, ownerUserId, action);
  if (code) fail(code);
}

export const userAbilities = (actor: MemberActor, target: UserRow, ownerUserId: number | null): UserAbilities => ({
  edit: refusal(actor, target, ownerUserId, "edit") === null,
  change_role: refusal(actor, target, ownerUserId, "change_role") === null,
  change_status: refusal(actor, target, ownerUserId, "change_status") === null,
  delete: refusal(actor, target, ownerUserId, "delete") === null,
  resend_invite: refusal(actor, target, ownerUserId, "resend_invite") === null,
});
