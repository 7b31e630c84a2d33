import { InteractionTagInput, type InteractionTagView } from "@holboo/core";
import { Badge, Checkbox, Group, Text, TextInput } from "@mantine/core";
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
import { useDeleteInteractionTag, useInteractionTags, useSaveInteractionTag } from "./library.queries.ts";

function TagDialog({ tag, onClose }: { tag: InteractionTagView | null; onClose: () => void }) {
  const { t } = useTranslation("library");
  const form = useForm({ initialValues: { name: tag?.name ?? "", description: tag?.description ?? "", important: tag?.important ?? false } });
  const save = useSaveInteractionTag(tag, {
    onSuccess: onClose,
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <ItemDialog
      title={t(tag ? "tags.edit" : "tags.add")}
      onClose={onClose}
      onSubmit={form.onSubmit(submitValid(InteractionTagInput, form.setErrors, save.mutate))}
      saving={save.isPending}
    >
      <TextInput label={t("tags.name")} {...form.getInputProps("name")} data-autofocus />
      <TextInput label={t("tags.description")} {...form.getInputProps("description")} />
      <Checkbox label={t("tags.important")} {...form.getInputProps("important", { type: "checkbox" })} />
    </ItemDialog>
  );
}

export function InteractionTagsPage() {
  const { t } = useTranslation("library");
  const canEdit = usePermission("settings.edit");
  const [editing, setEditing] = useState<InteractionTagView | "new" | null>(null);
  const [removing, setRemoving] = useState<InteractionTagView | null>(null);
  const list = useInteractionTags();
  const remove = useDeleteInteractionTag();
  const add = { label: t("tags.add"), onClick: () => setEditing("new") };
  return (
    <ListPage
      title={t("tags.title")}
      primaryAction={canEdit && add}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.tags"), action: canEdit && add }}
      table={{
        rowKey: (tag) => tag.id,
        columns: [
          {
            key: "name",
            header: t("tags.name"),
            cell: (tag) => (
              <Group gap={6}>
                <Text fw={500}>{tag.name}</Text>
                {tag.important && (
                  <Badge size="xs" color="red">
                    {t("tags.important")}
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: "description", header: t("tags.description"), cell: (tag) => tag.description },
        ],
        rowActions: canEdit
          ? (tag) => <RowActions actions={[editAction(t("tags.edit"), () => setEditing(tag)), deleteAction(t("delete"), () => setRemoving(tag))]} />
          : undefined,
      }}
    >
      {editing && <TagDialog tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove
        item={removing}
        title={t("tags.deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        onRemove={(tag) => remove.mutate(tag)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
