/** The HTTP endpoints of modules/saved-responses/saved-responses.routes.ts: method and path → the route's zod schemas. */
import { SavedResponseInput, SavedResponseListQuery, SavedResponseView, idParamSchema, listResponse, okResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const savedResponsesEndpoints = {
  "GET /api/saved-responses": { querystring: SavedResponseListQuery, response: { 200: listResponse(SavedResponseView) } },
  "POST /api/saved-responses": { body: SavedResponseInput, response: { 200: SavedResponseView } },
  "PUT /api/saved-responses/:id": { params: idParamSchema, body: SavedResponseInput, response: { 200: SavedResponseView } },
  "DELETE /api/saved-responses/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
