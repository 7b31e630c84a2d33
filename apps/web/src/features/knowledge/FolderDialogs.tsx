import { DELETE_WORDS, FolderInput, type FolderView } from "@holboo/core";
import { Modal, MultiSelect, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { currentLocale } from "../../i18n/index.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { folderOptions, useAgents, useFolders, useRemoveFolder, useSaveFolder } from "./knowledge.queries.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";

interface FolderDialogProps {
  folder: FolderView | null;
  parentId: number | null;
  onClose: () => void;
}

export function FolderDialog({ folder, parentId, onClose }: FolderDialogProps) {
  const { t } = useTranslation("knowledge");
  const folders = useFolders().data?.items ?? [];
  const agents = useAgents().data?.items ?? [];
  const form = useForm({
    initialValues: {
      name: folder?.name ?? "",
      parent_id: String(folder?.parent_id ?? parentId ?? ""),
      agent_ids: (folder?.agent_ids ?? []).map(String),
    },
  });
  const save = useSaveFolder(folder?.id ?? null, {
    onSuccess: onClose,
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
  const word = DELETE_WORDS[currentLocale()];
  const remove = useRemoveFolder(word, { onSuccess: onDeleted });
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
