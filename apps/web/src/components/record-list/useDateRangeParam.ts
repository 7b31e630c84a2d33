import dayjs from "dayjs";
import { useMemo } from "react";
import { presetValue, type DateRangeValue } from "../shared/DateRangePicker.tsx";
import { DAY_FORMAT, isPreset } from "../shared/date-range.ts";
import type { ParamPatch } from "./useListParams.ts";

/**
 * A list's date range in the address: a preset by its name (`?range=`, its days follow today), picked days as
 * `?from=` / `?to=` (YYYY-MM-DD). A new range starts again at page 1 (`patch` does).
 */
export function useDateRangeParam(params: URLSearchParams, patch: (patch: ParamPatch) => void) {
  const [preset, fromDay, toDay] = [params.get("range"), params.get("from"), params.get("to")];
  const range = useMemo<DateRangeValue>(
    () =>
      isPreset(preset) && preset !== "custom"
        ? presetValue(preset)
        : { preset: "custom", start: fromDay ? dayjs(fromDay).toDate() : null, end: toDay ? dayjs(toDay).toDate() : null },
    [preset, fromDay, toDay],
  );
  const setRange = (next: DateRangeValue) =>
    patch(
      next.preset !== "custom"
        ? { range: next.preset, from: null, to: null }
        : { range: null, from: next.start ? dayjs(next.start).format(DAY_FORMAT) : null, to: next.end ? dayjs(next.end).format(DAY_FORMAT) : null },
    );
  return { range, setRange };
}
