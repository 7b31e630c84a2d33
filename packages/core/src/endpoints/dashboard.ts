/** The HTTP endpoints of modules/dashboard/dashboard.routes.ts: method and path → the route's zod schemas. */
import { DashboardExportQuery, DashboardQuery, DashboardView } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const dashboardEndpoints = {
  "GET /api/dashboard": { querystring: DashboardQuery, response: { 200: DashboardView } },
  "GET /api/dashboard/export": { querystring: DashboardExportQuery },
} as const satisfies EndpointTable;
