import type { TFunction } from "i18next";

/** A duration read from the buckets ("at most"), in the largest unit that keeps it whole enough. */
export function formatDuration(t: TFunction<"dashboard">, seconds: number | null): string {
  if (seconds === null) return t("duration.none");
  if (seconds < 60) return t("duration.seconds", { count: seconds });
  if (seconds < 3600) return t("duration.minutes", { count: Math.round(seconds / 60) });
  if (seconds < 86400) return t("duration.hours", { count: Math.round((seconds / 3600) * 10) / 10 });
  return t("duration.days", { count: Math.round((seconds / 86400) * 10) / 10 });
}

/** The change from the previous period, as a signed percentage; null when there is nothing to compare with. */
export function change(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
