import type { ChannelType } from "@holboo/core";
import { fail } from "../../platform/http/errors.ts";

/**
 * Spec §4: an additional agent cannot be removed before the next invoice. Billing supplies the date; with
 * no invoice date (no billing yet, or nothing to invoice) removal is allowed.
 */
export function additionalAgentRemovable(nextInvoiceAt: Date | null, now: Date): boolean {
  return nextInvoiceAt === null || now.getTime() >= nextInvoiceAt.getTime();
}

export function canRemoveAgent(agent: { isPrimary: boolean }, nextInvoiceAt: Date | null, now: Date): boolean {
  return !agent.isPrimary && additionalAgentRemovable(nextInvoiceAt, now);
}

/** The primary agent is never removed; an additional one not before the next invoice. */
export function assertAgentRemovable(agent: { isPrimary: boolean }, nextInvoiceAt: Date | null, now: Date): void {
  if (agent.isPrimary) fail("primary_bot_cannot_be_removed");
  if (!additionalAgentRemovable(nextInvoiceAt, now)) fail("agent_removal_before_invoice");
}

/** A social agent serves the digital channels, a call operator the voice ones (spec §1). */
export function agentServesChannel(agentType: string, channelType: ChannelType | string): boolean {
  return channelType === "voice" ? agentType === "call_operator" : agentType === "social_agent";
}
