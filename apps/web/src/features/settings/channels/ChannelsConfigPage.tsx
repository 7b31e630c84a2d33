import type { ChannelType, ChannelView } from "@holboo/core";
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChannelIcon } from "../../../components/shared/ChannelIcon.tsx";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { api } from "../../../lib/api.ts";
import { useMe } from "../../../lib/session.ts";

/** Where each kind of channel is connected and edited under /settings (voice has no page yet). */
const MANAGE_PATH: Partial<Record<ChannelType, string>> = { messenger: "social", viber: "social", email: "email", webchat: "web_chat" };
const CONNECT: Array<{ key: "social" | "email" | "webchat"; path: string; types: ChannelType[] }> = [
  { key: "social", path: "social", types: ["messenger", "viber"] },
  { key: "email", path: "email", types: ["email"] },
  { key: "webchat", path: "web_chat", types: ["webchat"] },
];

/**
 * /settings/channels_config (spec §2, General → channels config; /settings/channel_manage leads here):
 * every channel of the company in one list — type, account, state, whether its virtual agent answers —
 * each with a link to its own settings page, and where to connect more of each kind.
 */
export function ChannelsConfigPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const list = useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => api.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id}/channel`),
    enabled: !!me,
  });
  const channels = list.data?.items ?? [];
  return (
    <Stack>
      <Title order={2}>{t("config.title")}</Title>
      <Text c="dimmed" size="sm">
        {t("config.intro")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CONNECT.map((kind) => (
          <Paper key={kind.key} withBorder p="md">
            <Stack gap="xs">
              <Group gap="xs">
                {kind.types.map((type) => (
                  <ChannelIcon key={type} type={type} size={20} />
                ))}
                <Text fw={600}>{t(`config.kinds.${kind.key}`)}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t("config.count", { count: channels.filter((c) => kind.types.includes(c.type)).length })}
              </Text>
              <Button component={Link} to={`/settings/${kind.path}`} size="xs" variant="light" data-testid={`channels-config-${kind.key}`}>
                {t("config.open")}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md">
        {list.error ? (
          <EmptyState onRetry={() => void list.refetch()} />
        ) : list.data && !channels.length ? (
          <Text c="dimmed" ta="center" py="lg">
            {t("config.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="channels-config-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("fields.name")}</Table.Th>
                  <Table.Th>{t("social.account")}</Table.Th>
                  <Table.Th>{t("fields.active")}</Table.Th>
                  <Table.Th>{t("fields.agent")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.map((channel) => {
                  const path = MANAGE_PATH[channel.type];
                  return (
                    <Table.Tr key={channel.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <ChannelIcon type={channel.type} size={18} />
                          {path ? (
                            <Anchor component={Link} to={`/settings/${path}`} fw={500}>
                              {channel.name}
                            </Anchor>
                          ) : (
                            <Text fw={500}>{channel.name}</Text>
                          )}
                          <Badge variant="light" size="sm">
                            {t(`types.${channel.type}`, { defaultValue: channel.type })}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td>{channel.number}</Table.Td>
                      <Table.Td>
                        <Badge color={channel.active ? "teal" : "gray"} variant="light">
                          {channel.active ? t("config.on") : t("config.off")}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {channel.agent_id === null ? t("fields.agentNone") : channel.agent_active ? t("config.agentOn") : t("config.agentOff")}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
