import { Center, Grid, Group, Loader, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { useTabParam } from "../../lib/useTabParam.ts";
import { InboxList } from "./InboxList.tsx";
import { useInboxSocket } from "./useInboxSocket.ts";
import { StartInteractionButton } from "./StartInteractionButton.tsx";
import { usePermission } from "../../lib/session.ts";

/** The conversation (composer, actions, history) loads when one is first opened; the list comes first. */
const ThreadView = lazy(() => import("./ThreadView.tsx").then((m) => ({ default: m.ThreadView })));

/** The inbox: open (tab 1) and closed (tab 2) interactions beside the selected conversation. */
export function InteractsPage() {
  const { t } = useTranslation("inbox");
  const [tab, setTab] = useTabParam();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get("id")) || null;
  const { connected, live } = useInboxSocket(selected);
  const canStart = usePermission("interaction.start");
  const select = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("id", String(id));
      return next;
    });
  return (
    <Stack gap="sm">
      <Group>
        <Title order={2}>{t("title")}</Title>
        {!connected && (
          <Text size="xs" c="orange">
            {t("reconnecting")}
          </Text>
        )}
        {canStart && <StartInteractionButton onStarted={select} />}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <Tabs value={tab} onChange={setTab} mb="sm">
              <Tabs.List grow>
                <Tabs.Tab value="1" data-testid="tab-open">
                  {t("open")}
                </Tabs.Tab>
                <Tabs.Tab value="2" data-testid="tab-closed">
                  {t("closed")}
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
            <InboxList key={tab} status={tab === "2" ? "closed" : "open"} selected={selected} onSelect={select} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <Suspense
              fallback={
                <Paper withBorder p="xl">
                  <Center>
                    <Loader size="sm" />
                  </Center>
                </Paper>
              }
            >
              <ThreadView key={selected} interactionId={selected} live={live} />
            </Suspense>
          ) : (
            <Paper withBorder p="xl">
              <EmptyState title={t("pick")} />
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
