import { Button, Center, Loader, Popover } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { withLaterStyles } from "../../app/later-styles.ts";
import type { DateRangeValue } from "./date-range.ts";
import { toDay } from "./day.ts";

/** The calendar (@mantine/dates) loads when the picker is first opened. */
const DateRangePanel = lazy(() => withLaterStyles(import("./DateRangePanel.tsx")).then((m) => ({ default: m.DateRangePanel })));

export type { DateRangeValue, Preset } from "./date-range.ts";
export { presetValue } from "./day.ts";

interface Props {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Accessible name of the button; "Огнооны муж" by default. */
  label?: string;
}

/** A button showing the chosen range that opens the range panel. Start with `presetValue("7_day")`. */
export function DateRangePicker({ value, onChange, label }: Props) {
  const { t } = useTranslation("components");
  const summary =
    value.preset !== "custom"
      ? t(`dateRange.presets.${value.preset}`)
      : value.start
        ? `${toDay(value.start) ?? ""} – ${toDay(value.end) ?? "…"}`
        : t("dateRange.any");
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconCalendar size={16} />} aria-label={`${label ?? t("dateRange.label")}: ${summary}`}>
          {summary}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense
          fallback={
            <Center p="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <DateRangePanel value={value} onChange={onChange} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
