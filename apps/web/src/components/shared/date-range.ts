import { LIMITS } from "@holboo/core";
import dayjs from "dayjs";
import { toDay } from "./day.ts";

/**
 * The pure rules of the date range picker (spec §4, §5, §9). Days are `YYYY-MM-DD` strings, the
 * format Mantine's calendar and the typed inputs use; the value handed to a feature holds Dates.
 */
export const DAY_FORMAT = "YYYY-MM-DD";
export type Day = string;

export const PRESETS = ["24_hour", "7_day", "1", "3", "6", "custom"] as const;
export type Preset = (typeof PRESETS)[number];
export type FixedPreset = Exclude<Preset, "custom">;

/** What a feature stores: the chosen preset and the instants it stands for. */
export interface DateRangeValue {
  preset: Preset;
  start: Date | null;
  end: Date | null;
}

/** The days being picked; `end` is never set without `start`. */
export interface DaySelection {
  start: Day | null;
  end: Day | null;
}

export const isPreset = (value: string | null): value is Preset => (PRESETS as readonly (string | null)[]).includes(value);

/** §4: the first click sets the start, the second the end (swapped if earlier), a third starts a new range. */
export function clickDay(selection: DaySelection, day: Day): DaySelection {
  if (!selection.start || selection.end) return { start: day, end: null };
  return day < selection.start ? { start: day, end: selection.start } : { start: selection.start, end: day };
}

/** A typed start or end date; the two are kept in order, and an end typed alone is a one-day range. */
export function typeDay(selection: DaySelection, side: "start" | "end", day: Day): DaySelection {
  const other = side === "start" ? selection.end : selection.start;
  if (!other) return side === "start" ? { start: day, end: null } : { start: day, end: day };
  const [start, end] = side === "start" ? [day, other] : [other, day];
  return start <= end ? { start, end } : { start: end, end: start };
}

/** §5: only `YYYY-MM-DD` that names a real calendar day; anything else is null (the input reverts on blur). */
export function parseTypedDay(text: string): Day | null {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = dayjs(value);
  return date.isValid() && date.format(DAY_FORMAT) === value ? value : null;
}

/** A picked selection as a value: from the start of the first day to the end of the last. */
export function selectionValue(selection: DaySelection): DateRangeValue {
  return {
    preset: "custom",
    start: selection.start ? dayjs(selection.start).startOf("day").toDate() : null,
    end: selection.end ? dayjs(selection.end).endOf("day").toDate() : null,
  };
}

export { presetValue, toDay } from "./day.ts";

/** The accessible name of a day in the calendar, in the interface language. */
export const dayLabel = (day: Day, locale: string): string => dayjs(day).locale(locale).format("D MMMM YYYY");

export const valueSelection = (value: DateRangeValue): DaySelection => ({ start: toDay(value.start), end: toDay(value.end) });

/** §9: the year list runs from 5 years back to 50 years forward. */
export function yearOptions(now: Date = new Date()): number[] {
  const first = now.getFullYear() - LIMITS.datePickerYearsBack;
  return Array.from({ length: LIMITS.datePickerYearsBack + LIMITS.datePickerYearsForward + 1 }, (_, i) => first + i);
}

/** How a day looks in the calendar for the current selection. */
export function dayState(selection: DaySelection, day: Day) {
  const { start, end } = selection;
  const inRange = !!start && !!end && day >= start && day <= end;
  return { selected: day === start || day === end, inRange, firstInRange: inRange && day === start, lastInRange: inRange && day === end };
}
