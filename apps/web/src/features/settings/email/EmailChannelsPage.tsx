import {
  EMAIL_AGENT_MODES,
  EMAIL_OAUTH_PROVIDERS,
  EMAIL_OAUTH_SERVERS,
  EMAIL_TLS_MODES,
  EmailChannelInput,
  LIMITS,
  type EmailAgentMode,
  type EmailAuthKind,
  type EmailChannelView,
  type EmailOAuthProvider,
  type EmailOAuthSessionView,
  type EmailTlsMode,
} from "@holboo/core";
import {
  Alert,
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
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DataTable } from "../../../components/shared/DataTable.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { api, errorText, fieldErrors } from "../../../lib/api.ts";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import { validate } from "../../../lib/forms.ts";
import { useMe, usePermission } from "../../../lib/session.ts";
import { emailChannelKeys, emailOAuthKeys } from "./email.keys.ts";
import { errorMessage } from "../../../lib/errors.ts";

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
  auth: "password" as EmailAuthKind,
  oauth_session: "",
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
  auth: view.auth,
  oauth_session: "",
  signature: view.signature,
  copy_to_sent: view.copy_to_sent,
  import_days: 0,
  agent_id: view.agent_id,
  agent_active: view.agent_active,
  agent_mode: view.agent_mode,
});

/** The mailbox a "sign in again" is for, kept while the browser is away at the provider. */
const REAUTH_KEY = "holboo.email-oauth-mailbox";

/**
 * Settings → Channels → Mail: the company's mailboxes (IMAP + SMTP with a password, or Google / Microsoft by
 * OAuth2: the browser signs in there and comes back with `?email_oauth=`); saving checks the login on both servers.
 */
