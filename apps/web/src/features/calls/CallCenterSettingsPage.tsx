import { PBX_KINDS, type CallCenterView, type PbxKind, type UserView } from "@holboo/core";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, fieldErrors, notifyError } from "../../lib/api.ts";
import { meQueryKey, usePermission } from "../../lib/session.ts";
import { callKeys } from "./calls.queries.ts";

const STATE_COLORS: Record<string, string> = { connecting: "yellow", connected: "green", failed: "red" };

/** Settings → Channels → Call center: the PBX connection (tested on save), lines and extensions. */
export function CallCenterSettingsPage() {
  const { t } = useTranslation("calls");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const settings = useQuery({ queryKey: callKeys.settings(), queryFn: () => api.get<CallCenterView>("/api/call-center"), refetchInterval: 5000 });
  const users = useQuery({
    queryKey: ["users", "call-center"],
    queryFn: () => api.get<{ items: UserView[] }>("/api/users", { user_type: "human", user_status: "active", page_size: 100 }),
    enabled: canEdit,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({ initialValues: { kind: "asterisk_ari" as PbxKind, url: "", username: "", password: "", app_name: "holboo" } });
  const line = useForm({ initialValues: { number: "", name: "" } });
  const extension = useForm({ initialValues: { extension: "", user_id: "" } });
  const connection = settings.data?.connection ?? null;
  useEffect(() => {
    if (connection)
      form.setValues({ kind: connection.kind, url: connection.url, username: connection.username, password: "", app_name: connection.app_name || "holboo" });
    // Only when the stored connection changes, not on every refetch (the form is not a dependency).
  }, [connection?.kind, connection?.url, connection?.username, connection?.app_name]);
  const done = (view: CallCenterView) => {
    client.setQueryData(callKeys.settings(), view);
    void client.invalidateQueries({ queryKey: meQueryKey });
  };
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      api.put<CallCenterView>("/api/call-center/connection", values.kind === "cti_webhook" ? { kind: "cti_webhook" } : values),
    onSuccess: (view) => {
      setSecret(view.connection?.signing_secret ?? null);
      done(view);
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const remove = useMutation({ mutationFn: () => api.del<CallCenterView>("/api/call-center/connection"), onSuccess: done, onError: notifyError });
  const addLine = useMutation({
    mutationFn: (values: typeof line.values) => api.post<CallCenterView>("/api/call-center/lines", values),
    onSuccess: (view) => {
      line.reset();
      done(view);
    },
    onError: (error) => line.setErrors(fieldErrors(error)),
  });
  const addExtension = useMutation({
    mutationFn: (values: typeof extension.values) =>
      api.post<CallCenterView>("/api/call-center/extensions", { extension: values.extension, user_id: Number(values.user_id) }),
    onSuccess: (view) => {
      extension.reset();
      done(view);
    },
    onError: (error) => extension.setErrors(fieldErrors(error)),
  });
  const removeItem = useMutation({ mutationFn: (path: string) => api.del<CallCenterView>(path), onSuccess: done, onError: notifyError });
  const ari = form.values.kind === "asterisk_ari";
  return (
    <Stack maw={900}>
      <Title order={2}>{t("settings.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("settings.intro")}
      </Text>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
          <Stack>
            <Group justify="space-between">
              <Title order={4}>{t("settings.connection")}</Title>
              {connection && (
                <Badge color={STATE_COLORS[connection.state] ?? "gray"} data-testid="pbx-state">
                  {t(`settings.state.${connection.state}`, { defaultValue: connection.state })}
                </Badge>
              )}
            </Group>
            <SegmentedControl
              data={PBX_KINDS.map((kind) => ({ value: kind, label: t(`settings.kinds.${kind}`) }))}
              disabled={!canEdit}
              data-testid="pbx-kind"
              {...form.getInputProps("kind")}
            />
            {ari && (
              <>
                <TextInput
                  label={t("settings.url")}
                  placeholder="http://pbx.local:8088"
                  disabled={!canEdit}
                  data-testid="pbx-url"
                  {...form.getInputProps("url")}
                />
                <Group grow>
                  <TextInput label={t("settings.username")} disabled={!canEdit} data-testid="pbx-username" {...form.getInputProps("username")} />
                  <PasswordInput
                    label={t("settings.password")}
                    description={connection?.kind === "asterisk_ari" ? t("settings.passwordKept") : undefined}
                    disabled={!canEdit}
                    data-testid="pbx-password"
                    {...form.getInputProps("password")}
                  />
                </Group>
                <TextInput label={t("settings.appName")} disabled={!canEdit} data-testid="pbx-app" {...form.getInputProps("app_name")} />
              </>
            )}
            {!ari && connection?.kind === "cti_webhook" && (
              <Stack gap={4}>
                <Text size="sm">{t("settings.webhookUrl")}</Text>
                <Code data-testid="cti-url">{connection.webhook_url}</Code>
              </Stack>
            )}
            {secret && (
              <Alert color="yellow" title={t("settings.signingSecret")}>
                <Code data-testid="cti-secret">{secret}</Code>
              </Alert>
            )}
            {connection?.last_error && connection.state === "failed" && (
              <Text size="sm" c="red">
                {connection.last_error}
              </Text>
            )}
            {canEdit && (
              <Group>
                <Button type="submit" loading={save.isPending} data-testid="pbx-save">
                  {t("settings.save")}
                </Button>
                {connection && (
                  <Button variant="subtle" color="red" onClick={() => remove.mutate()} data-testid="pbx-remove">
                    {t("settings.remove")}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>{t("settings.lines")}</Title>
          {settings.data?.lines.length ? (
            <Table data-testid="call-lines">
              <Table.Tbody>
                {settings.data.lines.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.number}</Table.Td>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td w={40}>
                      {canEdit && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("settings.delete")}
                          onClick={() => removeItem.mutate(`/api/call-center/lines/${l.id}`)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t("settings.noLines")}
            </Text>
          )}
          {canEdit && (
            <form onSubmit={line.onSubmit((values) => addLine.mutate(values))} noValidate>
              <Group align="flex-end">
                <TextInput label={t("settings.lineNumber")} placeholder="77001100" data-testid="line-number" {...line.getInputProps("number")} />
                <TextInput label={t("settings.lineName")} data-testid="line-name" {...line.getInputProps("name")} />
                <Button type="submit" variant="light" loading={addLine.isPending} data-testid="line-add">
                  {t("settings.addLine")}
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>{t("settings.extensions")}</Title>
          {settings.data?.extensions.length ? (
            <Table data-testid="call-extensions">
              <Table.Tbody>
                {settings.data.extensions.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{e.extension}</Table.Td>
                    <Table.Td>{e.user_name}</Table.Td>
                    <Table.Td w={40}>
                      {canEdit && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("settings.delete")}
                          onClick={() => removeItem.mutate(`/api/call-center/extensions/${e.id}`)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t("settings.noExtensions")}
            </Text>
          )}
          {canEdit && (
            <form onSubmit={extension.onSubmit((values) => addExtension.mutate(values))} noValidate>
              <Group align="flex-end">
                <TextInput label={t("settings.extension")} placeholder="101" data-testid="extension-number" {...extension.getInputProps("extension")} />
                <Select
                  label={t("settings.user")}
                  data={(users.data?.items ?? []).map((u) => ({ value: String(u.ID), label: u.user_name }))}
                  data-testid="extension-user"
                  {...extension.getInputProps("user_id")}
                />
                <Button type="submit" variant="light" loading={addExtension.isPending} data-testid="extension-add">
                  {t("settings.addExtension")}
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
