/** The HTTP endpoints of modules/answers/model-provider.routes.ts: method and path → the route's zod schemas. */
import { ModelProviderInput, ModelProviderView, okResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const answersEndpoints = {
  "GET /api/settings/model-provider": { response: { 200: ModelProviderView } },
  "PUT /api/settings/model-provider": { body: ModelProviderInput, response: { 200: ModelProviderView } },
  "DELETE /api/settings/model-provider": { response: { 200: okResponse } },
} as const satisfies EndpointTable;
