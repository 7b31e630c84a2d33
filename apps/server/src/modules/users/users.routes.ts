import { InviteUserInput, SetUserStatusInput, UpdateUserInput, UserListQuery, UserView, idParamSchema, listResponse, okResponse } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as users from "./users.service.ts";

export function usersRoutes(app: TypedApp, ctx: AppContext) {
  const view = { config: { access: { permission: "settings.view" } } } as const;
  const manage = { config: { access: { permission: "user.manage" } } } as const;
  const user = { 200: UserView };

  app.get("/api/users", { ...view, schema: { querystring: UserListQuery, response: { 200: listResponse(UserView) } } }, (req) =>
    users.listUsers(ctx, requireMember(req.actor), req.query),
  );
  app.get("/api/users/:id", { ...view, schema: { params: idParamSchema, response: user } }, (req) =>
    users.getUser(ctx, requireMember(req.actor), req.params.id),
  );
  app.post("/api/users/invite", { ...manage, schema: { body: InviteUserInput, response: user } }, (req) =>
    users.inviteUser(ctx, requireMember(req.actor), req.body),
  );
  app.post("/api/users/:id/resend-invite", { ...manage, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    users.resendInvite(ctx, requireMember(req.actor), req.params.id),
  );
  app.put("/api/users/:id", { ...manage, schema: { params: idParamSchema, body: UpdateUserInput, response: user } }, (req) =>
    users.updateUser(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.put("/api/users/:id/status", { ...manage, schema: { params: idParamSchema, body: SetUserStatusInput, response: user } }, (req) =>
    users.setUserStatus(ctx, requireMember(req.actor), req.params.id, req.body.user_status),
  );
  app.delete("/api/users/:id", { ...manage, schema: { params: idParamSchema, response: { 200: okResponse } } }, (req) =>
    users.deleteUser(ctx, requireMember(req.actor), req.params.id),
  );
}
