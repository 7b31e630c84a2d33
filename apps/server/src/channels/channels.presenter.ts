import type { ChannelType, ChannelView } from "@holboo/core";
import type { ChannelRow } from "./channels.repo.ts";

export const presentChannel = (row: ChannelRow): ChannelView => ({
  id: row.id,
  type: row.type as ChannelType,
  name: row.name,
  number: row.number,
  description: row.description,
  active: row.active,
  agent_id: row.agentId,
  agent_active: row.agentActive,
  created_at: row.createdAt.toISOString(),
});
