import type { ChannelView, DashboardPeriod, DashboardView, IssueRef } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import type { DateRangeValue } from "../../components/shared/date-range.ts";
import { http } from "../../lib/http.ts";
import { useMe } from "../../lib/session.ts";

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

export const dashboardKeys = { figures: (query: Record<string, string>) => ["dashboard", query] as const };

export function useDashboard(query: Record<string, string>) {
  return useQuery({
    queryKey: dashboardKeys.figures(query),
    queryFn: () => http.get<DashboardView>("/api/dashboard", query),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardChannels() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => http.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id ?? 0}/channel`),
    select: (data) => data.items,
    enabled: !!me?.company_id,
  });
}

export function useDashboardPeople(enabled: boolean) {
  return useQuery({
    queryKey: ["issue-options", "people"],
    queryFn: () => http.get<{ items: IssueRef[] }>("/api/issue-options/people"),
    select: (data) => data.items,
    enabled,
  });
}

/** The export's address for the same filters. */
export const exportUrl = (query: Record<string, string>, format: "csv" | "xlsx") =>
  `/api/dashboard/export?${new URLSearchParams({ ...query, format }).toString()}`;
