import { IssueSettingInput, type IssueSettingKind, type IssueSettingView } from "@holboo/core";
import { ColorInput, ColorSwatch, Group, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ItemDialog } from "../../../components/shared/ItemDialog.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { fieldErrors } from "../../../lib/api.ts";
import { submitValid } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";
import { useIssueSettings } from "../../issues/issues.queries.ts";
import { useDeleteIssueSetting, useSaveIssueSetting } from "./library.queries.ts";

function SettingDialog({ kind, item, onClose }: { kind: IssueSettingKind; item: IssueSettingView | null; onClose: () => void }) {
  const { t } = useTranslation("issues");
  const form = useForm({ initialValues: { name: item?.name ?? "", description: item?.description ?? "", color: item?.color ?? "#228be6" } });
  const save = useSaveIssueSetting(kind, item, {
    onSuccess: onClose,
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
  const [editing, setEditing] = useState<IssueSettingView | "new" | null>(null);
  const [removing, setRemoving] = useState<IssueSettingView | null>(null);
  const list = useIssueSettings(kind);
  const remove = useDeleteIssueSetting(kind);
  const add = { label: t(`settings.${kind}.add`), onClick: () => setEditing("new") };
  return (
    <ListPage
      title={t(`settings.${kind}.title`)}
      primaryAction={canEdit && add}
      query={list}
      rows={list.data ?? []}
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
