import type { AgentUpdateInput, AgentView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, notifyError } from "../../../lib/api.ts";
import { channelKeys } from "../channels/channels.keys.ts";
import { flowKeys } from "../flows/flows.keys.ts";
import { agentKeys } from "./agents.keys.ts";

export const useAgents = () => useQuery({ queryKey: agentKeys.all, queryFn: () => api.get("/api/virtual-agents") });

export { useFolders } from "../../knowledge/knowledge.queries.ts";

// --- The agent dialog (AgentDialog) ---

/** Creates or updates an agent, then uploads its new photo if one was chosen; the agents and channels refresh. */
export function useSaveAgent(agent: AgentView | null, photo: File | null, handlers: { onSaved: () => void; onError: (error: unknown) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AgentUpdateInput) => {
      const saved = agent ? await api.put("/api/virtual-agents/:id", { params: { id: agent.id }, body }) : await api.post("/api/virtual-agents", { body });
      if (photo) {
        const data = new FormData();
        data.append("file", photo);
        await api.upload("/api/virtual-agents/:id/photo", data, { id: saved.id });
      }
      return saved;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.all });
      void client.invalidateQueries({ queryKey: channelKeys.all });
      handlers.onSaved();
    },
    onError: handlers.onError,
  });
}

// --- Deleting an agent (DeleteAgentDialog) ---

/** Deletes an agent with its flows, handing its knowledge folders to `transfer_to` (null: to none); agents, channels and flows refresh. */
export function useDeleteAgent(agentId: number, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transferTo: number | null) => api.del("/api/virtual-agents/:id", { params: { id: agentId }, body: { transfer_to: transferTo } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.all });
      void client.invalidateQueries({ queryKey: channelKeys.all });
      void client.invalidateQueries({ queryKey: flowKeys.all });
      onDeleted();
    },
    onError: notifyError,
  });
}
