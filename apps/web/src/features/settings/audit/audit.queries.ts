import type { AuditAction } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DateRangeValue } from "../../../components/shared/DateRangePicker.tsx";
import { api } from "../../../lib/api.ts";
import { auditKeys } from "./audit.keys.ts";

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  actor: number | null;
  action: AuditAction | null;
  range: DateRangeValue;
}

/** GET /api/audit with the filters; the range's end is inclusive on screen, the API's `to` exclusive. */
export function useAuditLog(filters: AuditFilters, page: number) {
  const query = {
    page,
    page_size: AUDIT_PAGE_SIZE,
    actor_id: filters.actor ?? undefined,
    action: filters.action ?? undefined,
    from: filters.range.start?.toISOString(),
    to: filters.range.end ? new Date(filters.range.end.getTime() + 1).toISOString() : undefined,
  };
  return useQuery({
    queryKey: auditKeys.list(filters, page),
    queryFn: () => api.get("/api/audit", { query }),
    placeholderData: keepPreviousData,
  });
}

/** The company's people, to filter by who acted. */
export const useAuditPeople = () =>
  useQuery({ queryKey: auditKeys.people(), queryFn: () => api.get("/api/users", { query: { page_size: 100, user_type: "human" } }) });
