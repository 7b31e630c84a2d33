import "@mantine/dates/styles.css";
import "dayjs/locale/mn";
import { Button, Group, Select, Stack } from "@mantine/core";
import { Calendar } from "@mantine/dates";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DAY_FORMAT,
  PRESETS,
  clickDay,
  dayLabel,
  dayState,
  presetValue,
  selectionValue,
  typeDay,
  valueSelection,
  yearOptions,
  type DateRangeValue,
  type Day,
  type Preset,
} from "./date-range.ts";
import { TypedDayInput } from "./TypedDayInput.tsx";

interface Props {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
}

/** Presets, typed dates, a year list and a Monday-first calendar; the range rules live in date-range.ts. */
export function DateRangePanel({ value, onChange }: Props) {
  const { t, i18n } = useTranslation("components");
  const selection = valueSelection(value);
  const [years] = useState(() => yearOptions());
  const [month, setMonth] = useState<Day>(() =>
    dayjs(value.start ?? new Date())
      .startOf("month")
      .format(DAY_FORMAT),
  );
  const first = years[0] ?? dayjs().year();
  const last = years.at(-1) ?? first;

  const choosePreset = (preset: Preset) => onChange(preset === "custom" ? { ...value, preset } : presetValue(preset));
  const toCustom = () => {
    if (value.preset !== "custom") onChange({ ...value, preset: "custom" });
  };
  const pick = (day: Day) => onChange(selectionValue(clickDay(selection, day)));
  const type = (side: "start" | "end") => (day: Day) => {
    onChange(selectionValue(typeDay(selection, side, day)));
    setMonth(dayjs(day).startOf("month").format(DAY_FORMAT));
  };

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Stack gap={4} role="group" aria-label={t("dateRange.preset")}>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="compact-sm"
            justify="flex-start"
            variant={value.preset === preset ? "light" : "subtle"}
            aria-pressed={value.preset === preset}
            onClick={() => choosePreset(preset)}
          >
            {t(`dateRange.presets.${preset}`)}
          </Button>
        ))}
      </Stack>
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TypedDayInput label={t("dateRange.start")} day={selection.start} onType={toCustom} onCommit={type("start")} />
          <TypedDayInput label={t("dateRange.end")} day={selection.end} onType={toCustom} onCommit={type("end")} />
          <Select
            label={t("dateRange.year")}
            data={years.map(String)}
            value={String(dayjs(month).year())}
            onChange={(year) => year && setMonth(dayjs(month).year(Number(year)).format(DAY_FORMAT))}
            allowDeselect={false}
            w={90}
          />
        </Group>
        <Calendar
          date={month}
          onDateChange={setMonth}
          locale={i18n.language}
          firstDayOfWeek={1}
          minDate={`${first}-01-01`}
          maxDate={`${last}-12-31`}
          getDayAriaLabel={(day) => dayLabel(day, i18n.language)}
          getDayProps={(day) => ({ ...dayState(selection, day), onClick: () => pick(day) })}
          highlightToday
        />
      </Stack>
    </Group>
  );
}
