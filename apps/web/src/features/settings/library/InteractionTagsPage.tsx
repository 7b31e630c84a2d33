import { InteractionTagInput, type InteractionTagView } from "@holboo/core";
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { api, fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";

function TagDialog({ tag, onClose }: { tag: InteractionTagView | null; onClose: () => void }) {
  const { t } = useTranslation("library");
  const client = useQueryClient();
  const form = useForm({ initialValues: { name: tag?.name ?? "", description: tag?.description ?? "", important: tag?.important ?? false } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => (tag ? api.put(`/api/interaction-tags/${tag.id}`, values) : api.post("/api/interaction-tags", values)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["interaction-tags"] });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <Modal opened onClose={onClose} title={t(tag ? "tags.edit" : "tags.add")} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          const checked = validate(InteractionTagInput, values);
          if (!checked.ok) return form.setErrors(checked.errors);
          save.mutate(values);
        })}
        noValidate
      >
        <Stack>
          <TextInput label={t("tags.name")} {...form.getInputProps("name")} data-autofocus />
          <TextInput label={t("tags.description")} {...form.getInputProps("description")} />
          <Checkbox label={t("tags.important")} {...form.getInputProps("important", { type: "checkbox" })} />
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

export function InteractionTagsPage() {
  const { t } = useTranslation("library");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<InteractionTagView | "new" | null>(null);
  const [removing, setRemoving] = useState<InteractionTagView | null>(null);
  const list = useQuery({ queryKey: ["interaction-tags"], queryFn: () => api.get<{ items: InteractionTagView[] }>("/api/interaction-tags") });
  const remove = useMutation({
    mutationFn: (tag: InteractionTagView) => api.del(`/api/interaction-tags/${tag.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["interaction-tags"] }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("tags.title")}</Title>
        {canEdit && <Button onClick={() => setEditing("new")}>{t("tags.add")}</Button>}
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !list.data.items.length) ? (
          <ListEmpty
            failed={list.isError}
            onRetry={() => void list.refetch()}
            text={t("emptyHelp.tags")}
            action={canEdit && { label: t("tags.add"), onClick: () => setEditing("new") }}
          />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("tags.name")}</Table.Th>
                <Table.Th>{t("tags.description")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((tag) => (
                <Table.Tr key={tag.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={500}>{tag.name}</Text>
                      {tag.important && (
                        <Badge size="xs" color="red">
                          {t("tags.important")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{tag.description}</Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t("tags.edit")} onClick={() => setEditing(tag)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(tag)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {editing && <TagDialog tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("tags.deleteTitle")}
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
