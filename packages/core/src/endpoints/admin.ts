/** The HTTP endpoints of modules/admin/admin.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  AdminCompanyListQuery,
  AdminCompanyView,
  AdminSettingsView,
  AdminUserListQuery,
  AdminUserView,
  DeadJobIdParams,
  DeadJobView,
  idParamSchema,
  listQueryBase,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const adminEndpoints = {
  "GET /api/admin/companies": { querystring: AdminCompanyListQuery, response: { 200: listResponse(AdminCompanyView) } },
  "GET /api/admin/users": { querystring: AdminUserListQuery, response: { 200: listResponse(AdminUserView) } },
  "POST /api/admin/users/:id/approve": { params: idParamSchema, response: { 200: okResponse } },
  "POST /api/admin/users/:id/handoff": { params: idParamSchema, response: { 200: z.object({ url: z.string() }) } },
  "GET /api/admin/jobs/dead": { querystring: listQueryBase, response: { 200: listResponse(DeadJobView) } },
  "POST /api/admin/jobs/:id/retry": { params: DeadJobIdParams, response: { 200: okResponse } },
  "GET /api/admin/settings": { response: { 200: AdminSettingsView } },
} as const satisfies EndpointTable;
