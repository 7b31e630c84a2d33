import { DEFAULT_TIME_ZONE, DURATION_BUCKETS_S, type ChannelType, type DashboardQuery, type DashboardSummary, type DashboardView } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { dashboardScope } from "./dashboard.policy.ts";
import * as repo from "./dashboard.repo.ts";
import type { MetricRow } from "./dashboard.repo.ts";
import type { Metric } from "./contributions.repo.ts";
import { periodWindow, previousWindow, seriesBuckets } from "./period.ts";

const BUCKETS = DURATION_BUCKETS_S.length + 1;
const NOT_FOUND_LIMIT = 10;
const MONTHLY_AFTER_DAYS = 92;

const get = (row: Partial<MetricRow>, metric: Metric) => Number(row[metric] ?? 0);

function add(into: Partial<MetricRow>, row: Partial<MetricRow>) {
  for (const [key, value] of Object.entries(row))
    if (typeof value === "number" || typeof value === "string") into[key as Metric] = get(into, key as Metric) + Number(value);
}

/**
 * A percentile from bucket counts: the upper edge of the bucket holding the p-th value ("at most"),
 * the last, open bucket reading as its lower edge. Null when nothing was counted.
 */
export function percentile(row: Partial<MetricRow>, prefix: "frt" | "res", p: number): number | null {
  const counts = Array.from({ length: BUCKETS }, (_, k) => get(row, `${prefix}_b${k}` as Metric));
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (!total) return null;
  const target = Math.ceil(p * total);
  let seen = 0;
  for (let k = 0; k < BUCKETS; k++) {
    seen += counts[k]!;
    if (seen >= target) return DURATION_BUCKETS_S[Math.min(k, DURATION_BUCKETS_S.length - 1)]!;
  }
  return null;
}

function average(row: Partial<MetricRow>, prefix: "rating" | "crating") {
  let n = 0;
  let sum = 0;
  for (let star = 1; star <= 5; star++) {
    const count = get(row, `${prefix}_${star}` as Metric);
    n += count;
    sum += star * count;
  }
  return n ? Math.round((sum / n) * 100) / 100 : null;
}

function summary(row: Partial<MetricRow>, open: number): DashboardSummary {
  return {
    created: get(row, "created"),
    closed: get(row, "closed"),
    open,
    first_response_median_s: percentile(row, "frt", 0.5),
    first_response_p90_s: percentile(row, "frt", 0.9),
    resolution_median_s: percentile(row, "res", 0.5),
    resolution_p90_s: percentile(row, "res", 0.9),
    rating_average: average(row, "rating"),
    customer_rating_average: average(row, "crating"),
    ai_handled: get(row, "ai_handled"),
    ai_alone: get(row, "ai_alone"),
    ai_handed_over: get(row, "ai_handover"),
    ai_verified: get(row, "ai_verified"),
    ai_assumed: get(row, "ai_assumed"),
  };
}

const total = (rows: Array<Partial<MetricRow>>) => rows.reduce<Partial<MetricRow>>((sum, row) => (add(sum, row), sum), {});

/** A point for every bucket of the period: the days (or months) without a conversation count zero. */
function fullSeries(rows: Array<{ date: string; created: number; closed: number }>, buckets: string[]) {
  const counted = new Map(rows.map((row) => [row.date, row]));
  return buckets.map((date) => ({ date, created: Number(counted.get(date)?.created ?? 0), closed: Number(counted.get(date)?.closed ?? 0) }));
}

