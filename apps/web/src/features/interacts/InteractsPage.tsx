import { Box, Center, Group, Loader, Paper, Stack, Tabs, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { withLaterStyles } from "../../app/later-styles.ts";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { useTabParam } from "../../lib/useTabParam.ts";
import { InboxList } from "./InboxList.tsx";
import { fill, INBOX_TWO_COLUMNS } from "./inbox-layout.ts";
import { useInboxSocket } from "./useInboxSocket.ts";
import { StartInteractionButton } from "./StartInteractionButton.tsx";
import { usePermission } from "../../lib/session.ts";

/** The conversation (composer, actions, history) loads when one is first opened; the list comes first. */
const ThreadView = lazy(() => withLaterStyles(import("./ThreadView.tsx")).then((m) => ({ default: m.ThreadView })));

/**
 * The inbox: open (tab 1) and closed (tab 2) interactions beside the selected conversation. It fills the window under
 * the layout's banners; the list and the thread each scroll by themselves, so the composer stays in reach. On a phone
 * the list and the conversation are two screens, and the conversation has a back action to the list.
 */
export function InteractsPage() {
  const { t } = useTranslation("inbox");
  const [tab, setTab] = useTabParam();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get("id")) || null;
  const live = useInboxSocket(selected);
  const canStart = usePermission("interaction.start");
  const twoColumns = useMediaQuery(INBOX_TWO_COLUMNS, true, { getInitialValueInEffect: false });
  const select = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("id", String(id));
      return next;
    });
  const back = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("id");
      return next;
    });
  const showList = twoColumns || !selected;
  return (
    <Stack gap="sm" style={fill} data-testid="inbox-page">
      {showList && (
        <Group style={{ flex: "none" }}>
          <Title order={2}>{t("title")}</Title>
          {canStart && <StartInteractionButton onStarted={select} />}
        </Group>
      )}
      <Group gap="sm" wrap="nowrap" align="stretch" style={{ ...fill, flexDirection: "row" }}>
        {showList && (
          <Paper withBorder p="sm" style={twoColumns ? { ...fill, flex: "0 0 clamp(280px, 27%, 380px)" } : fill} data-testid="inbox-list-pane">
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
        )}
        {selected ? (
          <Box style={fill}>
            <Suspense
              fallback={
                <Paper withBorder p="xl">
                  <Center>
                    <Loader size="sm" />
                  </Center>
                </Paper>
              }
            >
              <ThreadView key={selected} interactionId={selected} live={live} onBack={twoColumns ? undefined : back} />
            </Suspense>
          </Box>
        ) : (
          twoColumns && (
            <Paper withBorder p="xl" style={fill}>
              <EmptyState title={t("pick")} />
            </Paper>
          )
        )}
      </Group>
    </Stack>
  );
}
