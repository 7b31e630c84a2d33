import { StartInteractionInput, fullName, type ContactListItem, type ContactView } from "@holboo/core";
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNothingFoundMessage } from "../../components/shared/EmptyState.tsx";
import { api, fieldErrors, notifyError } from "../../lib/api.ts";
import { ApiError } from "../../lib/http.ts";
import { validate } from "../../lib/forms.ts";
import { contactKeys } from "../contacts/contacts.keys.ts";
import { interactionKeys } from "./interactions.keys.ts";

const contactLabel = (contact: ContactListItem | ContactView, unnamed: string) =>
  [fullName(contact.first_name, contact.last_name) || `${unnamed} #${contact.id}`, contact.phone ?? contact.email].filter(Boolean).join(" · ");

/** Start a conversation with a contact on one of the channels they have an account on (mounted while open). */
export function StartInteractionDialog({ onStarted, onClose }: { onStarted: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation("inbox");
  const emptyText = useNothingFoundMessage();
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const form = useForm({ initialValues: { contact_id: 0, channel_id: 0, title: "", text: "" } });
  const contacts = useQuery({
    queryKey: contactKeys.pick(debounced),
    queryFn: () => api.get("/api/contacts", { query: { search: debounced, page_size: 20 } }),
  });
  const contact = useQuery({
    queryKey: contactKeys.one(form.values.contact_id),
    queryFn: () => api.get("/api/contacts/:id", { params: { id: form.values.contact_id } }),
    enabled: form.values.contact_id > 0,
  });
  const channels = contact.data?.social_accounts.map((account) => account.channel) ?? [];
  const start = useMutation({
    mutationFn: (input: StartInteractionInput) => api.post("/api/interactions", { body: input }),
    onSuccess: (started) => {
      void client.invalidateQueries({ queryKey: interactionKeys.all });
      onClose();
      onStarted(started.id);
    },
    onError: (error) => {
      const existing = error instanceof ApiError ? error.details?.interaction_id : undefined;
      if (typeof existing === "number") {
        onClose();
        return onStarted(existing);
      }
      form.setErrors(fieldErrors(error));
      notifyError(error);
    },
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(StartInteractionInput, { ...values, text: values.text || undefined, client_id: crypto.randomUUID() });
    if (!checked.ok) return form.setErrors(checked.errors);
    start.mutate(checked.data);
  });
  return (
    <Modal opened onClose={onClose} title={t("start.title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t("start.contact")}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={emptyText}
            data={(contacts.data?.items ?? []).map((item) => ({ value: String(item.id), label: contactLabel(item, t("customer")) }))}
            value={form.values.contact_id ? String(form.values.contact_id) : null}
            onChange={(value) => {
              form.setFieldValue("contact_id", Number(value ?? 0));
              form.setFieldValue("channel_id", 0);
            }}
            error={form.errors.contact_id}
          />
          <Select
            label={t("start.channel")}
            data={channels.map((channel) => ({ value: String(channel.id), label: channel.name }))}
            value={form.values.channel_id ? String(form.values.channel_id) : null}
            onChange={(value) => form.setFieldValue("channel_id", Number(value ?? 0))}
            disabled={!form.values.contact_id}
            error={form.errors.channel_id}
          />
          {contact.data && channels.length === 0 && (
            <Text size="xs" c="orange">
              {t("start.noChannel")}
            </Text>
          )}
          <TextInput label={t("start.subject")} {...form.getInputProps("title")} />
          <Textarea label={t("start.message")} rows={3} {...form.getInputProps("text")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("start.cancel")}
            </Button>
            <Button type="submit" loading={start.isPending} disabled={!form.values.channel_id} data-testid="confirm-start">
              {t("start.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
