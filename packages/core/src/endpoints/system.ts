/** The HTTP endpoints of modules/system/system.routes.ts: method and path → the route's zod schemas. */
import { VersionView } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const systemEndpoints = {
  "GET /pub/version": { response: { 200: VersionView } },
  "GET /api/health": {},
} as const satisfies EndpointTable;
