import { DEFAULT_ROLE_PERMISSIONS, EDITABLE_ROLES, type EditableRole, type MatrixPermission, type RoleMatrixView } from "@holboo/core";
import type { Database, Executor } from "../../platform/db/client.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { loadRoleMatrix, replaceRolePermissions } from "./roles.repo.ts";
import { recordAudit } from "../audit/audit.service.ts";

export async function seedDefaultRoles(db: Executor, companyId: number) {
  for (const role of EDITABLE_ROLES) await replaceRolePermissions(db, companyId, role, DEFAULT_ROLE_PERMISSIONS[role]);
}

export async function getRoleMatrix(db: Database, actor: MemberActor): Promise<RoleMatrixView> {
  return { roles: await loadRoleMatrix(db, actor.companyId) };
}

/** Admins edit the non-admin roles; nobody edits the role they hold themselves (spec §6). */
export async function updateRole(db: Database, actor: MemberActor, role: EditableRole, permissions: MatrixPermission[]) {
  if (actor.role === role) fail("self_change_forbidden");
  await db.transaction(async (tx) => {
    const before = (await loadRoleMatrix(tx, actor.companyId))[role];
    const after = [...new Set(permissions)];
    await replaceRolePermissions(tx, actor.companyId, role, after);
    await recordAudit(tx, actor, {
      action: "role.permissions_change",
      targetType: "role",
      targetId: role,
      before: { permissions: before },
      after: { permissions: after },
    });
  });
  return getRoleMatrix(db, actor);
}
