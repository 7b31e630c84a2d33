import { CreateIssueInput, ISSUE_PRIORITIES, ISSUE_STATUSES, LIMITS, UpdateIssueInput, type AttachmentView, type IssueRef, type IssueView } from "@holboo/core";
import { Button, CloseButton, FileButton, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPaperclip } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../lib/api.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { useMe, usePermission } from "../../lib/session.ts";
import { useCompanyChannels } from "../settings/channels/channels.queries.ts";
import { contactLabel, options, uploadAttachment, useIssueContactOptions, useIssueSettings, usePeople, useSaveIssue } from "./issues.queries.ts";
import { useContactName } from "../../lib/contact-name.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { fileSize } from "../../components/shared/file-size.ts";

/** What a new issue starts with, e.g. from a customer's message bubble. */
export interface IssuePrefill {
  contact?: IssueRef;
  channel_id?: number | null;
  interaction_id?: number;
  description?: string;
}

const day = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD") : null);
const id = (value: string | null) => (value ? Number(value) : null);

/** Create (with status and assignee) or edit an issue; validated with the core schema, then by the server. */
export function IssueFormModal({
  issue,
  prefill,
  onClose,
  onSaved,
}: {
  issue?: IssueView;
  prefill?: IssuePrefill;
  onClose: () => void;
  onSaved?: (issue: IssueView) => void;
}) {
  const { t } = useTranslation("issues");
  const nameOf = useContactName();
  const { data: me } = useMe();
  const canAssign = usePermission("issue.assign");
  const [types, tags, reasons, people, channels] = [
    useIssueSettings("type"),
    useIssueSettings("tag"),
    useIssueSettings("reason"),
    usePeople(),
    useCompanyChannels(),
  ];
  const [contactSearch, setContactSearch] = useState("");
  const [search] = useDebouncedValue(contactSearch, 250);
  const contacts = useIssueContactOptions(search);
  const knownContact = issue?.contact ?? prefill?.contact;
  const [attachments, setAttachments] = useState<AttachmentView[]>(issue?.attachments ?? []);
  const form = useForm({
    initialValues: {
      name: issue?.name ?? "",
      reason_id: issue?.reason ? String(issue.reason.id) : null,
      type_id: issue?.type ? String(issue.type.id) : null,
      tag_ids: issue?.tags.map((tag) => String(tag.id)) ?? [],
      priority: issue?.priority ?? "medium",
      status: issue?.status ?? "open",
      description: issue?.description ?? prefill?.description ?? "",
      contact_id: knownContact ? String(knownContact.id) : null,
      channel_id: issue?.channel ? String(issue.channel.id) : prefill?.channel_id ? String(prefill.channel_id) : null,
      assignee_id: me ? String(me.ID) : null,
      registered_at: day(issue?.registered_at),
      due_at: day(issue?.due_at),
    },
  });
  const toInput = (v: typeof form.values) => ({
    name: v.name,
    reason_id: id(v.reason_id),
    type_id: id(v.type_id),
    tag_ids: v.tag_ids.map(Number),
    priority: v.priority,
    description: v.description,
    contact_id: id(v.contact_id) ?? undefined,
    channel_id: id(v.channel_id) ?? undefined,
    interaction_id: issue?.interaction_id ?? prefill?.interaction_id ?? null,
    registered_at: v.registered_at
      ? issue && day(issue.registered_at) === v.registered_at
        ? issue.registered_at
        : dayjs(v.registered_at).toISOString()
      : undefined,
    due_at: v.due_at ? dayjs(v.due_at).endOf("day").toISOString() : null,
    attachment_ids: attachments.map((a) => a.file_id),
    ...(issue ? {} : { status: v.status, assignee_id: id(v.assignee_id) ?? undefined }),
  });
  const save = useSaveIssue({
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const input = toInput(values);
    if (issue) {
      const checked = validate(UpdateIssueInput, input);
      if (!checked.ok) return form.setErrors(checked.errors);
      return save.mutate({ id: issue.id, body: checked.data });
    }
    const checked = validate(CreateIssueInput, input);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate({ id: null, body: checked.data });
  });
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > LIMITS.attachmentBytes) return notifications.show({ color: "red", message: errorMessage("attachment_too_large") });
    try {
      const uploaded = await uploadAttachment(file);
      setAttachments((current) => [...current, uploaded]);
    } catch (error) {
      notifyError(error);
    }
  };
  // The contact the form started with keeps the name it was shown under (the inbox's, the same helper's).
  const contactOptions = options(
    [...(knownContact ? [knownContact] : []), ...(contacts.data?.items ?? []).filter((c) => c.id !== knownContact?.id)].map((c) => contactLabel(c, nameOf)),
  );
  const pickReason = (value: string | null) => {
    form.setFieldValue("reason_id", value);
    const reason = reasons.data?.find((r) => String(r.id) === value);
    if (reason && !form.values.name.trim()) form.setFieldValue("name", reason.name);
  };
  return (
    <Modal opened onClose={onClose} title={t(issue ? "edit" : "add")} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="issue-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t("fields.reason")} data={options(reasons.data)} value={form.values.reason_id} onChange={pickReason} clearable searchable />
            <TextInput label={t("fields.name")} withAsterisk {...form.getInputProps("name")} data-autofocus />
            <Select
              label={t("fields.contact")}
              withAsterisk
              data={contactOptions}
              searchable
              searchValue={contactSearch}
              onSearchChange={setContactSearch}
              placeholder={t("contactSearch")}
              filter={({ options: all }) => all}
              nothingFoundMessage="—"
              {...form.getInputProps("contact_id")}
            />
            <Select label={t("fields.channel")} withAsterisk data={options(channels.data?.items)} {...form.getInputProps("channel_id")} />
            <Select label={t("fields.type")} data={options(types.data)} clearable {...form.getInputProps("type_id")} />
            <MultiSelect label={t("fields.tags")} data={options(tags.data)} clearable {...form.getInputProps("tag_ids")} />
            <Select
              label={t("fields.priority")}
              withAsterisk
              data={ISSUE_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
              allowDeselect={false}
              {...form.getInputProps("priority")}
            />
            {!issue && (
              <Select
                label={t("fields.status")}
                withAsterisk
                data={ISSUE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                allowDeselect={false}
                {...form.getInputProps("status")}
              />
            )}
            {!issue && (
              <Select
                label={t("fields.assignee")}
                withAsterisk
                searchable
                data={options(canAssign ? people.data : people.data?.filter((p) => p.id === me?.ID))}
                {...form.getInputProps("assignee_id")}
              />
            )}
            <DateInput label={t("fields.registeredAt")} valueFormat="YYYY-MM-DD" clearable maxDate={new Date()} {...form.getInputProps("registered_at")} />
            <DateInput label={t("fields.dueAt")} valueFormat="YYYY-MM-DD" clearable {...form.getInputProps("due_at")} />
          </SimpleGrid>
          <Textarea label={t("fields.description")} rows={4} {...form.getInputProps("description")} />
          <Stack gap={4}>
            {attachments.map((file) => (
              <Group key={file.file_id} gap={4}>
                <IconPaperclip size={14} />
                <Text size="sm">{file.name}</Text>
                <CloseButton
                  size="sm"
                  aria-label={`${t("delete")}: ${file.name}`}
                  onClick={() => setAttachments((current) => current.filter((a) => a.file_id !== file.file_id))}
                />
              </Group>
            ))}
            <FileButton onChange={(file) => void upload(file)}>
              {(props) => (
                <Button {...props} variant="subtle" size="xs" leftSection={<IconPaperclip size={14} />} w="fit-content">
                  {t("attach", { size: fileSize(LIMITS.attachmentBytes) })}
                </Button>
              )}
            </FileButton>
          </Stack>
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
