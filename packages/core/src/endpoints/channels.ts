/** The HTTP endpoints of modules/channels/channels.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import { ChannelActiveInput, ChannelView, idParamSchema, okResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const channelsEndpoints = {
  "GET /api/company/:company_id/channel": {
    params: z.object({ company_id: z.coerce.number().int({ error: "company_id_empty" }) }),
    response: { 200: z.object({ items: z.array(ChannelView) }) },
  },
  "PUT /api/channels/:id/active": { params: idParamSchema, body: ChannelActiveInput, response: { 200: ChannelView } },
  "DELETE /api/channels/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
