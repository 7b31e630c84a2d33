/** The HTTP endpoints of modules/custom-api/custom-api.routes.ts: method and path → the route's zod schemas. */
import {
  CustomApiDraftTestInput,
  CustomApiInput,
  CustomApiListView,
  CustomApiStatusInput,
  CustomApiTestInput,
  CustomApiTestView,
  CustomApiView,
  idParamSchema,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const customApiEndpoints = {
  "GET /api/custom-api": { response: { 200: CustomApiListView } },
  "GET /api/custom-api/:id": { params: idParamSchema, response: { 200: CustomApiView } },
  "POST /api/custom-api": { body: CustomApiInput, response: { 200: CustomApiView } },
  "PUT /api/custom-api/:id": { params: idParamSchema, body: CustomApiInput, response: { 200: CustomApiView } },
  "POST /api/custom-api/:id/status": { params: idParamSchema, body: CustomApiStatusInput, response: { 200: CustomApiView } },
  "POST /api/custom-api/test": { body: CustomApiDraftTestInput, response: { 200: CustomApiTestView } },
  "POST /api/custom-api/:id/test": { params: idParamSchema, body: CustomApiTestInput, response: { 200: CustomApiTestView } },
  "DELETE /api/custom-api/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
