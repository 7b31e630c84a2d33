/** The HTTP endpoints of modules/agents/agents.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import { AgentDeleteInput, AgentInput, AgentUpdateInput, AgentView, idParamSchema, okResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const agentsEndpoints = {
  "GET /api/virtual-agents": { response: { 200: z.object({ items: z.array(AgentView) }) } },
  "GET /api/virtual-agents/:id": { params: idParamSchema, response: { 200: AgentView } },
  "POST /api/virtual-agents": { body: AgentInput, response: { 200: AgentView } },
  "PUT /api/virtual-agents/:id": { params: idParamSchema, body: AgentUpdateInput, response: { 200: AgentView } },
  "POST /api/virtual-agents/:id/photo": { params: idParamSchema, response: { 200: AgentView } },
  "DELETE /api/virtual-agents/:id": { params: idParamSchema, body: AgentDeleteInput, response: { 200: okResponse } },
} as const satisfies EndpointTable;
