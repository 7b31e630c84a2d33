import { rolesEndpoints } from "@holboo/core/endpoints/roles.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { getRoleMatrix, updateRole } from "./roles.service.ts";

export function rolesRoutes(app: TypedApp, { db }: AppContext) {
  app.get("/api/roles", { config: { access: { permission: "settings.view" } }, schema: rolesEndpoints["GET /api/roles"] }, (request) =>
    getRoleMatrix(db, request.member),
  );

  app.put(
    "/api/roles/:role",
    {
      config: { access: { permission: "role.manage" } },
      schema: rolesEndpoints["PUT /api/roles/:role"],
    },
    (request) => updateRole(db, request.member, request.params.role, request.body.permissions),
  );
}
