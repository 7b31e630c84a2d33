import { SavedResponseInput, pageCount, type SavedResponseView } from "@holboo/core";
import { ActionIcon, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPencil, IconSearch, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { api, fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";

function ResponseDialog({ response, onClose }: { response: SavedResponseView | null; onClose: () => void }) {
  const { t } = useTranslation("library");
  const client = useQueryClient();
  const form = useForm({ initialValues: { key: response?.key ?? "", text: response?.text ?? "" } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => (response ? api.put(`/api/saved-responses/${response.id}`, values) : api.post("/api/saved-responses", values)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["saved-responses"] });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <Modal opened onClose={onClose} title={t(response ? "responses.edit" : "responses.add")} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          const checked = validate(SavedResponseInput, values);
          if (!checked.ok) return form.setErrors(checked.errors);
          save.mutate(values);
        })}
        noValidate
      >
        <Stack>
          <TextInput label={t("responses.key")} description={t("responses.keyHint")} leftSection="/" {...form.getInputProps("key")} data-autofocus />
          <Textarea label={t("responses.text")} autosize minRows={3} {...form.getInputProps("text")} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SavedResponsesPage() {
  const { t } = useTranslation("library");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SavedResponseView | "new" | null>(null);
  const [removing, setRemoving] = useState<SavedResponseView | null>(null);
  const list = useQuery({
    queryKey: ["saved-responses", debounced, page],
    queryFn: () => api.get<{ items: SavedResponseView[]; total: number }>("/api/saved-responses", { search: debounced, page, page_size: 20 }),
  });
  const remove = useMutation({
    mutationFn: (r: SavedResponseView) => api.del(`/api/saved-responses/${r.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["saved-responses"] }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("responses.title")}</Title>
        {canEdit && (
          <Button onClick={() => setEditing("new")} data-testid="add-saved-response">
            {t("responses.add")}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t("search")}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maw={320}
          />
          {list.isError || (list.data && !list.data.items.length) ? (
            <ListEmpty
              failed={list.isError}
              onRetry={() => void list.refetch()}
              text={t("emptyHelp.saved")}
              action={canEdit && { label: t("saved.add"), onClick: () => setEditing("new") }}
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("responses.key")}</Table.Th>
                    <Table.Th>{t("responses.text")}</Table.Th>
                    <Table.Th>{t("createdBy")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data?.items.map((response) => (
                    <Table.Tr key={response.id}>
                      <Table.Td>
                        <Text fw={600}>/{response.key}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {response.text}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{response.created_by?.name}</Text>
                        <Text size="xs" c="dimmed">
                          <RelativeTime value={response.created_at} />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <ActionIcon variant="subtle" aria-label={t("responses.edit")} onClick={() => setEditing(response)}>
                              <IconPencil size={16} />
                            </ActionIcon>
                            <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(response)}>
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
          <Pagination page={page} total={pageCount(list.data?.total ?? 0, 20)} onChange={setPage} />
        </Stack>
      </Paper>
      {editing && <ResponseDialog response={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("responses.deleteTitle")}
        message={t("deleteText", { name: `/${removing?.key ?? ""}` })}
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
