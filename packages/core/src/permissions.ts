/**
 * Roles and the role-permission matrix (spec §6). The server decides every action from this;
 * /api/me hands the effective list to the client, which only mirrors it.
 */
export const ROLES = ["admin", "manager", "agent", "guest"] as const;
export type Role = (typeof ROLES)[number];
/** Roles whose permissions a company may edit; admin always has everything. */
export const EDITABLE_ROLES = ["manager", "agent", "guest"] as const satisfies readonly Role[];
export type EditableRole = (typeof EDITABLE_ROLES)[number];

export const PERMISSION_GROUPS = {
  interaction: ["interaction.view_all_closed", "interaction.start", "interaction.edit", "interaction.delete"],
  issue: ["issue.view_all", "issue.edit", "issue.assign", "issue.delete"],
  contact: ["contact.view_all", "contact.export_import", "contact.edit", "contact.delete"],
  dashboard: ["dashboard.view_company", "dashboard.export"],
  settings: ["settings.view", "settings.edit"],
  plan: ["plan.view", "plan.extend"],
  call: ["call.make"],
  audit: ["audit.view"],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type MatrixPermission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];
export const MATRIX_PERMISSIONS = Object.values(PERMISSION_GROUPS).flat() as MatrixPermission[];

/**
 * Actions that are not in the editable matrix: spec §6 gives them to admins only
 * ("only admins can change or delete other users' information").
 */
export const ADMIN_PERMISSIONS = ["user.manage", "role.manage", "company.manage"] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export type Permission = MatrixPermission | AdminPermission;
export const ALL_PERMISSIONS: readonly Permission[] = [...MATRIX_PERMISSIONS, ...ADMIN_PERMISSIONS];

export const isMatrixPermission = (value: string): value is MatrixPermission => (MATRIX_PERMISSIONS as string[]).includes(value);

/** What a new company starts with; admins edit the non-admin rows in role settings. */
export const DEFAULT_ROLE_PERMISSIONS: Record<EditableRole, readonly MatrixPermission[]> = {
  manager: [
    "interaction.view_all_closed",
    "interaction.start",
    "interaction.edit",
    "interaction.delete",
    "issue.view_all",
    "issue.edit",
    "issue.assign",
    "issue.delete",
    "contact.view_all",
    "contact.export_import",
    "contact.edit",
    "contact.delete",
    "dashboard.view_company",
    "dashboard.export",
    "settings.view",
    "plan.view",
    "call.make",
  ],
  agent: ["interaction.start", "interaction.edit", "issue.edit", "contact.edit", "call.make"],
  guest: ["interaction.view_all_closed", "issue.view_all", "contact.view_all", "dashboard.view_company"],
};

/** Effective permissions of a role, given the company's stored matrix for editable roles. */
export function effectivePermissions(role: Role, companyMatrix: Partial<Record<EditableRole, readonly MatrixPermission[]>>): Permission[] {
  if (role === "admin") return [...ALL_PERMISSIONS];
  return [...(companyMatrix[role] ?? DEFAULT_ROLE_PERMISSIONS[role])];
}
