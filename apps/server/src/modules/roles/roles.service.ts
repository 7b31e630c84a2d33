import { DEFAULT_ROLE_PERMISSIONS, EDITABLE_ROLES, type EditableRole, type MatrixPermission, type RoleMatrixView } from "@holboo/core";
import type { Database, Executor } from "../../platform/db/client.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { loadRoleMatrix, replaceRolePermissions } from "./roles.repo.ts";

export async function seedDefaultRoles(db: Executor, companyId: number) {
  for (const role of EDITABLE_ROLES) await replaceRolePermissions(db, companyId, role, DEFAULT_ROLE_PERMISSIONS[role]);
}

export async function getRoleMatrix(db: Database, actor: MemberActor): Promise<RoleMatrixView> {
  return { roles: await loadRoleMatrix(db, actor.companyId) };
}

/** Admins edit the non-admin roles; nobody edits the role they hold themselves (spec §6). */
export async function updateRole(db: Database, actor: MemberActor, role: EditableRole, permissions: MatrixPermission[]) {
  if (actor.role === role) fail("self_change_forbidden");
  await db.transaction((tx) => replaceRolePermissions(tx, actor.companyId, role, [...new Set(permissions)]));
  return getRoleMatrix(db, actor);
}
