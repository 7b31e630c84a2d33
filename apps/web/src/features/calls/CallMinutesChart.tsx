import "@mantine/charts/styles.css";
import { DEFAULT_TIME_ZONE } from "@holboo/core";
import { LineChart } from "@mantine/charts";
import { Paper, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { callMinuteRows } from "./call-minutes.ts";
import { useCallMinutes } from "./calls.queries.ts";

const SERIES = ["started", "answered", "missed", "abandoned", "max_waiting"] as const;

/**
 * Today minute by minute (issue 19's history): calls started, answered, missed and abandoned, and the most callers
 * waiting for people at once. Asked again with the figures above it (every 5 s and on every call change) and for the same line.
 */
export function CallMinutesChart({ lineId }: { lineId: number | null }) {
  const { t } = useTranslation("calls");
  const minutes = useCallMinutes(lineId);
  const rows = useMemo(() => (minutes.data ? callMinuteRows(minutes.data, DEFAULT_TIME_ZONE) : []), [minutes.data]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="call-minutes">
      <Title order={4} mb="xs">
        {t("monitor.byMinute")}
      </Title>
      {rows.some((r) => r.started + r.max_waiting > 0) ? (
        <LineChart
          data-testid="call-minutes-chart"
          h={240}
          data={rows}
          dataKey="time"
          curveType="step"
          withDots={false}
          withLegend
          strokeWidth={1.5}
          xAxisProps={{ minTickGap: 32 }}
          yAxisProps={{ allowDecimals: false }}
          // The legend in the series' order (Recharts sorts it by label otherwise).
          legendProps={{ itemSorter: (item) => SERIES.indexOf(item.dataKey as (typeof SERIES)[number]) }}
          series={[
            { name: "started", label: t("monitor.started"), color: "indigo.6" },
            { name: "answered", label: t("monitor.answered"), color: "teal.6" },
            { name: "missed", label: t("monitor.missed"), color: "red.6" },
            { name: "abandoned", label: t("monitor.abandoned"), color: "grape.6" },
            { name: "max_waiting", label: t("monitor.mostWaiting"), color: "orange.5" },
          ]}
        />
      ) : (
        minutes.data && (
          <Text size="sm" c="dimmed">
            {t("monitor.noCallsToday")}
          </Text>
        )
      )}
    </Paper>
  );
}
