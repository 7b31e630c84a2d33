import type { DateRangeValue, FixedPreset } from "./date-range.ts";

/*
 * The date range picker's button is on the first screen; dayjs loads with its calendar (date-range.ts). What the button
 * needs is here, in plain Date arithmetic with dayjs's rules.
 */

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** A date as the `YYYY-MM-DD` day of the browser's time zone, the format the calendar and the typed inputs use. */
export const toDay = (date: Date | null): string | null => (date ? `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : null);

/** `months` calendar months earlier, on the same day or the month's last when it is shorter (31 March → 28/29 February). */
function monthsBefore(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setDate(1);
  moved.setMonth(moved.getMonth() - months);
  const lastDay = new Date(moved.getFullYear(), moved.getMonth() + 1, 0).getDate();
  moved.setDate(Math.min(date.getDate(), lastDay));
  return moved;
}

function daysBefore(date: Date, days: number): Date {
  const moved = new Date(date);
  moved.setDate(moved.getDate() - days);
  return moved;
}

const HOUR_MS = 3_600_000;

/** §9 presets, each ending now. */
export function presetValue(preset: FixedPreset, now: Date = new Date()): DateRangeValue {
  const end = new Date(now);
  const start = preset === "24_hour" ? new Date(end.getTime() - 24 * HOUR_MS) : preset === "7_day" ? daysBefore(end, 7) : monthsBefore(end, Number(preset));
  return { preset, start, end };
}
