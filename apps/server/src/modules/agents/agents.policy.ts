import type { ChannelType } from "@holboo/core";
import { fail } from "../../platform/http/errors.ts";

/** Spec §4: the primary agent is never removed, nor an additional one held until the next invoice (billing decides). */
export function canRemoveAgent(agent: { isPrimary: boolean }, heldUntilInvoice: boolean): boolean {
  return !agent.isPrimary && !heldUntilInvoice;
}

export function assertAgentRemovable(agent: { isPrimary: boolean }, heldUntilInvoice: boolean): void {
  if (agent.isPrimary) fail("primary_bot_cannot_be_removed");
  if (heldUntilInvoice) fail("agent_remove_before_invoice");
}

/** A social agent serves the digital channels, a call operator the voice ones (spec §1). */
export function agentServesChannel(agentType: string, channelType: ChannelType | string): boolean {
  return channelType === "voice" ? agentType === "call_operator" : agentType === "social_agent";
}
