import type { AppContext } from "../context.ts";
import { findVirtualAgent } from "../modules/companies/companies.lookup.ts";
import { fail } from "../platform/http/errors.ts";

/** The agent chosen to serve a channel must be one of the company's social agents, and only a chosen agent can be switched on. */
export async function servingAgentOf(ctx: AppContext, companyId: number, input: { agent_id: number | null; agent_active: boolean }) {
  if (input.agent_id === null) {
    if (input.agent_active) fail("virtual_agent_required", { agent_id: "virtual_agent_required" });
    return { agentId: null, agentActive: false };
  }
  const agent = await findVirtualAgent(ctx.db, companyId, input.agent_id);
  if (!agent || agent.agentType !== "social_agent") fail("virtual_agent_not_found", { agent_id: "virtual_agent_not_found" });
  return { agentId: input.agent_id, agentActive: input.agent_active };
}
