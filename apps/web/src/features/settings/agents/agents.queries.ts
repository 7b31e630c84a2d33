import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { agentKeys } from "./agents.keys.ts";

export const useAgents = () => useQuery({ queryKey: agentKeys.all, queryFn: () => api.get("/api/virtual-agents") });

export { useFolders } from "../../knowledge/knowledge.queries.ts";
