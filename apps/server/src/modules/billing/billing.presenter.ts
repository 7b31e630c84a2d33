import type { InvoiceAgentLine, InvoiceView, PlanCode, PlanTerm, PlanView } from "@holboo/core";
import type { InvoiceRow, PlanRow } from "./billing.repo.ts";

export const presentPlan = (plan: PlanRow): PlanView => ({
  id: plan.id,
  code: plan.code as PlanCode,
  max_users: plan.maxUsers,
  max_channels: plan.maxChannels,
  max_agents: plan.maxAgents,
  max_articles: plan.maxArticles,
  price_day: plan.priceDay,
  price_month: plan.priceMonth,
  price_year: plan.priceYear,
  extra_agent_day_price: plan.extraAgentDayPrice,
  trial_days: plan.trialDays,
});

export const presentInvoice = (invoice: InvoiceRow): InvoiceView => ({
  id: invoice.id,
  number: invoice.number,
  status: invoice.status as InvoiceView["status"],
  plan: invoice.planCode as PlanCode,
  term: invoice.term as PlanTerm,
  amount: invoice.amount,
  auto_extend: invoice.autoExtend,
  period_start: invoice.periodStart.toISOString(),
  period_end: invoice.periodEnd.toISOString(),
  due_at: invoice.dueAt.toISOString(),
  agents: invoice.agents as InvoiceAgentLine[],
  created_at: invoice.createdAt.toISOString(),
  paid_at: invoice.paidAt?.toISOString() ?? null,
  activated_at: invoice.activatedAt?.toISOString() ?? null,
  ended_at: invoice.endedAt?.toISOString() ?? null,
  cancelled_at: invoice.cancelledAt?.toISOString() ?? null,
});
