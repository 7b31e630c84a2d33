/** The HTTP endpoints of modules/flows/flows.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import {
  FlowCreateInput,
  FlowListView,
  FlowProblem,
  FlowStatusInput,
  FlowTestInput,
  FlowTestView,
  FlowUpdateInput,
  FlowView,
  idParamSchema,
  okResponse,
  VoicePromptMediaParams,
  VoicePromptUploadView,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const flowsEndpoints = {
  "GET /api/flows": { response: { 200: FlowListView } },
  "GET /api/flows/:id": { params: idParamSchema, response: { 200: FlowView } },
  "POST /api/flows": { body: FlowCreateInput, response: { 200: FlowView } },
  "PUT /api/flows/:id": { params: idParamSchema, body: FlowUpdateInput, response: { 200: FlowView } },
  "POST /api/flows/:id/duplicate": { params: idParamSchema, response: { 200: FlowView } },
  "GET /api/flows/:id/problems": { params: idParamSchema, response: { 200: z.object({ problems: z.array(FlowProblem) }) } },
  "POST /api/flows/:id/status": { params: idParamSchema, body: FlowStatusInput, response: { 200: FlowView } },
  "POST /api/flows/:id/test": { params: idParamSchema, body: FlowTestInput, response: { 200: FlowTestView } },
  "DELETE /api/flows/:id": { params: idParamSchema, response: { 200: okResponse } },
  // A multipart upload (one audio file).
  "POST /api/flows/prompts": { response: { 200: VoicePromptUploadView } },
  // Fetched by Asterisk, not the web app: the audio itself.
  "GET /api/voice-prompts/:company_id/:file_id/:expires/:signature": { params: VoicePromptMediaParams },
} as const satisfies EndpointTable;
