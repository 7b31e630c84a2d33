import type { CallView } from "@holboo/core";
import { Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CallMinutesChart } from "./CallMinutesChart.tsx";
import { clock, useCallMonitor, useCallUpdates } from "./calls.queries.ts";

/** Seconds since `from`, on the server's clock (the answer's `now` against the browser's, once per answer). */
function useTicker() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Call monitoring (spec §2): calls waiting for people with their wait time live (from when they began waiting: the call
 * operator's menu is not waiting), who is talking, today's figures (missed and abandoned apart, the service level at the
 * company's wait) and minutes, and a warning while the PBX connection is down; pushed and refreshed every 5 s.
 */
export function CallMonitoringPage() {
  const { t } = useTranslation("calls");
  const [lineId, setLineId] = useState<number | null>(null);
  const monitor = useCallMonitor(lineId);
  useCallUpdates();
  const now = useTicker();
  const data = monitor.data;
  const skew = data ? Date.parse(data.now) - (monitor.dataUpdatedAt || Date.now()) : 0;
  const since = (iso: string | null) => (iso ? clock((now + skew - Date.parse(iso)) / 1000) : "");
  const rows = (calls: CallView[], talking: boolean) =>
    calls.map((call) => (
      <Table.Tr key={call.id} data-testid={talking ? "monitor-talking-row" : "monitor-waiting-row"}>
        <Table.Td>{call.number}</Table.Td>
        <Table.Td>{call.line?.name ?? ""}</Table.Td>
        {talking && <Table.Td>{call.answered_by?.name ?? call.extension ?? ""}</Table.Td>}
        <Table.Td data-testid={talking ? "monitor-talk-time" : "monitor-wait-time"}>{since(talking ? call.answered_at : call.queued_at)}</Table.Td>
      </Table.Tr>
    ));
  const today = data?.today;
  const pbx = data?.pbx;
  return (
    <Stack maw={1100}>
      {pbx && pbx.state !== "connected" && (
        <Alert color="red" title={t("monitor.pbxDown")} data-testid="monitor-pbx-down">
          {pbx.last_error && `${t(`settings.errors.${pbx.last_error}`, { defaultValue: t("settings.errors.unknown") })} `}
          {t("monitor.pbxDownText")}
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={2}>{t("monitor.title")}</Title>
        <Select
          w={240}
          data={[{ value: "", label: t("monitor.allLines") }, ...(data?.lines ?? []).map((l) => ({ value: String(l.id), label: `${l.name} (${l.number})` }))]}
          value={lineId ? String(lineId) : ""}
          onChange={(value) => setLineId(value ? Number(value) : null)}
          allowDeselect={false}
          aria-label={t("monitor.line")}
          data-testid="monitor-line"
        />
      </Group>
      <Title order={4}>{t("monitor.today")}</Title>
      <SimpleGrid cols={{ base: 2, md: 6 }}>
        <Figure label={t("monitor.answered")} value={String(today?.answered ?? 0)} testId="stat-answered" />
        <Figure label={t("monitor.missed")} value={String(today?.missed ?? 0)} testId="stat-missed" />
        <Figure label={t("monitor.abandoned")} value={String(today?.abandoned ?? 0)} testId="stat-abandoned" />
        <Figure label={t("monitor.avgWait")} value={clock(today?.avg_wait_seconds ?? 0)} testId="stat-avg-wait" />
        <Figure label={t("monitor.avgTalk")} value={clock(today?.avg_talk_seconds ?? 0)} testId="stat-avg-talk" />
        <Figure
          label={t("monitor.serviceLevel", { seconds: today?.answered_within_seconds ?? "" })}
          value={today?.service_level === null || !today ? "—" : `${today.service_level}%`}
          testId="stat-service-level"
        />
      </SimpleGrid>
      <CallMinutesChart lineId={lineId} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={4}>{t("monitor.waiting")}</Title>
            <Badge color="yellow">{data?.waiting.length ?? 0}</Badge>
          </Group>
          {!!data?.in_menu.length && (
            <Text size="sm" c="dimmed" mb="xs" data-testid="monitor-in-menu">
              {t("monitor.inMenu", { number: data.in_menu.length })}
            </Text>
          )}
          {data?.waiting.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("monitor.number")}</Table.Th>
                  <Table.Th>{t("monitor.line")}</Table.Th>
                  <Table.Th>{t("monitor.waited")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows(data.waiting, false)}</Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t("monitor.noWaiting")}
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={4}>{t("monitor.talking")}</Title>
            <Badge color="green">{data?.talking.length ?? 0}</Badge>
          </Group>
          {data?.talking.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("monitor.number")}</Table.Th>
                  <Table.Th>{t("monitor.line")}</Table.Th>
                  <Table.Th>{t("monitor.who")}</Table.Th>
                  <Table.Th>{t("monitor.duration")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows(data.talking, true)}</Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t("monitor.noTalking")}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