/** The dashboard's figures for the query's period (and the one before), from the rollups. */
export async function figures(ctx: Pick<AppContext, "db">, actor: MemberActor, query: DashboardQuery, now = new Date()): Promise<DashboardView> {
  const { scope, filters } = dashboardScope(actor, query);
  const window = periodWindow(query, now);
  const previous = previousWindow(window);
  const companyId = actor.companyId;
  const unit = window.to.getTime() - window.from.getTime() > MONTHLY_AFTER_DAYS * 86_400_000 ? "month" : "day";
  const [rows, previousRows, open, previousOpen, series, heat, notFound, issues, names] = await Promise.all([
    repo.figuresByChannelAgent(ctx.db, companyId, window, filters),
    repo.figuresByChannelAgent(ctx.db, companyId, previous, filters),
    repo.openByChannel(ctx.db, companyId, window.to, filters),
    repo.openByChannel(ctx.db, companyId, previous.to, filters),
    repo.series(ctx.db, companyId, window, filters, unit),
    repo.heatmap(ctx.db, companyId, window, filters),
    scope === "company" && filters.agentId === undefined ? repo.topNotFound(ctx.db, companyId, window, NOT_FOUND_LIMIT) : Promise.resolve([]),
    repo.issuesByType(ctx.db, companyId, window, {
      ...(filters.channelId !== undefined ? { channelId: filters.channelId } : {}),
      ...(filters.agentId !== undefined ? { assigneeId: filters.agentId } : {}),
    }),
    repo.names(ctx.db, companyId),
  ]);
  const channelNames = new Map(names.channels.map((channel) => [channel.id, channel]));
  const people = new Map(names.users.map((user) => [user.id, user]));
  const personName = (id: number) => {
    const user = people.get(id);
    return user ? fullName(user.first_name, user.last_name) : "";
  };

  const byChannel = new Map<number, { created: number; closed: number; open: number }>();
  const byAgent = new Map<number, Partial<MetricRow>>();
  for (const row of rows) {
    const channel = byChannel.get(row.channel_id) ?? { created: 0, closed: 0, open: 0 };
    channel.created += get(row, "created");
    channel.closed += get(row, "closed");
    byChannel.set(row.channel_id, channel);
    const agent = byAgent.get(row.agent_id) ?? {};
    add(agent, row);
    byAgent.set(row.agent_id, agent);
  }
  for (const row of open) {
    const channel = byChannel.get(row.channel_id) ?? { created: 0, closed: 0, open: 0 };
    channel.open = row.open;
    byChannel.set(row.channel_id, channel);
  }
  const all = total(rows);
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of heat) for (let h = 0; h < 24; h++) heatmap[Number(row.dow) - 1]![h] = Number(row[`h${h}`] ?? 0);

  const agents = [...byAgent.entries()]
    .filter(([id, row]) => !people.get(id)?.virtual && (get(row, "created") || get(row, "closed")))
    .map(([id, row]) => ({
      user_id: id || null,
      name: id ? personName(id) : "",
      created: get(row, "created"),
      closed: get(row, "closed"),
      first_response_median_s: percentile(row, "frt", 0.5),
      resolution_median_s: percentile(row, "res", 0.5),
      rating_average: average(row, "rating"),
    }))
    .sort((a, b) => b.created - a.created || a.name.localeCompare(b.name));
  const virtualAgents = [...byAgent.entries()]
    .filter(([id, row]) => id && get(row, "ai_handled"))
    .map(([id, row]) => ({
      user_id: id,
      name: personName(id),
      handled: get(row, "ai_handled"),
      alone: get(row, "ai_alone"),
      handed_over: get(row, "ai_handover"),
      verified: get(row, "ai_verified"),
      assumed: get(row, "ai_assumed"),
    }))
    .sort((a, b) => b.handled - a.handled);

  return {
    scope,
    range: {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      previous_from: previous.from.toISOString(),
      previous_to: previous.to.toISOString(),
      time_zone: DEFAULT_TIME_ZONE,
    },
    summary: summary(
      all,
      open.reduce((sum, row) => sum + row.open, 0),
    ),
    previous: summary(
      total(previousRows),
      previousOpen.reduce((sum, row) => sum + row.open, 0),
    ),
    channels: [...byChannel.entries()]
      .filter(([, channel]) => channel.created || channel.closed || channel.open)
      .map(([id, channel]) => ({
        channel_id: id || null,
        type: (channelNames.get(id)?.type as ChannelType | undefined) ?? null,
        name: channelNames.get(id)?.name ?? "",
        ...channel,
      }))
      .sort((a, b) => b.created - a.created),
    agents,
    virtual_agents: virtualAgents,
    ratings: {
      closer: [1, 2, 3, 4, 5].map((star) => get(all, `rating_${star}` as Metric)),
      customer: [1, 2, 3, 4, 5].map((star) => get(all, `crating_${star}` as Metric)),
    },
    moods: { angry: get(all, "mood_angry"), frowning: get(all, "mood_frowning"), normal: get(all, "mood_normal"), grinning: get(all, "mood_grinning") },
    series: fullSeries(series, seriesBuckets(window, unit, query.period === "all" ? series[0]?.date : undefined)),
    series_unit: unit,
    heatmap,
    not_found: notFound.map((row) => ({ question: row.question, count: Number(row.count) })),
    issues: issues.map((row) => ({ type_id: row.type_id, name: row.name ?? "", opened: Number(row.opened), resolved: Number(row.resolved) })),
  };
}
