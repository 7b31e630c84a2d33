import dayjs from "dayjs";
import { useMemo } from "react";
import { presetValue, type DateRangeValue } from "../../components/shared/DateRangePicker.tsx";
import { DAY_FORMAT, isPreset } from "../../components/shared/date-range.ts";
import { useListParams } from "../../components/record-list/useListParams.ts";

const DAY_MS = 86_399_999;
/** The list's filters kept in the address with its page and search, so Back from a contact returns to the same rows. */
export const CONTACT_FILTERS = ["type_id", "special", "created_by", "channel_type"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** The contacts list's params, with its date range: a preset by its name (its days follow today), picked days as YYYY-MM-DD. */
export function useContactListParams() {
  const list = useListParams(CONTACT_FILTERS);
  const [preset, fromDay, toDay] = [list.params.get("range"), list.params.get("from"), list.params.get("to")];
  const range = useMemo<DateRangeValue>(
    () =>
      isPreset(preset) && preset !== "custom"
        ? presetValue(preset)
        : { preset: "custom", start: fromDay ? dayjs(fromDay).toDate() : null, end: toDay ? dayjs(toDay).toDate() : null },
    [preset, fromDay, toDay],
  );
  const setRange = (next: DateRangeValue) =>
    list.patch(
      next.preset !== "custom"
        ? { range: next.preset, from: null, to: null }
        : { range: null, from: next.start ? dayjs(next.start).format(DAY_FORMAT) : null, to: next.end ? dayjs(next.end).format(DAY_FORMAT) : null },
    );
  /** What the list and the export both filter by (the export takes no page). */
  const filterQuery: Record<string, string | undefined> = {
    search: list.search.settled,
    ...list.filters,
    from: range.start?.toISOString(),
    to: range.end ? new Date(range.end.getTime() + DAY_MS).toISOString() : undefined,
  };
  return { ...list, range, setRange, filterQuery };
}
