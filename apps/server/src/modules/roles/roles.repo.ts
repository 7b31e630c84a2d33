import type { EditableRole, MatrixPermission } from "@holboo/core";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { rolePermissions } from "../../platform/db/schema.ts";

export { loadRoleMatrix } from "../../platform/auth/actor.repo.ts";

export async function replaceRolePermissions(db: Executor, companyId: number, role: EditableRole, permissions: readonly MatrixPermission[]) {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.role, role)));
  if (permissions.length) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ companyId, role, permission })));
  }
}
