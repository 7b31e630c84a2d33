import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { customApiKeys, flowDetailKeys, flowKeys } from "./flows.keys.ts";

/** Every flow of the company (the flows page; the sub-flow picker asks only when it is shown). */
export const useFlows = (enabled = true) => useQuery({ queryKey: flowKeys.all, queryFn: () => api.get("/api/flows"), enabled });

/** One flow with its graph, for the canvas and the node page. */
export const useFlow = (id: number, enabled = true) =>
  useQuery({ queryKey: flowDetailKeys.one(id), queryFn: () => api.get("/api/flows/:id", { params: { id } }), enabled });

/** The company's custom API endpoints (their page; the API node's picker asks only when it is shown). */
export const useCustomApis = (enabled = true) => useQuery({ queryKey: customApiKeys.all, queryFn: () => api.get("/api/custom-api"), enabled });
