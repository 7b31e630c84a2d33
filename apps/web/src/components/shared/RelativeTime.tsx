import { formatDateTime, formatDuration, relativeTime, type Locale } from "@holboo/core";
import { Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isLocale } from "../../i18n/index.ts";
import { useNow } from "./useNow.ts";

function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : "mn";
}

/** Spec §9 relative time in the interface language, refreshed every minute; the exact time on hover. */
export function RelativeTime({ value }: { value: string | Date }) {
  const locale = useLocale();
  const now = useNow();
  const date = new Date(value);
  return (
    <Tooltip label={formatDateTime(date)} withArrow openDelay={300}>
      <time dateTime={date.toISOString()}>{relativeTime(date, locale, now)}</time>
    </Tooltip>
  );
}

type DurationProps = { ms: number; from?: never; to?: never } | { ms?: never; from: string | Date; to?: string | Date | null };

/** A duration (30 days or more shows days only): a fixed `ms`, or `from` → `to`, or `from` → now (ticking). */
export function Duration(props: DurationProps) {
  const locale = useLocale();
  const now = useNow();
  const ms = props.ms ?? new Date(props.to ?? now).getTime() - new Date(props.from ?? now).getTime();
  return <span>{formatDuration(ms, locale)}</span>;
}
