import type { DashboardPeriod } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import type { DateRangeValue } from "../../components/shared/date-range.ts";
import { api, apiUrl } from "../../lib/api.ts";
import { dashboardKeys } from "./dashboard.keys.ts";

/** What the dashboard is filtered by: a quick period or the picker's value, a channel and an agent. */
export interface DashboardFilters {
  quick: "today" | "7_day" | "1" | null;
  range: DateRangeValue;
  channelId: string | null;
  agentId: string | null;
}

/** The API's query for the filters; custom ranges go as whole days. */
export function dashboardQuery(filters: DashboardFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const { quick, range } = filters;
  if (quick) query.period = quick;
  else if (range.preset === "custom" && range.start && range.end) {
    query.period = "custom";
    query.from = dayjs(range.start).format("YYYY-MM-DD");
    query.to = dayjs(range.end).format("YYYY-MM-DD");
  } else query.period = (range.preset === "custom" ? "7_day" : range.preset) satisfies DashboardPeriod;
  if (filters.channelId) query.channel_id = filters.channelId;
  if (filters.agentId) query.agent_id = filters.agentId;
  return query;
}

export function useDashboard(query: Record<string, string>) {
  return useQuery({
    queryKey: dashboardKeys.figures(query),
    queryFn: () => api.get("/api/dashboard", { query }),
    placeholderData: keepPreviousData,
  });
}

/** The export's address for the same filters. */
export const exportUrl = (query: Record<string, string>, format: "csv" | "xlsx") => apiUrl("/api/dashboard/export", { query: { ...query, format } });
