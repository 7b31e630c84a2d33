import { MATRIX_PERMISSIONS, type EditableRole, type MatrixPermission } from "@holboo/core";

export type RoleDraft = Record<EditableRole, MatrixPermission[]>;

/** Adds or removes one permission, keeping the matrix order so drafts compare by value. */
export function togglePermission(list: readonly MatrixPermission[], permission: MatrixPermission, on: boolean): MatrixPermission[] {
  const next = new Set(list);
  if (on) next.add(permission);
  else next.delete(permission);
  return MATRIX_PERMISSIONS.filter((item) => next.has(item));
}

/** Whether a role's draft differs from what the server holds. */
export function roleChanged(draft: readonly MatrixPermission[], saved: readonly MatrixPermission[] = []): boolean {
  const a = new Set(draft);
  const b = new Set(saved);
  return a.size !== b.size || [...a].some((permission) => !b.has(permission));
}

/** Nobody edits the permissions of the role they hold (spec §6); only role.manage edits at all. */
export const canEditRole = (role: EditableRole, myRole: string | undefined, canManage: boolean) => canManage && myRole !== role;
