import type { InvoiceAgentLine } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./billing.repo.ts";
import { daysBetween } from "./billing.time.ts";

/**
 * Billing of virtual agents: call in the transaction that creates an agent (after `assertWithinLimit(tx, companyId, "agents")`)
 * and in the one that deletes it. An agent beyond the primary is billed per day it lived in each invoiced period.
 */
export async function recordAgentAdded(tx: Executor, companyId: number, agent: { id: number; name: string; isPrimary: boolean }, now = new Date()) {
  await repo.insertAgentUsage(tx, { companyId, agentId: agent.id, name: agent.name, isPrimary: agent.isPrimary, startedAt: now });
}

export async function recordAgentRemoved(tx: Executor, companyId: number, agentId: number, now = new Date()) {
  await repo.endAgentUsage(tx, companyId, agentId, now);
}

/**
 * Whether an additional agent is held until the next invoice (spec §4): one added during the running paid
 * period is billed through it and cannot be removed before the invoice. The primary agent is never held.
 */
export async function agentHeldUntilInvoice(db: Executor, companyId: number, agentId: number, now = new Date()): Promise<boolean> {
  const subscription = await repo.findSubscription(db, companyId);
  if (!subscription?.nextInvoiceAt || subscription.status !== "active" || subscription.nextInvoiceAt <= now) return false;
  const since = subscription.periodStart ?? subscription.confirmedAt;
  const [usage] = await repo.agentUsageIn(db, companyId, now, subscription.nextInvoiceAt).then((rows) => rows.filter((row) => row.agentId === agentId));
  return Boolean(usage && !usage.isPrimary && since && usage.startedAt >= since);
}

export async function assertAgentRemovable(db: Executor, companyId: number, agentId: number, now = new Date()) {
  if (await agentHeldUntilInvoice(db, companyId, agentId, now)) fail("agent_remove_before_invoice");
}

/** The main and additional agents of [start, end): bought day, days worked and what the additional ones cost. */
export async function agentLines(db: Executor, companyId: number, plan: repo.PlanRow, start: Date, end: Date): Promise<InvoiceAgentLine[]> {
  const rows = await repo.agentUsageIn(db, companyId, start, end);
  return rows.map((row) => {
    const from = row.startedAt > start ? row.startedAt : start;
    const to = row.endedAt && row.endedAt < end ? row.endedAt : end;
    const days = daysBetween(from, to);
    return {
      name: row.name,
      kind: row.isPrimary ? "main" : "additional",
      bought_at: row.startedAt.toISOString(),
      days_worked: days,
      amount: row.isPrimary ? 0 : days * plan.extraAgentDayPrice,
    };
  });
}
