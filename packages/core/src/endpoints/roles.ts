/** The HTTP endpoints of modules/roles/roles.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import { RoleMatrixView, UpdateRolePermissionsInput, editableRoleSchema } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const rolesEndpoints = {
  "GET /api/roles": { response: { 200: RoleMatrixView } },
  "PUT /api/roles/:role": { params: z.object({ role: editableRoleSchema }), body: UpdateRolePermissionsInput, response: { 200: RoleMatrixView } },
} as const satisfies EndpointTable;
