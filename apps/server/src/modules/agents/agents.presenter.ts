import type { AgentView, ChannelType } from "@holboo/core";
import type { AgentWithPhoto } from "./agents.repo.ts";

export interface AgentLinks {
  channels: { id: number; name: string; type: string; agentId: number | null; agentActive: boolean }[];
  folders: { agentId: number; id: number; name: string }[];
  flows: { agentId: number; id: number; title: string; status: string }[];
}

export function presentAgent({ agent, photoFileId }: AgentWithPhoto, links: AgentLinks, removable: boolean): AgentView {
  return {
    id: agent.id,
    name: agent.name,
    photo_url: photoFileId ? `/api/files/${photoFileId}` : null,
    agent_type: agent.agentType as AgentView["agent_type"],
    is_primary: agent.isPrimary,
    active: agent.active,
    created_at: agent.createdAt.toISOString(),
    channels: links.channels.filter((c) => c.agentId === agent.id).map((c) => ({ id: c.id, name: c.name, type: c.type as ChannelType, active: c.agentActive })),
    folders: links.folders.filter((f) => f.agentId === agent.id).map((f) => ({ id: f.id, name: f.name })),
    flows: links.flows.filter((f) => f.agentId === agent.id).map((f) => ({ id: f.id, title: f.title, status: f.status })),
    removable,
  };
}
