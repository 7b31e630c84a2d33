/** The HTTP endpoints of channels/media.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import type { EndpointTable } from "./define.ts";

export const channelMediaEndpoints = {
  "GET /api/channel-media/:company_id/:file_id/:signature": {
    params: z.object({ company_id: z.coerce.number().int().positive(), file_id: z.uuid({ error: "file_not_found" }), signature: z.string().max(128) }),
  },
} as const satisfies EndpointTable;
