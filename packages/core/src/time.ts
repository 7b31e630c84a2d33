import type { Locale } from "./locale.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Relative time (spec §9): under a minute "just now", under an hour minutes ago, then the full date. */
export function relativeTime(value: Date | string | number, locale: Locale, now: Date = new Date()): string {
  const date = new Date(value);
  const diff = now.getTime() - date.getTime();
  if (diff >= HOUR || diff < -MINUTE) return formatDateTime(date);
  const minutes = Math.floor(Math.max(0, diff) / MINUTE);
  if (minutes < 1) return locale === "mn" ? "Дөнгөж сая" : "just now";
  return locale === "mn" ? `${minutes} минутын өмнө` : `${minutes} min ago`;
}

/** A duration: 30 days or more shows days only; otherwise the two largest units. */
export function formatDuration(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = locale === "mn" ? { d: "өдөр", h: "цаг", m: "мин", s: "сек" } : { d: "d", h: "h", m: "min", s: "s" };
  const sep = locale === "mn" ? " " : "";
  if (ms >= 30 * DAY) return `${days}${sep}${unit.d}`;
  const parts: Array<[number, string]> = [
    [days, unit.d],
    [hours, unit.h],
    [minutes, unit.m],
    [seconds, unit.s],
  ];
  const firstNonZero = parts.findIndex(([n]) => n > 0);
  if (firstNonZero === -1) return `0${sep}${unit.s}`;
  return parts
    .slice(firstNonZero, firstNonZero + 2)
    .filter(([n]) => n > 0)
    .map(([n, u]) => `${n}${sep}${u}`)
    .join(" ");
}
