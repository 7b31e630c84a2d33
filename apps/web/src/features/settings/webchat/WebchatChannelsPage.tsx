import type { ChannelView } from "@holboo/core";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { api } from "../../../lib/api.ts";
import { useMe, usePermission } from "../../../lib/session.ts";

export function WebchatChannelsPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const navigate = useNavigate();
  const client = useQueryClient();
  const [removing, setRemoving] = useState<ChannelView | null>(null);
  const list = useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => api.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id}/channel`),
    enabled: !!me,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["channels"] });
  const toggle = useMutation({ mutationFn: (c: ChannelView) => api.put(`/api/channels/${c.id}/active`, { active: !c.active }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (c: ChannelView) => api.del(`/api/channels/${c.id}`), onSuccess: refresh });
  const channels = (list.data?.items ?? []).filter((c) => c.type === "webchat");
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("webchat.title")}</Title>
        {canEdit && (
          <Button component={Link} to="/settings/web_chat/add" data-testid="add-webchat">
            {t("webchat.add")}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !channels.length) ? (
          <ListEmpty
            failed={list.isError}
            onRetry={() => void list.refetch()}
            text={t("emptyHelp.webchat")}
            action={canEdit && { label: t("webchat.add"), onClick: () => void navigate("/settings/web_chat/add") }}
          />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("fields.name")}</Table.Th>
                  <Table.Th>{t("fields.domain")}</Table.Th>
                  <Table.Th>{t("fields.active")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.map((channel) => (
                  <Table.Tr key={channel.id}>
                    <Table.Td>
                      <Text fw={500}>{channel.name}</Text>
                      <Text size="xs" c="dimmed">
                        {channel.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{channel.number}</Table.Td>
                    <Table.Td>
                      <Switch checked={channel.active} disabled={!canEdit} onChange={() => toggle.mutate(channel)} aria-label={t("fields.active")} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end">
                        <Badge variant="light">{t("types.webchat")}</Badge>
                        <ActionIcon component={Link} to={`/settings/web_chat/edit/${channel.id}`} variant="subtle" aria-label={t("webchat.edit")}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        {canEdit && (
                          <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(channel)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ConfirmDialog
        opened={!!removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
