import { ISSUE_SETTING_PATHS, IssueSettingInput, type IssueSettingKind, type IssueSettingView } from "@holboo/core";
import { ActionIcon, Button, ColorInput, ColorSwatch, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
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
import { issueSettingsKey } from "../../issues/issues.queries.ts";

function SettingDialog({ kind, item, onClose }: { kind: IssueSettingKind; item: IssueSettingView | null; onClose: () => void }) {
  const { t } = useTranslation("issues");
  const client = useQueryClient();
  const form = useForm({ initialValues: { name: item?.name ?? "", description: item?.description ?? "", color: item?.color ?? "#228be6" } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      item ? api.put(`${ISSUE_SETTING_PATHS[kind]}/${item.id}`, values) : api.post(ISSUE_SETTING_PATHS[kind], values),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: issueSettingsKey(kind) });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(IssueSettingInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  return (
    <Modal opened onClose={onClose} title={t(item ? `settings.${kind}.edit` : `settings.${kind}.add`)} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t("settings.name")} {...form.getInputProps("name")} data-autofocus />
          <TextInput label={t("settings.description")} {...form.getInputProps("description")} />
          {kind === "tag" && <ColorInput label={t("settings.color")} format="hex" {...form.getInputProps("color")} />}
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

/** Settings → issue types, tags (with colour) or reasons: name, description, unique per company. */
export function IssueSettingsPage({ kind }: { kind: IssueSettingKind }) {
  const { t } = useTranslation("issues");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<IssueSettingView | "new" | null>(null);
  const [removing, setRemoving] = useState<IssueSettingView | null>(null);
  const list = useQuery({ queryKey: issueSettingsKey(kind), queryFn: () => api.get<{ items: IssueSettingView[] }>(ISSUE_SETTING_PATHS[kind]) });
  const remove = useMutation({
    mutationFn: (item: IssueSettingView) => api.del(`${ISSUE_SETTING_PATHS[kind]}/${item.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: issueSettingsKey(kind) }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t(`settings.${kind}.title`)}</Title>
        {canEdit && <Button onClick={() => setEditing("new")}>{t(`settings.${kind}.add`)}</Button>}
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !list.data.items.length) ? (
          <ListEmpty
            failed={list.isError}
            onRetry={() => void list.refetch()}
            text={t("emptyHelp.settings")}
            action={canEdit && { label: t(`settings.${kind}.add`), onClick: () => setEditing("new") }}
          />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("settings.name")}</Table.Th>
                <Table.Th>{t("settings.description")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {item.color && <ColorSwatch color={item.color} size={14} />}
                      <Text fw={500}>{item.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`${t(`settings.${kind}.edit`)}: ${item.name}`} onClick={() => setEditing(item)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t("delete")}: ${item.name}`} onClick={() => setRemoving(item)}>
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
      {editing && <SettingDialog kind={kind} item={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t(`settings.${kind}.deleteTitle`)}
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
