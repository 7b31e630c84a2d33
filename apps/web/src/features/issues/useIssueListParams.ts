import dayjs from "dayjs";
import { useDateRangeParam } from "../../components/record-list/useDateRangeParam.ts";
import { useListParams } from "../../components/record-list/useListParams.ts";

export const ISSUE_FILTERS = ["status", "priority", "type_id", "tag_id", "assignee_id"] as const;
export type IssueFilter = (typeof ISSUE_FILTERS)[number];

/** The issues list's filters, search, date range and page in the address, and the query they make. */
export function useIssueListParams(pageSize: number) {
  const list = useListParams(ISSUE_FILTERS);
  const { range, setRange } = useDateRangeParam(list.params, list.patch);
  const query = {
    page: list.page,
    page_size: pageSize,
    search: list.search.settled || undefined,
    ...list.filters,
    from: range.start?.toISOString(),
    to: range.end ? dayjs(range.end).endOf("day").toISOString() : undefined,
  };
  return { ...list, range, setRange, query };
}
