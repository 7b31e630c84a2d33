import type { AgentView, ChannelView } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http.ts";
import { useMe } from "../../../lib/session.ts";
import { agentKeys } from "./agents.keys.ts";

export const useAgents = () => useQuery({ queryKey: agentKeys.all, queryFn: () => http.get<{ items: AgentView[] }>("/api/virtual-agents") });

export function useCompanyChannels() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => http.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id ?? 0}/channel`),
    enabled: !!me,
  });
}

export { useFolders } from "../../knowledge/knowledge.queries.ts";
