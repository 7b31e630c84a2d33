import { ContactTypeInput, type ContactTypeView } from "@holboo/core";
import { ActionIcon, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { api, fieldErrors } from "../../lib/api.ts";
import { validate } from "../../lib/forms.ts";
import { usePermission } from "../../lib/session.ts";

export const contactTypesQuery = { queryKey: ["contact-types"], queryFn: () => api.get<{ items: ContactTypeView[] }>("/api/contact-types") };

function TypeDialog({ type, onClose }: { type: ContactTypeView | null; onClose: () => void }) {
  const { t } = useTranslation("contacts");
  const client = useQueryClient();
  const form = useForm({ initialValues: { name: type?.name ?? "", description: type?.description ?? "" } });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => (type ? api.put(`/api/contact-types/${type.id}`, values) : api.post("/api/contact-types", values)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["contact-types"] });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(ContactTypeInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  return (
    <Modal opened onClose={onClose} title={t(type ? "types.edit" : "types.add")} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t("types.name")} {...form.getInputProps("name")} data-autofocus />
          <Textarea label={t("types.description")} autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="save-contact-type">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /settings/contact_type: name and description of each contact type (spec §3). */
export function ContactTypesPage() {
  const { t } = useTranslation("contacts");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<ContactTypeView | "new" | null>(null);
  const [removing, setRemoving] = useState<ContactTypeView | null>(null);
  const list = useQuery(contactTypesQuery);
  const remove = useMutation({
    mutationFn: (type: ContactTypeView) => api.del(`/api/contact-types/${type.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["contact-types"] }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("types.title")}</Title>
        {canEdit && (
          <Button onClick={() => setEditing("new")} data-testid="add-contact-type">
            {t("types.add")}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !list.data.items.length) ? (
          <ListEmpty
            failed={list.isError}
            onRetry={() => void list.refetch()}
            text={t("emptyHelp.types")}
            action={canEdit && { label: t("types.add"), onClick: () => setEditing("new") }}
          />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("types.name")}</Table.Th>
                  <Table.Th>{t("types.description")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.items.map((type) => (
                  <Table.Tr key={type.id}>
                    <Table.Td>
                      <Text fw={600}>{type.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {type.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t("types.edit")} onClick={() => setEditing(type)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(type)}>
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
      </Paper>
      {editing && <TypeDialog type={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("types.deleteTitle")}
        message={t("types.deleteText", { name: removing?.name ?? "" })}
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
