import { ContactTypeInput, type ContactTypeView } from "@holboo/core";
import { Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmRemove } from "../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../components/shared/DataTable.tsx";
import { ItemDialog } from "../../components/shared/ItemDialog.tsx";
import { ListPage } from "../../components/shared/ListPage.tsx";
import { fieldErrors } from "../../lib/api.ts";
import { submitValid } from "../../lib/forms.ts";
import { usePermission } from "../../lib/session.ts";
import { contactTypesQuery, useRemoveContactType, useSaveContactType } from "./contacts.queries.ts";

function TypeDialog({ type, onClose }: { type: ContactTypeView | null; onClose: () => void }) {
  const { t } = useTranslation("contacts");
  const form = useForm({ initialValues: { name: type?.name ?? "", description: type?.description ?? "" } });
  const save = useSaveContactType(type?.id ?? null, {
    onSuccess: onClose,
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <ItemDialog
      title={t(type ? "types.edit" : "types.add")}
      onClose={onClose}
      onSubmit={form.onSubmit(submitValid(ContactTypeInput, form.setErrors, save.mutate))}
      saving={save.isPending}
      submitTestId="save-contact-type"
    >
      <TextInput label={t("types.name")} {...form.getInputProps("name")} data-autofocus />
      <Textarea label={t("types.description")} autosize minRows={2} {...form.getInputProps("description")} />
    </ItemDialog>
  );
}

/** /settings/contact_type: name and description of each contact type (spec §3). */
export function ContactTypesPage() {
  const { t } = useTranslation("contacts");
  const canEdit = usePermission("settings.edit");
  const [editing, setEditing] = useState<ContactTypeView | "new" | null>(null);
  const [removing, setRemoving] = useState<ContactTypeView | null>(null);
  const list = useQuery(contactTypesQuery);
  const remove = useRemoveContactType();
  const add = () => setEditing("new");
  return (
    <ListPage
      title={t("types.title")}
      primaryAction={canEdit && { label: t("types.add"), onClick: add, testId: "add-contact-type" }}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.types"), action: canEdit && { label: t("types.add"), onClick: add } }}
      table={{
        minWidth: 480,
        rowKey: (type) => type.id,
        columns: [
          { key: "name", header: t("types.name"), cell: (type) => <Text fw={600}>{type.name}</Text> },
          {
            key: "description",
            header: t("types.description"),
            cell: (type) => (
              <Text size="sm" lineClamp={2}>
                {type.description}
              </Text>
            ),
          },
        ],
        rowActions: canEdit
          ? (type) => <RowActions actions={[editAction(t("types.edit"), () => setEditing(type)), deleteAction(t("delete"), () => setRemoving(type))]} />
          : undefined,
      }}
    >
      {editing && <TypeDialog type={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove
        item={removing}
        title={t("types.deleteTitle")}
        message={t("types.deleteText", { name: removing?.name ?? "" })}
        onRemove={(type) => remove.mutate(type.id)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
