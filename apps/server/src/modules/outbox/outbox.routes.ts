import { outboxEndpoints } from "@holboo/core/endpoints/outbox.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { readOutbox } from "./outbox.service.ts";

export function outboxRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/api/outbox", { config: { access: { permission: "user.manage" } }, schema: outboxEndpoints["GET /api/outbox"] }, (req) =>
    readOutbox(ctx, { companyId: req.member.companyId }, req.query),
  );
  app.get("/api/admin/outbox", { config: { access: { platformAdmin: true } }, schema: outboxEndpoints["GET /api/admin/outbox"] }, (req) =>
    readOutbox(ctx, { all: true }, req.query),
  );
}