export function EmailChannelsPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [editing, setEditing] = useState<EmailChannelView | "new" | null>(null);
  const list = useQuery({
    queryKey: emailChannelKeys.company(me?.company_id),
    queryFn: () => api.get("/api/company/:company_id/channel/emails", { params: { company_id: me?.company_id } }),
    enabled: !!me,
  });
  const form = useForm<Values>({ initialValues: blank });
  const open = (target: EmailChannelView | "new", patch: Partial<Values> = {}) => {
    form.setValues({ ...(target === "new" ? blank : valuesOf(target)), ...patch });
    form.clearErrors();
    setEditing(target);
  };
  const [params, setParams] = useSearchParams();
  const signedInSession = params.get("email_oauth");
  const signInError = params.get("email_oauth_error");
  const [signedIn, setSignedIn] = useState<EmailOAuthSessionView | null>(null);
  const signIn = useMutation({
    mutationFn: (provider: EmailOAuthProvider) => api.post("/api/email-oauth/:provider/start", { params: { provider } }),
    onSuccess: (started) => window.location.assign(started.url),
  });
  const startSignIn = (provider: EmailOAuthProvider, mailboxId: number | null) => {
    if (mailboxId === null) sessionStorage.removeItem(REAUTH_KEY);
    else sessionStorage.setItem(REAUTH_KEY, String(mailboxId));
    signIn.mutate(provider);
  };
  // Back from the provider: the form opens with the signed-in address (a new mailbox, or the one signing in again).
  const landed = useQuery({
    queryKey: emailOAuthKeys.session(signedInSession),
    // Enabled only with a session, so the empty fallback is never sent.
    queryFn: () => api.post("/api/email-oauth/session", { body: { session: signedInSession ?? "" } }),
    enabled: !!signedInSession,
    retry: false,
  });
  useEffect(() => {
    const session = landed.data;
    if (!session || !signedInSession || !list.data) return;
    const target = list.data.items.find((mailbox) => String(mailbox.id) === sessionStorage.getItem(REAUTH_KEY));
    sessionStorage.removeItem(REAUTH_KEY);
    setSignedIn(session);
    const patch = { auth: session.provider, oauth_session: signedInSession, username: session.address };
    if (target) open(target, patch);
    else open("new", { ...patch, ...EMAIL_OAUTH_SERVERS[session.provider], address: session.address, name: t(`email.providers.${session.provider}`) });
    setParams({}, { replace: true });
  }, [landed.data, list.data]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      editing && editing !== "new"
        ? api.put("/api/email-channels/:id", { params: { id: editing.id }, body: values })
        : api.post("/api/email-channels", { body: values }),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: emailChannelKeys.all });
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
          <Group gap="xs">
            {EMAIL_OAUTH_PROVIDERS.map((provider) => (
              <Button
                key={provider}
                variant="light"
                loading={signIn.isPending && signIn.variables === provider}
                onClick={() => startSignIn(provider, null)}
                data-testid={`email-connect-${provider}`}
              >
                {t(`email.connectWith.${provider}`)}
              </Button>
            ))}
            <Button onClick={() => open("new")} data-testid="email-add">
              {t("email.add")}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t("email.intro")}
      </Text>
      {signIn.error && <Alert color="red">{errorText(signIn.error)}</Alert>}
      {(signInError || landed.error) && (
        <Alert color="red" data-testid="email-oauth-error">
          {errorMessage("email_oauth_failed")}
        </Alert>
      )}
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
                {form.values.auth === "password" ? (
                  <>
                    <TextInput label={t("email.fields.username")} autoComplete="off" data-testid="email-username" {...form.getInputProps("username")} />
                    <PasswordInput
                      label={t("email.fields.password")}
                      description={editing !== "new" ? t("email.passwordKept") : undefined}
                      autoComplete="new-password"
                      data-testid="email-password"
                      {...form.getInputProps("password")}
                    />
                  </>
                ) : (
                  <Group gap="xs" align="center" data-testid="email-oauth-account">
                    <Text size="sm">
                      {t("email.signedInAs", {
                        provider: t(`email.providers.${form.values.auth}`),
                        address: form.values.oauth_session ? (signedIn?.address ?? form.values.username) : form.values.username,
                      })}
                    </Text>
                    {editing !== "new" && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={signIn.isPending}
                        onClick={() => startSignIn(form.values.auth as EmailOAuthProvider, editing.id)}
                        data-testid="email-reconnect"
                      >
                        {t("email.signInAgain")}
                      </Button>
                    )}
                  </Group>
                )}
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
      {list.isError || (mailboxes.length === 0 && editing === null) ? (
        <ListEmpty
          failed={list.isError}
          onRetry={() => void list.refetch()}
          text={t("email.empty")}
          action={canEdit && { label: t("email.add"), onClick: () => open("new") }}
        />
      ) : (
        <DataTable
          testId="email-channels"
          rows={mailboxes}
          rowKey={(mailbox) => mailbox.id}
          columns={[
            { key: "name", header: t("email.fields.name"), cell: (mailbox) => mailbox.name },
            { key: "address", header: t("email.fields.address"), cell: (mailbox) => mailbox.address },
            { key: "state", header: t("email.state"), cell: (mailbox) => <MailboxState mailbox={mailbox} /> },
          ]}
          rowActions={(mailbox) =>
            canEdit && mailbox.state === "reconnect" && mailbox.auth !== "password" ? (
              <Button size="xs" color="orange" onClick={() => startSignIn(mailbox.auth as EmailOAuthProvider, mailbox.id)} data-testid="email-reconnect">
                {t("email.signInAgain")}
              </Button>
            ) : (
              canEdit && (
                <Button size="xs" variant="subtle" onClick={() => open(mailbox)}>
                  {t("email.edit")}
                </Button>
              )
            )
          }
        />
      )}
    </Stack>
  );
}

/** The mailbox's reading state; why it is not connected shows on hover. */
function MailboxState({ mailbox }: { mailbox: EmailChannelView }) {
  const { t } = useTranslation("channels");
  return (
    <Badge
      color={mailbox.state === "connected" ? "teal" : mailbox.state === "error" ? "red" : mailbox.state === "reconnect" ? "orange" : "gray"}
      title={mailbox.state === "reconnect" ? t("email.reconnectHint") : (mailbox.last_error ?? undefined)}
    >
      {t(`email.states.${mailbox.state}`)}
    </Badge>
  );
}
