import type { FlowSummaryView, FlowView } from "@holboo/core";
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Table, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { IconCopy, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { api, fieldErrors, notifyError } from "../../../lib/api.ts";
import { usePermission } from "../../../lib/session.ts";

export const STATUS_COLOURS: Record<FlowSummaryView["status"], string> = { draft: "gray", published: "green", off: "orange" };

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("flows");
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [topics, setTopics] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () => api.post<FlowView>("/api/flows", { title, topics }),
    onSuccess: (flow) => void navigate(`/settings/flow/${flow.id}`),
    onError: (e) => setErrors(fieldErrors(e)),
  });
  return (
    <Modal opened onClose={onClose} title={t("create")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t("flowTitle")}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
            data-testid="flow-title"
          />
          <TagsInput
            label={t("topics")}
            description={t("topicsHint")}
            value={topics}
            onChange={setTopics}
            maxTags={10}
            maxLength={40}
            error={errors.topics ?? Object.entries(errors).find(([field]) => field.startsWith("topics."))?.[1]}
            data-testid="flow-topics"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /settings/flow: every flow with its status and figures; create, duplicate, delete. */
export function FlowsPage() {
  const { t } = useTranslation("flows");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<FlowSummaryView | null>(null);
  const list = useQuery({ queryKey: ["flows"], queryFn: () => api.get<{ items: FlowSummaryView[] }>("/api/flows") });
  const refresh = () => client.invalidateQueries({ queryKey: ["flows"] });
  const duplicate = useMutation({
    mutationFn: (flow: FlowSummaryView) => api.post(`/api/flows/${flow.id}/duplicate`),
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = useMutation({ mutationFn: (flow: FlowSummaryView) => api.del(`/api/flows/${flow.id}`), onSuccess: refresh, onError: notifyError });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        {canEdit && (
          <Button onClick={() => setCreating(true)} data-testid="add-flow">
            {t("create")}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        {list.data && !list.data.items.length ? (
          <EmptyState onRetry={() => void list.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table data-testid="flows-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("flowTitle")}</Table.Th>
                  <Table.Th>{t("status")}</Table.Th>
                  <Table.Th>{t("accuracy")}</Table.Th>
                  <Table.Th>{t("usage")}</Table.Th>
                  <Table.Th>{t("topics")}</Table.Th>
                  <Table.Th>{t("created")}</Table.Th>
                  <Table.Th>{t("updated")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.items.map((flow) => (
                  <Table.Tr key={flow.id} data-testid={`flow-row-${flow.id}`}>
                    <Table.Td>
                      <Text component={Link} to={`/settings/flow/${flow.id}`} fw={600} c="blue">
                        {flow.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[flow.status]} variant="light">
                        {t(`statuses.${flow.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{flow.accuracy === null ? "—" : `${Math.round(flow.accuracy * 100)}%`}</Table.Td>
                    <Table.Td data-testid="flow-usage">
                      {flow.usage_count}
                      <Text span size="xs" c="dimmed">
                        {" "}
                        ({t("outcomes", { success: flow.success_count, fail: flow.fail_count })})
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {flow.topics.map((topic) => (
                          <Badge key={topic} variant="outline" size="sm">
                            {topic}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        <RelativeTime value={flow.created_at} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        <RelativeTime value={flow.updated_at} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t("duplicate")} onClick={() => duplicate.mutate(flow)}>
                            <IconCopy size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(flow)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.title ?? "" })}
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
