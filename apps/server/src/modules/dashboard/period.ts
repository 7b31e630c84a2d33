import { DEFAULT_TIME_ZONE, type DashboardQuery } from "@holboo/core";
import { fail } from "../../platform/http/errors.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 3_600_000;

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(at / 1000) * 1000;
}

/** The local calendar day (`YYYY-MM-DD`) of an instant. */
export const localDay = (at: Date, timeZone = DEFAULT_TIME_ZONE) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);

/** The instant a local day starts. */
export function dayStart(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  return new Date(guess - offsetMs(guess - offsetMs(guess, timeZone), timeZone));
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);

function monthsBefore(now: Date, months: number) {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/** The instants a query's period stands for, ending now unless custom; custom days are whole local days. */
export function periodWindow(query: Pick<DashboardQuery, "period" | "from" | "to">, now: Date): { from: Date; to: Date } {
  switch (query.period) {
    case "today":
      return { from: dayStart(localDay(now)), to: now };
    case "24_hour":
      return { from: new Date(now.getTime() - 24 * HOUR_MS), to: now };
    case "7_day":
      return { from: new Date(now.getTime() - 7 * 24 * HOUR_MS), to: now };
    case "all":
      return { from: dayStart("2000-01-01"), to: now };
    case "custom": {
      if (!query.from || !query.to) return fail("dashboard_range_invalid", { from: "dashboard_range_invalid" });
      const from = DAY.test(query.from) ? dayStart(query.from) : new Date(query.from);
      const to = DAY.test(query.to) ? dayStart(nextDay(query.to)) : new Date(query.to);
      if (!(from < to) || from.getTime() < dayStart("2000-01-01").getTime()) fail("dashboard_range_invalid", { from: "dashboard_range_invalid" });
      return { from, to };
    }
    default:
      return { from: monthsBefore(now, Number(query.period)), to: now };
  }
}

/**
 * Every local day (or month, named by its first day) of a window, oldest first, so a trend shows the days without
 * conversations as zero instead of joining the days that had some. `since` starts it later (the "all" period starts
 * at its first data, not in 2000).
 */
export function seriesBuckets(window: { from: Date; to: Date }, unit: "day" | "month", since?: string): string[] {
  const first = localDay(window.from);
  const last = localDay(new Date(Math.max(window.from.getTime(), window.to.getTime() - 1)));
  let day = since && since > first ? since : first;
  if (unit === "month") day = `${day.slice(0, 7)}-01`;
  const buckets: string[] = [];
  while (day <= last) {
    buckets.push(day);
    day = unit === "day" ? nextDay(day) : nextMonth(day);
  }
  return buckets;
}

const nextMonth = (day: string) => {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
};

/** The period of the same length just before. */
export const previousWindow = (window: { from: Date; to: Date }) => ({
  from: new Date(window.from.getTime() - (window.to.getTime() - window.from.getTime())),
  to: window.from,
});
