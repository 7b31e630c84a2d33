import { EMAIL_AGENT_MODES, EMAIL_TLS_MODES, EmailChannelInput, LIMITS, type EmailAgentMode, type EmailChannelView, type EmailTlsMode } from "@holboo/core";
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { api, fieldErrors } from "../../../lib/api.ts";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import { validate } from "../../../lib/forms.ts";
import { useMe, usePermission } from "../../../lib/session.ts";

const blank = {
  name: "",
  address: "",
  imap_host: "",
  imap_port: 993,
  imap_tls: "tls" as EmailTlsMode,
  smtp_host: "",
  smtp_port: 465,
  smtp_tls: "tls" as EmailTlsMode,
  username: "",
  password: "",
  signature: "",
  copy_to_sent: true,
  import_days: 0,
  agent_id: null as number | null,
  agent_active: false,
  agent_mode: "answer" as EmailAgentMode,
};
type Values = typeof blank;

const valuesOf = (view: EmailChannelView): Values => ({
  name: view.name,
  address: view.address,
  imap_host: view.imap_host,
  imap_port: view.imap_port,
  imap_tls: view.imap_tls,
  smtp_host: view.smtp_host,
  smtp_port: view.smtp_port,
  smtp_tls: view.smtp_tls,
  username: view.username,
  password: "",
  signature: view.signature,
  copy_to_sent: view.copy_to_sent,
  import_days: 0,
  agent_id: view.agent_id,
  agent_active: view.agent_active,
  agent_mode: view.agent_mode,
});

/** Settings → Channels → Mail: the company's mailboxes (IMAP + SMTP); saving checks the login on both servers. */
export function EmailChannelsPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<EmailChannelView | "new" | null>(null);
  const list = useQuery({
    queryKey: ["email-channels", me?.company_id],
    queryFn: () => api.get<{ items: EmailChannelView[] }>(`/api/company/${me?.company_id}/channel/emails`),
    enabled: !!me,
  });
  const form = useForm<Values>({ initialValues: blank });
  const open = (target: EmailChannelView | "new") => {
    form.setValues(target === "new" ? blank : valuesOf(target));
    form.clearErrors();
    setEditing(target);
  };
  const save = useMutation({
    mutationFn: (values: Values) =>
      editing && editing !== "new"
        ? api.put<EmailChannelView>(`/api/email-channels/${editing.id}`, values)
        : api.post<EmailChannelView>("/api/email-channels", values),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ["email-channels"] });
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(EmailChannelInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  const tlsOptions = EMAIL_TLS_MODES.map((mode) => ({ value: mode, label: t(`email.tls.${mode}`) }));
  const mailboxes = list.data?.items ?? [];
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t("email.title")}</Title>
        {canEdit && editing === null && (
          <Button onClick={() => open("new")} data-testid="email-add">
            {t("email.add")}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t("email.intro")}
      </Text>
      {editing !== null && (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t("email.fields.name")} data-testid="email-name" {...form.getInputProps("name")} />
                <TextInput label={t("email.fields.address")} type="email" data-testid="email-address" {...form.getInputProps("address")} />
                <TextInput
                  label={t("email.fields.imapHost")}
                  placeholder="imap.example.mn"
                  data-testid="email-imap-host"
                  {...form.getInputProps("imap_host")}
                />
                <Group grow>
                  <NumberInput label={t("email.fields.port")} min={1} max={65535} data-testid="email-imap-port" {...form.getInputProps("imap_port")} />
                  <Select
                    label={t("email.fields.tls")}
                    data={tlsOptions}
                    allowDeselect={false}
                    data-testid="email-imap-tls"
                    {...form.getInputProps("imap_tls")}
                  />
                </Group>
                <TextInput
                  label={t("email.fields.smtpHost")}
                  placeholder="smtp.example.mn"
                  data-testid="email-smtp-host"
                  {...form.getInputProps("smtp_host")}
                />
                <Group grow>
                  <NumberInput label={t("email.fields.port")} min={1} max={65535} data-testid="email-smtp-port" {...form.getInputProps("smtp_port")} />
                  <Select
                    label={t("email.fields.tls")}
                    data={tlsOptions}
                    allowDeselect={false}
                    data-testid="email-smtp-tls"
                    {...form.getInputProps("smtp_tls")}
                  />
                </Group>
                <TextInput label={t("email.fields.username")} autoComplete="off" data-testid="email-username" {...form.getInputProps("username")} />
                <PasswordInput
                  label={t("email.fields.password")}
                  description={editing !== "new" ? t("email.passwordKept") : undefined}
                  autoComplete="new-password"
                  data-testid="email-password"
                  {...form.getInputProps("password")}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <ChannelAgentSelect
                  value={form.values.agent_id}
                  onChange={(agentId) => {
                    form.setFieldValue("agent_id", agentId);
                    if (agentId === null) form.setFieldValue("agent_active", false);
                  }}
                  error={form.errors.agent_id}
                  testId="email-agent"
                />
                <Select
                  label={t("email.fields.agentMode")}
                  data={EMAIL_AGENT_MODES.map((mode) => ({ value: mode, label: t(`email.agentModes.${mode}`) }))}
                  allowDeselect={false}
                  disabled={form.values.agent_id === null}
                  data-testid="email-agent-mode"
                  {...form.getInputProps("agent_mode")}
                />
                <Switch
                  mt="lg"
                  label={t("email.fields.agentActive")}
                  disabled={form.values.agent_id === null}
                  data-testid="email-agent-active"
                  {...form.getInputProps("agent_active", { type: "checkbox" })}
                />
              </SimpleGrid>
              <Textarea label={t("email.fields.signature")} autosize minRows={2} {...form.getInputProps("signature")} />
              {editing === "new" && (
                <NumberInput
                  label={t("email.fields.importDays")}
                  description={t("email.importDaysHint")}
                  min={0}
                  max={LIMITS.emailImportMaxDays}
                  maw={360}
                  data-testid="email-import-days"
                  {...form.getInputProps("import_days")}
                />
              )}
              <Checkbox label={t("email.fields.copyToSent")} {...form.getInputProps("copy_to_sent", { type: "checkbox" })} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t("email.cancel")}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="email-save">
                  {t("email.connect")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {mailboxes.length === 0 && editing === null ? (
        <EmptyState title={t("email.empty")} />
      ) : (
        <Table data-testid="email-channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("email.fields.name")}</Table.Th>
              <Table.Th>{t("email.fields.address")}</Table.Th>
              <Table.Th>{t("email.state")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mailboxes.map((mailbox) => (
              <Table.Tr key={mailbox.id}>
                <Table.Td>{mailbox.name}</Table.Td>
                <Table.Td>{mailbox.address}</Table.Td>
                <Table.Td>
                  <Badge color={mailbox.state === "connected" ? "teal" : mailbox.state === "error" ? "red" : "gray"} title={mailbox.last_error ?? undefined}>
                    {t(`email.states.${mailbox.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Button size="xs" variant="subtle" onClick={() => open(mailbox)}>
                      {t("email.edit")}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
