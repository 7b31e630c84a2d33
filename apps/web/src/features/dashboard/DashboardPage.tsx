import "@mantine/charts/styles.css";
import type { DashboardSummary, DashboardView } from "@holboo/core";
import { Badge, Button, Group, Menu, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangePicker } from "../../components/shared/DateRangePicker.tsx";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { usePermission } from "../../lib/session.ts";
import { AiSection, ChannelsSection, HeatmapSection, MoodsSection, RatingsSection, SeriesSection, TablesSection } from "./DashboardSections.tsx";
import { usePeople } from "../issues/issues.queries.ts";
import { useCompanyChannels } from "../settings/channels/channels.queries.ts";
import { dashboardQuery, exportUrl, useDashboard, type DashboardFilters } from "./dashboard.queries.ts";
import { change, formatDuration } from "./format.ts";

const QUICK = ["today", "7_day", "1"] as const;

function Stat({
  label,
  value,
  previous,
  delta,
  note,
  testId,
}: {
  label: string;
  value: string;
  previous: string;
  delta: number | null;
  note?: string;
  testId: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={28} fw={700} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {delta !== null && delta !== 0 && (
          <Text size="sm" c={delta > 0 ? "teal" : "red"} style={{ display: "inline-flex", alignItems: "center" }}>
            {delta > 0 ? <IconArrowUpRight size={16} /> : <IconArrowDownRight size={16} />}
            {Math.abs(delta)}%
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t("previous", { value: previous })}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function Cards({ s, p }: { s: DashboardSummary; p: DashboardSummary }) {
  const { t } = useTranslation("dashboard");
  const d = (seconds: number | null) => formatDuration(t, seconds);
  const avg = (value: number | null) => (value === null ? "—" : value.toFixed(1));
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
      <Stat testId="stat-created" label={t("cards.created")} value={String(s.created)} previous={String(p.created)} delta={change(s.created, p.created)} />
      <Stat testId="stat-closed" label={t("cards.closed")} value={String(s.closed)} previous={String(p.closed)} delta={change(s.closed, p.closed)} />
      <Stat testId="stat-open" label={t("cards.open")} value={String(s.open)} previous={String(p.open)} delta={null} />
      <Stat
        testId="stat-first-response"
        label={t("cards.firstResponse")}
        value={d(s.first_response_median_s)}
        previous={d(p.first_response_median_s)}
        delta={null}
        note={t("cards.p90", { value: d(s.first_response_p90_s) })}
      />
      <Stat
        testId="stat-resolution"
        label={t("cards.resolution")}
        value={d(s.resolution_median_s)}
        previous={d(p.resolution_median_s)}
        delta={null}
        note={t("cards.p90", { value: d(s.resolution_p90_s) })}
      />
      <Stat
        testId="stat-rating"
        label={t("cards.rating")}
        value={avg(s.rating_average)}
        previous={avg(p.rating_average)}
        delta={change(s.rating_average, p.rating_average)}
        note={t("cards.customerRating", { value: avg(s.customer_rating_average) })}
      />
    </SimpleGrid>
  );
}

const isEmpty = (view: DashboardView) => !view.summary.created && !view.summary.closed && !view.summary.open;

/** /dashboard: the figures managers read every morning (their own for people without dashboard.view_company). */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const company = usePermission("dashboard.view_company");
  const canExport = usePermission("dashboard.export");
  const [filters, setFilters] = useState<DashboardFilters>({
    quick: "7_day",
    range: { preset: "custom", start: null, end: null },
    channelId: null,
    agentId: null,
  });
  const query = dashboardQuery(filters);
  const figures = useDashboard(query);
  const channels = useCompanyChannels();
  const people = usePeople(company);
  const view = figures.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t("title")}</Title>
          {view?.scope === "own" && (
            <Badge variant="light" data-testid="dashboard-scope-own">
              {t("scopeOwn")}
            </Badge>
          )}
        </Group>
        {canExport && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="light" leftSection={<IconDownload size={16} />} data-testid="dashboard-export">
                {t("export.button")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={exportUrl({ ...query, table: "summary" }, "csv")} download data-testid="dashboard-export-csv">
                {t("export.csv")}
              </Menu.Item>
              <Menu.Item component="a" href={exportUrl(query, "xlsx")} download data-testid="dashboard-export-xlsx">
                {t("export.xlsx")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="xs">
        <SegmentedControl
          data-testid="dashboard-quick"
          value={filters.quick ?? ""}
          onChange={(value) => setFilters((f) => ({ ...f, quick: value as DashboardFilters["quick"], range: { preset: "custom", start: null, end: null } }))}
          data={QUICK.map((value) => ({ value, label: t(`quick.${value}`) }))}
        />
        <DateRangePicker
          value={filters.range}
          onChange={(range) => setFilters((f) => ({ ...f, range, quick: range.preset === "custom" && !range.start ? f.quick : null }))}
        />
        <Select
          aria-label={t("filters.channel")}
          placeholder={t("filters.allChannels")}
          data={(channels.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.channelId}
          onChange={(channelId) => setFilters((f) => ({ ...f, channelId }))}
          clearable
          w={180}
          data-testid="dashboard-channel"
        />
        {company && (
          <Select
            aria-label={t("filters.agent")}
            placeholder={t("filters.allAgents")}
            data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={filters.agentId}
            onChange={(agentId) => setFilters((f) => ({ ...f, agentId }))}
            clearable
            searchable
            w={200}
            data-testid="dashboard-agent"
          />
        )}
      </Group>
      {figures.isError && !view ? (
        <Paper withBorder p="md">
          <ListEmpty failed onRetry={() => void figures.refetch()} text="" />
        </Paper>
      ) : view ? (
        <Stack data-testid="dashboard-figures" style={{ opacity: figures.isPlaceholderData ? 0.6 : 1 }}>
          <Cards s={view.summary} p={view.previous} />
          {isEmpty(view) ? (
            <Paper withBorder p="md" data-testid="dashboard-empty">
              <EmptyState title={t("empty.title")}>
                <Text c="dimmed" size="sm" ta="center" maw={420}>
                  {t("empty.text")}
                </Text>
              </EmptyState>
            </Paper>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <SeriesSection view={view} />
                <ChannelsSection view={view} />
                <AiSection view={view} />
                <HeatmapSection view={view} />
                <RatingsSection view={view} />
                <MoodsSection view={view} />
              </SimpleGrid>
              <TablesSection view={view} />
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
