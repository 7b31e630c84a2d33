/** The HTTP endpoints of modules/audit/audit.routes.ts: method and path → the route's zod schemas. */
import { AuditEntryView, AuditListQuery, listResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const auditEndpoints = {
  "GET /api/audit": { querystring: AuditListQuery, response: { 200: listResponse(AuditEntryView) } },
} as const satisfies EndpointTable;
