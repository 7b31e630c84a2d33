import type { PlanTerm } from "@holboo/core";

export const DAY_MS = 86_400_000;

/** The same day of a later month (the 31st becomes the month's last day), same time of day, in UTC. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export function addTerm(date: Date, term: PlanTerm): Date {
  if (term === "day") return addDays(date, 1);
  return addMonths(date, term === "month" ? 1 : 12);
}

/** Whole days of [start, end) an agent worked, counting a started day as a day. */
export function daysBetween(start: Date, end: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - start.getTime()) / DAY_MS));
}
