import type { AgentView, ChannelView } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useMe } from "../../../lib/session.ts";

export const agentKeys = { all: ["virtual-agents"] as const };

export const useAgents = () => useQuery({ queryKey: agentKeys.all, queryFn: () => api.get<{ items: AgentView[] }>("/api/virtual-agents") });

export function useCompanyChannels() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => api.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id ?? 0}/channel`),
    enabled: !!me,
  });
}

export { useFolders } from "../../knowledge/knowledge.queries.ts";
