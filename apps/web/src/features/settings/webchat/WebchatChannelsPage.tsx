import type { ChannelView } from "@holboo/core";
import { Badge, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { usePermission } from "../../../lib/session.ts";
import { channelActiveColumn } from "../channel-columns.tsx";
import { useChannelActions } from "../channels/channel-actions.queries.ts";
import { useCompanyChannels } from "../channels/channels.queries.ts";

export function WebchatChannelsPage() {
  const { t } = useTranslation("channels");
  const canEdit = usePermission("settings.edit");
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<ChannelView | null>(null);
  const list = useCompanyChannels();
  const { toggle, remove } = useChannelActions();
  const channels = (list.data?.items ?? []).filter((c) => c.type === "webchat");
  return (
    <ListPage
      title={t("webchat.title")}
      primaryAction={canEdit && { label: t("webchat.add"), to: "/settings/web_chat/add", testId: "add-webchat" }}
      query={list}
      rows={channels}
      empty={{ text: t("emptyHelp.webchat"), action: canEdit && { label: t("webchat.add"), onClick: () => void navigate("/settings/web_chat/add") } }}
      table={{
        minWidth: 520,
        rowKey: (channel) => channel.id,
        columns: [
          {
            key: "name",
            header: t("fields.name"),
            cell: (channel) => (
              <>
                <Text fw={500}>{channel.name}</Text>
                <Text size="xs" c="dimmed">
                  {channel.description}
                </Text>
              </>
            ),
          },
          { key: "domain", header: t("fields.domain"), cell: (channel) => channel.number },
          channelActiveColumn(t("fields.active"), canEdit, toggle.mutate),
        ],
        rowActions: (channel) => (
          <RowActions
            actions={[
              { label: t("webchat.edit"), icon: <IconPencil size={16} />, to: `/settings/web_chat/edit/${channel.id}` },
              canEdit && deleteAction(t("delete"), () => setRemoving(channel)),
            ]}
          >
            <Badge variant="light">{t("types.webchat")}</Badge>
          </RowActions>
        ),
      }}
    >
      <ConfirmRemove
        item={removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        onRemove={(channel) => remove.mutate(channel)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
