import { auditEndpoints } from "@holboo/core/endpoints/audit.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { listAudit } from "./audit.service.ts";

/** Read only: there is no route that edits or deletes an entry (the table also refuses UPDATE). */
export function auditRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/api/audit", { config: { access: { permission: "audit.view" } }, schema: auditEndpoints["GET /api/audit"] }, (req) =>
    listAudit(ctx, req.member, req.query),
  );
}
