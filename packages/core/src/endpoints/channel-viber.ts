/** The HTTP endpoints of channels/viber/setup.routes.ts: method and path → the route's zod schemas. */
import { ViberChannelInput, ViberChannelUpdate, ViberChannelView, idParamSchema } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const channelViberEndpoints = {
  "POST /api/viber-channels": { body: ViberChannelInput, response: { 200: ViberChannelView } },
  "GET /api/viber-channels/:id": { params: idParamSchema, response: { 200: ViberChannelView } },
  "PUT /api/viber-channels/:id": { params: idParamSchema, body: ViberChannelUpdate, response: { 200: ViberChannelView } },
} as const satisfies EndpointTable;
