import { SavedResponseInput, pageCount, type SavedResponseView } from "@holboo/core";
import { Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ItemDialog } from "../../../components/shared/ItemDialog.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { fieldErrors } from "../../../lib/api.ts";
import { submitValid } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";
import { SAVED_RESPONSES_PAGE_SIZE, useDeleteSavedResponse, useSavedResponses, useSaveSavedResponse } from "./library.queries.ts";

function ResponseDialog({ response, onClose }: { response: SavedResponseView | null; onClose: () => void }) {
  const { t } = useTranslation("library");
  const form = useForm({ initialValues: { key: response?.key ?? "", text: response?.text ?? "" } });
  const save = useSaveSavedResponse(response, {
    onSuccess: onClose,
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <ItemDialog
      title={t(response ? "responses.edit" : "responses.add")}
      onClose={onClose}
      onSubmit={form.onSubmit(submitValid(SavedResponseInput, form.setErrors, save.mutate))}
      saving={save.isPending}
    >
      <TextInput label={t("responses.key")} description={t("responses.keyHint")} leftSection="/" {...form.getInputProps("key")} data-autofocus />
      <Textarea label={t("responses.text")} autosize minRows={3} {...form.getInputProps("text")} />
    </ItemDialog>
  );
}

export function SavedResponsesPage() {
  const { t } = useTranslation("library");
  const canEdit = usePermission("settings.edit");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SavedResponseView | "new" | null>(null);
  const [removing, setRemoving] = useState<SavedResponseView | null>(null);
  const list = useSavedResponses(debounced, page);
  const remove = useDeleteSavedResponse();
  const add = () => setEditing("new");
  return (
    <ListPage
      title={t("responses.title")}
      primaryAction={canEdit && { label: t("responses.add"), onClick: add, testId: "add-saved-response" }}
      filters={
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
      }
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.saved"), action: canEdit && { label: t("saved.add"), onClick: add } }}
      table={{
        minWidth: 560,
        rowKey: (response) => response.id,
        columns: [
          { key: "key", header: t("responses.key"), cell: (response) => <Text fw={600}>/{response.key}</Text> },
          {
            key: "text",
            header: t("responses.text"),
            cell: (response) => (
              <Text size="sm" lineClamp={2}>
                {response.text}
              </Text>
            ),
          },
          {
            key: "created",
            header: t("createdBy"),
            cell: (response) => (
              <>
                <Text size="xs">{response.created_by?.name}</Text>
                <Text size="xs" c="dimmed">
                  <RelativeTime value={response.created_at} />
                </Text>
              </>
            ),
          },
        ],
        rowActions: canEdit
          ? (response) => (
              <RowActions actions={[editAction(t("responses.edit"), () => setEditing(response)), deleteAction(t("delete"), () => setRemoving(response))]} />
            )
          : undefined,
      }}
      pagination={{ page, total: pageCount(list.data?.total ?? 0, SAVED_RESPONSES_PAGE_SIZE), onChange: setPage }}
    >
      {editing && <ResponseDialog response={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove
        item={removing}
        title={t("responses.deleteTitle")}
        message={t("deleteText", { name: `/${removing?.key ?? ""}` })}
        onRemove={(response) => remove.mutate(response)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
