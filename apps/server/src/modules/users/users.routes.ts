import { usersEndpoints } from "@holboo/core/endpoints/users.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as users from "./users.service.ts";

export function usersRoutes(app: TypedApp, ctx: AppContext) {
  const view = { config: { access: { permission: "settings.view" } } } as const;
  const manage = { config: { access: { permission: "user.manage" } } } as const;

  app.get("/api/users", { ...view, schema: usersEndpoints["GET /api/users"] }, (req) => users.listUsers(ctx, req.member, req.query));
  app.get("/api/users/:id", { ...view, schema: usersEndpoints["GET /api/users/:id"] }, (req) => users.getUser(ctx, req.member, req.params.id));
  app.post("/api/users/invite", { ...manage, schema: usersEndpoints["POST /api/users/invite"] }, (req) => users.inviteUser(ctx, req.member, req.body));
  app.post("/api/users/:id/resend-invite", { ...manage, schema: usersEndpoints["POST /api/users/:id/resend-invite"] }, (req) =>
    users.resendInvite(ctx, req.member, req.params.id),
  );
  app.put("/api/users/:id", { ...manage, schema: usersEndpoints["PUT /api/users/:id"] }, (req) => users.updateUser(ctx, req.member, req.params.id, req.body));
  app.put("/api/users/:id/status", { ...manage, schema: usersEndpoints["PUT /api/users/:id/status"] }, (req) =>
    users.setUserStatus(ctx, req.member, req.params.id, req.body.user_status),
  );
  app.delete("/api/users/:id", { ...manage, schema: usersEndpoints["DELETE /api/users/:id"] }, (req) => users.deleteUser(ctx, req.member, req.params.id));
}
