import { effectivePermissions, type Permission, type Role } from "@holboo/core";
import type { Actor, MemberActor } from "./actor.ts";
import { fail } from "../http/errors.ts";
import type { EditableRole, MatrixPermission } from "@holboo/core";

/**
 * The one place that decides access. Every route declares one of these; `authorize` enforces it
 * before the handler runs, and services call `requirePermission` for rules that depend on data.
 */
export type Access = { public: true } | { signedIn: true } | { member: true } | { permission: Permission } | { platformAdmin: true };

export function permissionsFor(role: Role, matrix: Record<EditableRole, MatrixPermission[]>): Set<Permission> {
  return new Set(effectivePermissions(role, matrix));
}

export const can = (actor: Actor | null, permission: Permission): boolean => !!actor && actor.companyId !== null && actor.permissions.has(permission);

/**
 * Whether a member sees every interaction of the company (spec §6 "view all closed"), not only their own and the
 * open ones waiting in the queue or with the AI agent. Here, not in the interactions feature, because the staff
 * rooms (platform/realtime) follow it too.
 */
export const seesEveryInteraction = (actor: Actor): boolean => actor.permissions.has("interaction.view_all_closed");

export function isMember(actor: Actor | null): actor is MemberActor {
  return !!actor && actor.companyId !== null;
}

export function authorize(actor: Actor | null, access: Access): void {
  if ("public" in access) return;
  if (!actor) return fail("unauthorized");
  if ("signedIn" in access) return;
  if ("platformAdmin" in access) {
    if (!actor.isPlatformAdmin) fail("platform_admin_only");
    return;
  }
  if (!isMember(actor)) return fail("forbidden");
  // Personal routes (`signedIn`: /api/me, setting up two-step verification, logout) still answer.
  if (actor.twoFactorPending) return fail("two_factor_enrolment_required");
  if ("permission" in access && !actor.permissions.has(access.permission)) fail("forbidden");
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) fail("forbidden");
}

export function requireMember(actor: Actor | null): MemberActor {
  if (!isMember(actor)) return fail("forbidden");
  return actor;
}
