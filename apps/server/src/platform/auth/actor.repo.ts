import { EDITABLE_ROLES, isMatrixPermission, MATRIX_PERMISSIONS, type EditableRole, type MatrixPermission } from "@holboo/core";
import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { companies, rolePermissions, sessions, users } from "../db/schema.ts";

export async function findSessionUser(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

/** The company's stored matrix for the editable roles (seeded from the defaults when the company is created). */
export async function loadRoleMatrix(db: Executor, companyId: number): Promise<Record<EditableRole, MatrixPermission[]>> {
  const rows = await db
    .select({ role: rolePermissions.role, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.companyId, companyId));
  const matrix = Object.fromEntries(EDITABLE_ROLES.map((role) => [role, [] as MatrixPermission[]])) as Record<EditableRole, MatrixPermission[]>;
  for (const row of rows) {
    if ((EDITABLE_ROLES as readonly string[]).includes(row.role) && isMatrixPermission(row.permission)) {
      matrix[row.role as EditableRole].push(row.permission);
    }
  }
  // Rows come back in whatever order the table gives; the matrix lists permissions in the catalogue's order.
  for (const permissions of Object.values(matrix)) permissions.sort((a, b) => MATRIX_PERMISSIONS.indexOf(a) - MATRIX_PERMISSIONS.indexOf(b));
  return matrix;
}
