import { z } from "zod";
import { CHANNEL_TYPES } from "./channels.ts";

/**
 * The dashboard's periods: the spec's date filter (today, last 7 days, last 1 month) and the picker's
 * presets (24_hour, 7_day, 1, 3, 6 months, custom), with a year and all time for long views.
 */
export const DASHBOARD_PERIODS = ["today", "24_hour", "7_day", "1", "3", "6", "12", "all", "custom"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Duration buckets (upper edges, seconds) of first response and resolution time; the last bucket is open. */
export const DURATION_BUCKETS_S = [
  15, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 14400, 21600, 28800, 43200, 86400, 172800, 259200, 604800,
] as const;
/** How long after the close a customer who has not come back on the same matter makes the AI agent's resolution verified. */
export const AI_VERIFY_AFTER_HOURS = 72;
/** Weekdays and hours of the heatmap are read in the company's time zone. */
export const DEFAULT_TIME_ZONE = "Asia/Ulaanbaatar";

const dayOrInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: "dashboard_range_invalid" });

export const DashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: "dashboard_range_invalid" }).default("7_day"),
  /** For `custom`: the first and last day (`YYYY-MM-DD`, both included) or instants. */
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  channel_id: z.coerce.number().int().positive({ error: "invalid_parameters" }).optional(),
  agent_id: z.coerce.number().int().positive({ error: "invalid_parameters" }).optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const DASHBOARD_TABLES = ["summary", "channels", "agents", "virtual_agents", "ratings", "moods", "series", "heatmap", "not_found", "issues"] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

export const DashboardExportQuery = DashboardQuery.extend({
  format: z.enum(["csv", "xlsx"], { error: "invalid_parameters" }).default("xlsx"),
  /** One table (CSV needs one); an XLSX without it holds every table, a sheet each. */
  table: z.enum(DASHBOARD_TABLES, { error: "invalid_parameters" }).optional(),
});
export type DashboardExportQuery = z.infer<typeof DashboardExportQuery>;

const seconds = z.number().int().nullable();

/** The headline figures of one period. Times are "at most" values read from the duration buckets. */
export const DashboardSummary = z.object({
  created: z.number().int(),
  closed: z.number().int(),
  /** Open at the end of the period. */
  open: z.number().int(),
  first_response_median_s: seconds,
  first_response_p90_s: seconds,
  resolution_median_s: seconds,
  resolution_p90_s: seconds,
  rating_average: z.number().nullable(),
  customer_rating_average: z.number().nullable(),
  ai_handled: z.number().int(),
  ai_alone: z.number().int(),
  ai_handed_over: z.number().int(),
  ai_verified: z.number().int(),
  ai_assumed: z.number().int(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

export const DashboardView = z.object({
  /** `company` with dashboard.view_company, otherwise `own`: only the person's conversations. */
  scope: z.enum(["company", "own"]),
  range: z.object({ from: z.string(), to: z.string(), previous_from: z.string(), previous_to: z.string(), time_zone: z.string() }),
  summary: DashboardSummary,
  previous: DashboardSummary,
  channels: z.array(
    z.object({
      channel_id: z.number().int().nullable(),
      type: z.enum(CHANNEL_TYPES).nullable(),
      name: z.string(),
      created: z.number().int(),
      closed: z.number().int(),
      open: z.number().int(),
    }),
  ),
  agents: z.array(
    z.object({
      user_id: z.number().int().nullable(),
      name: z.string(),
      created: z.number().int(),
      closed: z.number().int(),
      first_response_median_s: seconds,
      resolution_median_s: seconds,
      rating_average: z.number().nullable(),
    }),
  ),
  virtual_agents: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      handled: z.number().int(),
      alone: z.number().int(),
      handed_over: z.number().int(),
      verified: z.number().int(),
      assumed: z.number().int(),
    }),
  ),
  /** Counts of 1 to 5 stars. */
  ratings: z.object({ closer: z.array(z.number().int()), customer: z.array(z.number().int()) }),
  moods: z.object({ angry: z.number().int(), frowning: z.number().int(), normal: z.number().int(), grinning: z.number().int() }),
  /** Created and closed per day (per month for ranges over 92 days). */
  series: z.array(z.object({ date: z.string(), created: z.number().int(), closed: z.number().int() })),
  series_unit: z.enum(["day", "month"]),
  /** Conversations created, [weekday Monday first][hour 0–23], in the time zone. */
  heatmap: z.array(z.array(z.number().int())),
  not_found: z.array(z.object({ question: z.string(), count: z.number().int() })),
  issues: z.array(z.object({ type_id: z.number().int().nullable(), name: z.string(), opened: z.number().int(), resolved: z.number().int() })),
});
export type DashboardView = z.infer<typeof DashboardView>;
