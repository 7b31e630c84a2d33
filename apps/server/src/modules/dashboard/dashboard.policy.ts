import type { DashboardQuery } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Filters } from "./dashboard.repo.ts";

/**
 * Whose figures a person sees: the company's with dashboard.view_company, otherwise only the
 * conversations that count for them (whatever agent filter they ask for).
 */
export function dashboardScope(actor: MemberActor, query: Pick<DashboardQuery, "channel_id" | "agent_id">): { scope: "company" | "own"; filters: Filters } {
  const filters: Filters = {};
  if (query.channel_id !== undefined) filters.channelId = query.channel_id;
  if (actor.permissions.has("dashboard.view_company")) {
    if (query.agent_id !== undefined) filters.agentId = query.agent_id;
    return { scope: "company", filters };
  }
  return { scope: "own", filters: { ...filters, agentId: actor.userId } };
}
