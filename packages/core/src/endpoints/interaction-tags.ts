/** The HTTP endpoints of modules/interaction-tags/interaction-tags.routes.ts: method and path → the route's zod schemas. */
import { InteractionTagInput, InteractionTagView, idParamSchema, listResponse, okResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const interactionTagsEndpoints = {
  "GET /api/interaction-tags": { response: { 200: listResponse(InteractionTagView) } },
  "POST /api/interaction-tags": { body: InteractionTagInput, response: { 200: InteractionTagView } },
  "PUT /api/interaction-tags/:id": { params: idParamSchema, body: InteractionTagInput, response: { 200: InteractionTagView } },
  "DELETE /api/interaction-tags/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
