import { StartInteractionInput } from "@holboo/core";
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNothingFoundMessage } from "../../components/shared/EmptyState.tsx";
import { fieldErrors, notifyError } from "../../lib/api.ts";
import { ApiError } from "../../lib/http.ts";
import { validate } from "../../lib/forms.ts";
import { useContactName } from "../../lib/contact-name.ts";
import { useCompanyChannels } from "../settings/channels/channels.queries.ts";
import { useContact, useContactPick, useRefreshInteractions, useSendIntoInteraction, useStartInteraction } from "./inbox.queries.ts";
import { startChannels } from "./start-channels.ts";

/** The contact's open conversation on the chosen channel, found when starting another was refused; what was typed is kept. */
interface OpenElsewhere {
  interactionId: number;
  /** One id for sending the typed message there, so a retried send is stored once. */
  clientId: string;
}

/**
 * Start a conversation with a contact on a channel that can reach them (mounted while open). When the contact already
 * has an open conversation there, the dialog stays, keeps the title and message, and offers to send the message in
 * that conversation or open it; when no channel can reach the contact, it says why.
 */
export function StartInteractionDialog({ onStarted, onClose }: { onStarted: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation("inbox");
  const nameOf = useContactName();
  const emptyText = useNothingFoundMessage();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [openElsewhere, setOpenElsewhere] = useState<OpenElsewhere | null>(null);
  const form = useForm({
    initialValues: { contact_id: 0, channel_id: 0, title: "", text: "" },
    onValuesChange: (values, previous) => {
      if (values.contact_id !== previous.contact_id || values.channel_id !== previous.channel_id) setOpenElsewhere(null);
    },
  });
  const contacts = useContactPick(debounced);
  const contact = useContact(form.values.contact_id);
  const companyChannels = useCompanyChannels();
  const reachable = contact.data && companyChannels.data ? startChannels(contact.data, companyChannels.data.items) : null;
  const refreshInteractions = useRefreshInteractions();
  const finish = (id: number) => {
    refreshInteractions();
    onClose();
    onStarted(id);
  };
  const start = useStartInteraction({
    onSuccess: (started) => finish(started.id),
    onError: (error) => {
      const existing = error instanceof ApiError ? error.details?.interaction_id : undefined;
      if (typeof existing === "number") return setOpenElsewhere({ interactionId: existing, clientId: crypto.randomUUID() });
      form.setErrors(fieldErrors(error));
      notifyError(error);
    },
  });
  const sendThere = useSendIntoInteraction({
    onSuccess: (_sent, target) => finish(target.interactionId),
    onError: notifyError,
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(StartInteractionInput, { ...values, text: values.text || undefined, client_id: crypto.randomUUID() });
    if (!checked.ok) return form.setErrors(checked.errors);
    start.mutate(checked.data);
  });
  const typed = form.values.text.trim() !== "";
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
            data={(contacts.data?.items ?? []).map((item) => ({
              value: String(item.id),
              label: [...new Set([nameOf(item), item.phone ?? item.email])].filter(Boolean).join(" · "),
            }))}
            value={form.values.contact_id ? String(form.values.contact_id) : null}
            onChange={(value) => {
              form.setFieldValue("contact_id", Number(value ?? 0));
              form.setFieldValue("channel_id", 0);
            }}
            error={form.errors.contact_id}
          />
          <Select
            label={t("start.channel")}
            data={(reachable?.channels ?? []).map((channel) => ({ value: String(channel.id), label: channel.name }))}
            value={form.values.channel_id ? String(form.values.channel_id) : null}
            onChange={(value) => form.setFieldValue("channel_id", Number(value ?? 0))}
            disabled={!reachable?.channels.length}
            error={form.errors.channel_id}
          />
          {reachable?.reason && (
            <Text size="sm" c="orange.8" data-testid="start-no-channel" data-reason={reachable.reason}>
              {t(`start.noChannel.${reachable.reason}`)}
            </Text>
          )}
          <TextInput label={t("start.subject")} {...form.getInputProps("title")} />
          <Textarea label={t("start.message")} rows={3} {...form.getInputProps("text")} />
          {openElsewhere ? (
            <Alert color="yellow" title={t("start.openExists.title")} data-testid="start-open-exists">
              <Stack gap="xs">
                <Text size="sm">{t(typed ? "start.openExists.withMessage" : "start.openExists.withoutMessage")}</Text>
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" size="xs" onClick={() => finish(openElsewhere.interactionId)} data-testid="open-existing">
                    {t("start.openExists.open")}
                  </Button>
                  {typed && (
                    <Button
                      size="xs"
                      loading={sendThere.isPending}
                      onClick={() => sendThere.mutate({ ...openElsewhere, text: form.values.text.trim() })}
                      data-testid="send-in-open"
                    >
                      {t("start.openExists.send")}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("start.cancel")}
              </Button>
              <Button type="submit" loading={start.isPending} disabled={!form.values.channel_id} data-testid="confirm-start">
                {t("start.submit")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
