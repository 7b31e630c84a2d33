import { ISSUE_SETTING_PATHS, IssueSettingInput, type IssueSettingKind, type IssueSettingView } from "@holboo/core";
import { ColorInput, ColorSwatch, Group, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ItemDialog } from "../../../components/shared/ItemDialog.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { api, fieldErrors } from "../../../lib/api.ts";
import { submitValid } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";
import { issueSettingKeys } from "../../issues/issues.keys.ts";

function SettingDialog({ kind, item, onClose }: { kind: IssueSettingKind; item: IssueSettingView | null; onClose: () => void }) {
  const { t } = useTranslation("issues");
  const client = useQueryClient();
  const form = useForm({ initialValues: { name: item?.name ?? "", description: item?.description ?? "", color: item?.color ?? "#228be6" } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      item
        ? api.put(`${ISSUE_SETTING_PATHS[kind]}/:id` as const, { params: { id: item.id }, body: values })
        : api.post(ISSUE_SETTING_PATHS[kind], { body: values }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: issueSettingKeys.kind(kind) });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <ItemDialog
      title={t(item ? `settings.${kind}.edit` : `settings.${kind}.add`)}
      onClose={onClose}
      onSubmit={form.onSubmit(submitValid(IssueSettingInput, form.setErrors, save.mutate))}
      saving={save.isPending}
    >
      <TextInput label={t("settings.name")} {...form.getInputProps("name")} data-autofocus />
      <TextInput label={t("settings.description")} {...form.getInputProps("description")} />
      {kind === "tag" && <ColorInput label={t("settings.color")} format="hex" {...form.getInputProps("color")} />}
    </ItemDialog>
  );
}

/** Settings → issue types, tags (with colour) or reasons: name, description, unique per company. */
export function IssueSettingsPage({ kind }: { kind: IssueSettingKind }) {
  const { t } = useTranslation("issues");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<IssueSettingView | "new" | null>(null);
  const [removing, setRemoving] = useState<IssueSettingView | null>(null);
  const list = useQuery({ queryKey: issueSettingKeys.kind(kind), queryFn: () => api.get(ISSUE_SETTING_PATHS[kind]) });
  const remove = useMutation({
    mutationFn: (item: IssueSettingView) => api.del(`${ISSUE_SETTING_PATHS[kind]}/:id` as const, { params: { id: item.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: issueSettingKeys.kind(kind) }),
  });
  const add = { label: t(`settings.${kind}.add`), onClick: () => setEditing("new") };
  return (
    <ListPage
      title={t(`settings.${kind}.title`)}
      primaryAction={canEdit && add}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.settings"), action: canEdit && add }}
      table={{
        rowKey: (item) => item.id,
        columns: [
          {
            key: "name",
            header: t("settings.name"),
            cell: (item) => (
              <Group gap={6} wrap="nowrap">
                {item.color && <ColorSwatch color={item.color} size={14} />}
                <Text fw={500}>{item.name}</Text>
              </Group>
            ),
          },
          { key: "description", header: t("settings.description"), cell: (item) => item.description },
        ],
        rowActions: canEdit
          ? (item) => (
              <RowActions
                actions={[
                  editAction(`${t(`settings.${kind}.edit`)}: ${item.name}`, () => setEditing(item)),
                  deleteAction(`${t("delete")}: ${item.name}`, () => setRemoving(item)),
                ]}
              />
            )
          : undefined,
      }}
    >
      {editing && <SettingDialog kind={kind} item={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove
        item={removing}
        title={t(`settings.${kind}.deleteTitle`)}
        message={t("deleteText", { name: removing?.name ?? "" })}
        onRemove={(item) => remove.mutate(item)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
