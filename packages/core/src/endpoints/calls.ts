/** The HTTP endpoints of modules/calls/calls.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  CallCenterSettingsInput,
  CallCenterView,
  CallExtensionInput,
  CallLineInput,
  CallMonitorQuery,
  CallMinutesView,
  CallMonitorView,
  CallView,
  ClickToCallInput,
  PbxConnectionInput,
  idParamSchema,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const callsEndpoints = {
  "GET /api/call-center": { response: { 200: CallCenterView } },
  "PUT /api/call-center/connection": { body: PbxConnectionInput, response: { 200: CallCenterView } },
  "DELETE /api/call-center/connection": { response: { 200: CallCenterView } },
  "PUT /api/call-center/settings": { body: CallCenterSettingsInput, response: { 200: CallCenterView } },
  "POST /api/call-center/lines": { body: CallLineInput, response: { 200: CallCenterView } },
  "DELETE /api/call-center/lines/:id": { params: idParamSchema, response: { 200: CallCenterView } },
  "POST /api/call-center/extensions": { body: CallExtensionInput, response: { 200: CallCenterView } },
  "DELETE /api/call-center/extensions/:id": { params: idParamSchema, response: { 200: CallCenterView } },
  "GET /api/call-center/enabled": { response: { 200: z.object({ enabled: z.boolean() }) } },
  "GET /api/call-center/monitor": { querystring: CallMonitorQuery, response: { 200: CallMonitorView } },
  // The audio itself, streamed (Range → 206).
  "GET /api/calls/:id/recording": { params: idParamSchema },
  "GET /api/call-center/monitor/minutes": { querystring: CallMonitorQuery, response: { 200: CallMinutesView } },
  "GET /api/interactions/:id/calls": { params: idParamSchema, response: { 200: z.array(CallView) } },
  "GET /api/contacts/:id/calls": { params: idParamSchema, response: { 200: z.array(CallView) } },
  "POST /api/calls": { body: ClickToCallInput, response: { 200: okResponse } },
} as const satisfies EndpointTable;
