import type { DashboardView } from "@holboo/core";
import { AreaChart, BarChart, DonutChart } from "@mantine/charts";
import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDuration } from "./format.ts";

function Section({ title, testId, empty, children }: { title: string; testId: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {t("empty.section")}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

export function SeriesSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const data = view.series.map((point) => ({
    date: view.series_unit === "month" ? point.date.slice(0, 7) : point.date.slice(5),
    created: point.created,
    closed: point.closed,
  }));
  return (
    // Every day of the range is a point (the server fills the quiet ones with zero); a range with none at all is empty.
    <Section title={t("sections.series")} testId="dashboard-series" empty={!data.some((point) => point.created || point.closed)}>
      <AreaChart
        h={220}
        data={data}
        dataKey="date"
        withLegend
        curveType="monotone"
        series={[
          { name: "created", label: t("series.created"), color: "indigo.6" },
          { name: "closed", label: t("series.closed"), color: "teal.6" },
        ]}
      />
    </Section>
  );
}

export function ChannelsSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const data = view.channels.map((c) => ({ channel: c.name || t("table.noChannel"), created: c.created, closed: c.closed, open: c.open }));
  return (
    <Section title={t("sections.channels")} testId="dashboard-channels" empty={!data.length}>
      <BarChart
        h={200}
        data={data}
        dataKey="channel"
        withLegend
        series={[
          { name: "created", label: t("table.created"), color: "indigo.6" },
          { name: "closed", label: t("table.closed"), color: "teal.6" },
          { name: "open", label: t("table.open"), color: "orange.5" },
        ]}
      />
    </Section>
  );
}

export function RatingsSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const data = [1, 2, 3, 4, 5].map((star, i) => ({
    stars: t("ratings.stars", { count: star }),
    closer: view.ratings.closer[i] ?? 0,
    customer: view.ratings.customer[i] ?? 0,
  }));
  const empty = data.every((row) => !row.closer && !row.customer);
  return (
    <Section title={t("sections.ratings")} testId="dashboard-ratings" empty={empty}>
      <BarChart
        h={200}
        data={data}
        dataKey="stars"
        withLegend
        series={[
          { name: "closer", label: t("ratings.closer"), color: "violet.6" },
          { name: "customer", label: t("ratings.customer"), color: "yellow.6" },
        ]}
      />
    </Section>
  );
}

const MOOD_COLORS = { angry: "red.6", frowning: "orange.5", normal: "gray.5", grinning: "teal.6" } as const;

export function MoodsSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const data = (Object.keys(MOOD_COLORS) as Array<keyof typeof MOOD_COLORS>).map((mood) => ({
    name: t(`moods.${mood}`),
    value: view.moods[mood],
    color: MOOD_COLORS[mood],
  }));
  return (
    <Section title={t("sections.moods")} testId="dashboard-moods" empty={data.every((d) => !d.value)}>
      <Group justify="center">
        <DonutChart data={data.filter((d) => d.value)} withLabelsLine withLabels size={160} thickness={26} />
        <Stack gap={4}>
          {data.map((d) => (
            <Text key={d.name} size="sm">
              {d.name}: <b>{d.value}</b>
            </Text>
          ))}
        </Stack>
      </Group>
    </Section>
  );
}

export function AiSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const s = view.summary;
  const open = Math.max(0, s.ai_handled - s.ai_alone - s.ai_handed_over);
  const data = [
    { name: t("ai.verified"), value: s.ai_verified, color: "teal.6" },
    { name: t("ai.assumed"), value: s.ai_assumed, color: "lime.5" },
    { name: t("ai.handedOver"), value: s.ai_handed_over, color: "orange.5" },
    { name: t("ai.open"), value: open, color: "gray.4" },
  ];
  return (
    <Section title={t("sections.ai")} testId="dashboard-ai" empty={!s.ai_handled}>
      <Group justify="center" align="flex-start">
        <DonutChart data={data.filter((d) => d.value)} size={160} thickness={26} chartLabel={String(s.ai_handled)} />
        <Stack gap={4} maw={260}>
          <Text size="sm">
            {t("ai.alone")}: <b data-testid="ai-alone">{s.ai_alone}</b>
          </Text>
          {data.map((d) => (
            <Text key={d.name} size="sm">
              {d.name}: <b>{d.value}</b>
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {t("ai.verifiedHelp")}
          </Text>
        </Stack>
      </Group>
    </Section>
  );
}

export function HeatmapSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  const days = t("weekdays", { returnObjects: true }) as string[];
  const max = Math.max(0, ...view.heatmap.flat());
  return (
    <Section title={t("sections.heatmap")} testId="dashboard-heatmap" empty={!max}>
      <Box style={{ display: "grid", gridTemplateColumns: "2.5rem repeat(24, 1fr)", gap: 2 }}>
        <span />
        {Array.from({ length: 24 }, (_, h) => (
          <Text key={h} size="10px" c="dimmed" ta="center">
            {h % 3 === 0 ? h : ""}
          </Text>
        ))}
        {view.heatmap.map((hours, day) => [
          <Text key={`d${day}`} size="xs" c="dimmed">
            {days[day]}
          </Text>,
          ...hours.map((count, h) => (
            <Tooltip key={`${day}-${h}`} label={t("heatmapCell", { day: days[day], hour: h, count })}>
              <Box
                h={18}
                data-count={count}
                style={{ borderRadius: 3, background: count ? `rgba(76, 110, 245, ${0.15 + (0.85 * count) / max})` : "var(--mantine-color-gray-1)" }}
              />
            </Tooltip>
          )),
        ])}
      </Box>
    </Section>
  );
}

function SimpleTable({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {row.map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TablesSection({ view }: { view: DashboardView }) {
  const { t } = useTranslation("dashboard");
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Section title={t("sections.agents")} testId="dashboard-agents" empty={!view.agents.length}>
        <SimpleTable
          testId="agents-table"
          head={[t("table.agent"), t("table.created"), t("table.closed"), t("table.firstResponse"), t("table.resolution"), t("table.rating")]}
          rows={view.agents.map((a) => [
            a.name || t("table.queue"),
            a.created,
            a.closed,
            formatDuration(t, a.first_response_median_s),
            formatDuration(t, a.resolution_median_s),
            a.rating_average ?? "—",
          ])}
        />
      </Section>
      <Section title={t("sections.virtualAgents")} testId="dashboard-virtual-agents" empty={!view.virtual_agents.length}>
        <SimpleTable
          testId="virtual-agents-table"
          head={[t("table.agent"), t("table.handled"), t("table.alone"), t("table.handedOver"), t("table.verified"), t("table.assumed")]}
          rows={view.virtual_agents.map((a) => [a.name, a.handled, a.alone, a.handed_over, a.verified, a.assumed])}
        />
      </Section>
      {view.scope === "company" && (
        <Section title={t("sections.notFound")} testId="dashboard-not-found" empty={!view.not_found.length}>
          <SimpleTable head={[t("table.question"), t("table.count")]} testId="not-found-table" rows={view.not_found.map((q) => [q.question, q.count])} />
          <Anchor component={Link} to="/knowledge/qa?filter=not_found" size="sm">
            {t("notFoundLink")}
          </Anchor>
        </Section>
      )}
      <Section title={t("sections.issues")} testId="dashboard-issues" empty={!view.issues.length}>
        <SimpleTable
          testId="issues-by-type-table"
          head={[t("table.type"), t("table.opened"), t("table.resolved")]}
          rows={view.issues.map((i) => [i.name || t("table.noType"), i.opened, i.resolved])}
        />
      </Section>
    </SimpleGrid>
  );
}
