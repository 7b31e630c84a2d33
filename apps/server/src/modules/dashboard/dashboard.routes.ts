import { dashboardEndpoints } from "@holboo/core/endpoints/dashboard.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { figures } from "./dashboard.service.ts";
import { exportFigures } from "./export.service.ts";

/** The dashboard: every member sees figures (their own without dashboard.view_company, see dashboard.policy.ts); export needs dashboard.export. */
export function dashboardRoutes(app: TypedApp, ctx: AppContext) {
  app.get("/api/dashboard", { config: { access: { member: true } }, schema: dashboardEndpoints["GET /api/dashboard"] }, (req) =>
    figures(ctx, req.member, req.query),
  );
  app.get(
    "/api/dashboard/export",
    { config: { access: { permission: "dashboard.export" } }, schema: dashboardEndpoints["GET /api/dashboard/export"] },
    async (req, reply) => {
      const file = await exportFigures(ctx, req.member, req.query);
      return reply.type(file.mime).header("content-disposition", `attachment; filename="${file.filename}"`).send(file.body);
    },
  );
}
