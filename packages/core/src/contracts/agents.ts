import { z } from "zod";
import { CHANNEL_TYPES } from "./channels.ts";
import { VIRTUAL_AGENT_TYPES } from "./companies.ts";

/** Virtual agents (spec §3, §4): /settings/virtualagents. */
export const AGENT_NAME_MAX_CHARS = 60;

export const AgentChannelInput = z.object({
  channel_id: z.number({ error: "invalid_parameters" }).int().positive({ error: "invalid_parameters" }),
  /** Started (the agent answers first) or ended (assigned, but people answer). */
  active: z.boolean({ error: "invalid_parameters" }),
});
export type AgentChannelInput = z.infer<typeof AgentChannelInput>;

const ids = z.array(z.number({ error: "invalid_parameters" }).int().positive({ error: "invalid_parameters" })).max(500, { error: "invalid_parameters" });

export const AgentInput = z.object({
  name: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(AGENT_NAME_MAX_CHARS, { error: "name_too_long" }),
  agent_type: z.enum(VIRTUAL_AGENT_TYPES, { error: "invalid_parameters" }),
  active: z.boolean({ error: "invalid_parameters" }).default(true),
  /** The channels it serves; one agent per channel, so a channel another agent has started is refused. */
  channels: z.array(AgentChannelInput).max(200, { error: "invalid_parameters" }).default([]),
  /** The knowledge folders it answers from. */
  folder_ids: ids.default([]),
});
export type AgentInput = z.infer<typeof AgentInput>;

/** An edit may also make the agent the primary one (the previous primary becomes additional). */
export const AgentUpdateInput = AgentInput.extend({ is_primary: z.boolean({ error: "invalid_parameters" }).optional() });
export type AgentUpdateInput = z.infer<typeof AgentUpdateInput>;

export const AgentDeleteInput = z.object({
  /** The agent that takes over the deleted agent's knowledge folders; null: they stop being used by it. */
  transfer_to: z.number({ error: "invalid_parameters" }).int().positive({ error: "invalid_parameters" }).nullable().default(null),
});
export type AgentDeleteInput = z.infer<typeof AgentDeleteInput>;

export const AgentView = z.object({
  id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  agent_type: z.enum(VIRTUAL_AGENT_TYPES),
  is_primary: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.enum(CHANNEL_TYPES), active: z.boolean() })),
  folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
  flows: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.string() })),
  /** Whether the delete action is offered (the primary never; an additional agent not before the next invoice). */
  removable: z.boolean(),
});
export type AgentView = z.infer<typeof AgentView>;
