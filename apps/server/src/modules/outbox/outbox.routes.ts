import { OutboxListQuery, OutboxMailView, listResponse } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { readOutbox } from "./outbox.service.ts";

export function outboxRoutes(app: TypedApp, ctx: AppContext) {
  const schema = { querystring: OutboxListQuery, response: { 200: listResponse(OutboxMailView) } };
  app.get("/api/outbox", { config: { access: { permission: "user.manage" } }, schema }, (req) =>
    readOutbox(ctx, { companyId: requireMember(req.actor).companyId }, req.query),
  );
  app.get("/api/admin/outbox", { config: { access: { platformAdmin: true } }, schema }, (req) => readOutbox(ctx, { all: true }, req.query));
}
