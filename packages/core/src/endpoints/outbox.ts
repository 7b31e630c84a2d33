/** The HTTP endpoints of modules/outbox/outbox.routes.ts: method and path → the route's zod schemas. */
import { OutboxListQuery, OutboxMailView, listResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const outboxEndpoints = {
  "GET /api/outbox": { querystring: OutboxListQuery, response: { 200: listResponse(OutboxMailView) } },
  "GET /api/admin/outbox": { querystring: OutboxListQuery, response: { 200: listResponse(OutboxMailView) } },
} as const satisfies EndpointTable;
