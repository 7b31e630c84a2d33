import { DELETE_WORDS, FolderInput, type FolderView } from "@holboo/core";
import { Modal, MultiSelect, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { currentLocale } from "../../i18n/index.ts";
import { api, notifyError } from "../../lib/api.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { knowledgeKeys } from "./knowledge.keys.ts";
import { folderOptions, useAgents, useFolders } from "./knowledge.queries.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";

interface FolderDialogProps {
  folder: FolderView | null;
  parentId: number | null;
  onClose: () => void;
}

export function FolderDialog({ folder, parentId, onClose }: FolderDialogProps) {
  const { t } = useTranslation("knowledge");
  const client = useQueryClient();
  const folders = useFolders().data?.items ?? [];
  const agents = useAgents().data?.items ?? [];
  const form = useForm({
    initialValues: {
      name: folder?.name ?? "",
      parent_id: String(folder?.parent_id ?? parentId ?? ""),
      agent_ids: (folder?.agent_ids ?? []).map(String),
    },
  });
  const save = useMutation({
    mutationFn: (body: FolderInput) =>
      folder ? api.put("/api/knowledge/folders/:id", { params: { id: folder.id }, body }) : api.post("/api/knowledge/folders", { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: knowledgeKeys.folders() });
      onClose();
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const body = { name: values.name, parent_id: values.parent_id ? Number(values.parent_id) : null, agent_ids: values.agent_ids.map(Number) };
    const checked = validate(FolderInput, body);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  const parents = folderOptions(folders.filter((f) => f.id !== folder?.id));
  return (
    <Modal opened onClose={onClose} title={t(folder ? "folders.edit" : "folders.add")} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t("folders.name")} {...form.getInputProps("name")} data-autofocus required />
          <Select
            label={t("folders.parent")}
            data={[{ value: "", label: t("folders.noParent") }, ...parents]}
            {...form.getInputProps("parent_id")}
            allowDeselect={false}
          />
          <MultiSelect
            label={t("folders.agents")}
            description={t("folders.agentsHint")}
            data={agents.map((a) => ({ value: String(a.id), label: a.name }))}
            {...form.getInputProps("agent_ids")}
          />
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Deleting a folder asks for the delete word of the current language; the server checks it again. */
export function DeleteFolderDialog({ folder, onClose, onDeleted }: { folder: FolderView | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation("knowledge");
  const client = useQueryClient();
  const word = DELETE_WORDS[currentLocale()];
  const remove = useMutation({
    mutationFn: (f: FolderView) => api.del("/api/knowledge/folders/:id", { params: { id: f.id }, body: { confirm_word: word } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: knowledgeKeys.all });
      onDeleted();
    },
    onError: notifyError,
  });
  return (
    <ConfirmDialog
      opened={!!folder}
      title={t("folders.deleteTitle")}
      message={t("folders.deleteText", { name: folder?.name ?? "", word })}
      typeToConfirm={word}
      danger
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (folder) remove.mutate(folder);
        onClose();
      }}
    />
  );
}
