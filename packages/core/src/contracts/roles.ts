import { z } from "zod";
import { EDITABLE_ROLES, MATRIX_PERMISSIONS, type MatrixPermission } from "../permissions.ts";

export const matrixPermissionSchema = z.enum(MATRIX_PERMISSIONS as [MatrixPermission, ...MatrixPermission[]], {
  error: "invalid_parameters",
});
export const editableRoleSchema = z.enum(EDITABLE_ROLES, { error: "role_invalid" });

export const RoleMatrixView = z.object({
  roles: z.record(editableRoleSchema, z.array(matrixPermissionSchema)),
});
export type RoleMatrixView = z.infer<typeof RoleMatrixView>;

export const UpdateRolePermissionsInput = z.object({ permissions: z.array(matrixPermissionSchema).max(64) });
export type UpdateRolePermissionsInput = z.infer<typeof UpdateRolePermissionsInput>;
