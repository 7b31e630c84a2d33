import type { ErrorCode, LimitedResource } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";

const LIMIT_ERRORS: Record<LimitedResource, ErrorCode> = {
  users: "user_limit_exceeded",
  channels: "channel_limit_exceeded",
  agents: "agent_limit_exceeded",
  articles: "article_limit_reached",
};

export function limitOf(plan: repo.PlanRow, resource: LimitedResource): number | null {
  switch (resource) {
    case "users":
      return plan.maxUsers;
    case "channels":
      return plan.maxChannels;
    case "agents":
      return plan.maxAgents;
    case "articles":
      return plan.maxArticles;
  }
}

/**
 * The one place the package's limits are enforced. Call it inside the transaction that adds the user, channel,
 * agent or article, before the insert: it locks the company's subscription row, so concurrent adds of one company
 * count one after the other and the (N+1)th is refused with the catalogue's "upgrade your package" error.
 * A company without a subscription row (none should exist: onboarding and the migration create one) counts
 * against the trial plan.
 */
export async function assertWithinLimit(tx: Executor, companyId: number, resource: LimitedResource, adding = 1): Promise<void> {
  const subscription = await repo.lockSubscription(tx, companyId);
  const plan = subscription ? await repo.findPlanById(tx, subscription.planId) : await repo.findPlanByCode(tx, "trial");
  if (!plan) return;
  const limit = limitOf(plan, resource);
  if (limit === null) return;
  const used = await repo.countResource(tx, companyId, resource);
  if (used + adding > limit) fail(LIMIT_ERRORS[resource], undefined, { limit });
}
