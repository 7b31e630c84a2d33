import type { CallMinutesView } from "@holboo/core";

export type CallMinuteRow = { time: string; started: number; answered: number; missed: number; abandoned: number; max_waiting: number };

/** A quiet night before the first call is left off the chart, but at least this many recent minutes are shown. */
export const CALL_CHART_MIN_MINUTES = 60;

/**
 * The server's columns as one row per minute for the chart, labelled "HH:mm" in the company's time zone; the
 * minutes before the day's first activity are dropped (keeping at least CALL_CHART_MIN_MINUTES).
 */
export function callMinuteRows(view: CallMinutesView, timeZone: string): CallMinuteRow[] {
  const count = view.started.length;
  const active = (i: number) => view.started[i]! + view.answered[i]! + view.missed[i]! + view.abandoned[i]! + view.max_waiting[i]! > 0;
  let first = 0;
  while (first < count && !active(first)) first++;
  first = Math.max(0, Math.min(first, count - CALL_CHART_MIN_MINUTES));
  const label = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  const from = Date.parse(view.from);
  const rows: CallMinuteRow[] = [];
  for (let i = first; i < count; i++) {
    rows.push({
      time: label.format(from + i * 60_000),
      started: view.started[i]!,
      answered: view.answered[i]!,
      missed: view.missed[i]!,
      abandoned: view.abandoned[i]!,
      max_waiting: view.max_waiting[i]!,
    });
  }
  return rows;
}
