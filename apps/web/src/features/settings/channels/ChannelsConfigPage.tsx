import type { ChannelType, ChannelView } from "@holboo/core";
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChannelIcon } from "../../../components/shared/ChannelIcon.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { useCompanyChannels } from "./channels.queries.ts";

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
  const list = useCompanyChannels();
  const channels = list.data?.items ?? [];
  return (
    <ListPage
      title={t("config.title")}
      description={t("config.intro")}
      intro={
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
      }
      query={list}
      rows={channels}
      empty={{ text: t("config.empty") }}
      table={{
        testId: "channels-config-table",
        minWidth: 560,
        rowKey: (channel) => channel.id,
        columns: [
          { key: "name", header: t("fields.name"), cell: (channel) => <ChannelName channel={channel} /> },
          { key: "account", header: t("social.account"), cell: (channel) => channel.number },
          {
            key: "active",
            header: t("fields.active"),
            cell: (channel) => (
              <Badge color={channel.active ? "teal" : "gray"} variant="light">
                {channel.active ? t("config.on") : t("config.off")}
              </Badge>
            ),
          },
          {
            key: "agent",
            header: t("fields.agent"),
            cell: (channel) => (
              <Text size="sm">{channel.agent_id === null ? t("fields.agentNone") : channel.agent_active ? t("config.agentOn") : t("config.agentOff")}</Text>
            ),
          },
        ],
      }}
    />
  );
}

/** The channel's icon, its name linking to its own settings page (where it has one), and its type. */
function ChannelName({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation("channels");
  const path = MANAGE_PATH[channel.type];
  return (
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
  );
}
