import { useDateRangeParam } from "../../components/record-list/useDateRangeParam.ts";
import { useListParams } from "../../components/record-list/useListParams.ts";

const DAY_MS = 86_399_999;
/** The list's filters kept in the address with its page and search, so Back from a contact returns to the same rows. */
export const CONTACT_FILTERS = ["type_id", "special", "created_by", "channel_type"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** The contacts list's params in the address, with its date range. */
export function useContactListParams() {
  const list = useListParams(CONTACT_FILTERS);
  const { range, setRange } = useDateRangeParam(list.params, list.patch);
  /** What the list and the export both filter by (the export takes no page). */
  const filterQuery: Record<string, string | undefined> = {
    search: list.search.settled,
    ...list.filters,
    from: range.start?.toISOString(),
    to: range.end ? new Date(range.end.getTime() + DAY_MS).toISOString() : undefined,
  };
  return { ...list, range, setRange, filterQuery };
}
