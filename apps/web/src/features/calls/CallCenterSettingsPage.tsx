import { PBX_KINDS, type CallCenterView, type PbxKind } from "@holboo/core";
import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, fieldErrors, notifyError } from "../../lib/api.ts";
import { meKeys, usePermission } from "../../lib/session.ts";
import { userKeys } from "../settings/users/users.keys.ts";
import { CallCenterItems } from "./CallCenterItems.tsx";
import { CallCenterRulesForm } from "./CallCenterRulesForm.tsx";
import { callKeys } from "./calls.keys.ts";

const STATE_COLORS: Record<string, string> = { connecting: "yellow", connected: "green", failed: "red" };

/** Settings → Channels → Call center: the PBX connection (tested on save), how calls are handed out, lines and extensions. */
export function CallCenterSettingsPage() {
  const { t } = useTranslation("calls");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const settings = useQuery({ queryKey: callKeys.settings(), queryFn: () => api.get("/api/call-center"), refetchInterval: 5000 });
  const users = useQuery({
    queryKey: userKeys.callCenter(),
    queryFn: () => api.get("/api/users", { query: { user_type: "human", user_status: "active", page_size: 100 } }),
    enabled: canEdit,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({ initialValues: { kind: "asterisk_ari" as PbxKind, url: "", username: "", password: "", app_name: "holboo" } });
  const connection = settings.data?.connection ?? null;
  useEffect(() => {
    if (connection)
      form.setValues({ kind: connection.kind, url: connection.url, username: connection.username, password: "", app_name: connection.app_name || "holboo" });
    // Only when the stored connection changes, not on every refetch (the form is not a dependency).
  }, [connection?.kind, connection?.url, connection?.username, connection?.app_name]);
  const done = (view: CallCenterView) => {
    client.setQueryData(callKeys.settings(), view);
    void client.invalidateQueries({ queryKey: meKeys.all });
  };
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      api.put("/api/call-center/connection", { body: values.kind === "cti_webhook" ? { kind: "cti_webhook" } : values }),
    onSuccess: (view) => {
      setSecret(view.connection?.signing_secret ?? null);
      done(view);
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const remove = useMutation({ mutationFn: () => api.del("/api/call-center/connection"), onSuccess: done, onError: notifyError });
  const addLine = (values: Record<"number" | "name", string>) => api.post("/api/call-center/lines", { body: values }).then(done);
  const addExtension = (values: Record<"extension" | "user_id", string>) =>
    api.post("/api/call-center/extensions", { body: { extension: values.extension, user_id: Number(values.user_id) } }).then(done);
  const removeItem = useMutation({
    mutationFn: ({ kind, id }: { kind: "line" | "extension"; id: number }) =>
      kind === "line" ? api.del("/api/call-center/lines/:id", { params: { id } }) : api.del("/api/call-center/extensions/:id", { params: { id } }),
    onSuccess: done,
    onError: notifyError,
  });
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
              <Text size="sm" c="red" data-testid="pbx-error">
                {t(`settings.errors.${connection.last_error}`, { defaultValue: t("settings.errors.unknown") })}
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
      <CallCenterRulesForm settings={settings.data?.settings} canEdit={canEdit} onSaved={done} />
      <CallCenterItems
        title={t("settings.lines")}
        emptyText={t("settings.noLines")}
        testId="call-lines"
        query={settings}
        rows={settings.data?.lines ?? []}
        columns={[
          { key: "number", header: t("settings.lineNumber"), cell: (l) => l.number },
          { key: "name", header: t("settings.lineName"), cell: (l) => l.name },
        ]}
        canEdit={canEdit}
        onRemove={(l) => removeItem.mutate({ kind: "line", id: l.id })}
        fields={[
          { name: "number", label: t("settings.lineNumber"), placeholder: "77001100", testId: "line-number" },
          { name: "name", label: t("settings.lineName"), testId: "line-name" },
        ]}
        addLabel={t("settings.addLine")}
        addTestId="line-add"
        onAdd={addLine}
      />
      <CallCenterItems
        title={t("settings.extensions")}
        emptyText={t("settings.noExtensions")}
        testId="call-extensions"
        query={settings}
        rows={settings.data?.extensions ?? []}
        columns={[
          { key: "extension", header: t("settings.extension"), cell: (e) => e.extension },
          { key: "user", header: t("settings.user"), cell: (e) => e.user_name },
        ]}
        canEdit={canEdit}
        onRemove={(e) => removeItem.mutate({ kind: "extension", id: e.id })}
        fields={[
          { name: "extension", label: t("settings.extension"), placeholder: "101", testId: "extension-number" },
          {
            name: "user_id",
            label: t("settings.user"),
            testId: "extension-user",
            options: (users.data?.items ?? []).map((u) => ({ value: String(u.ID), label: u.user_name })),
          },
        ]}
        addLabel={t("settings.addExtension")}
        addTestId="extension-add"
        onAdd={addExtension}
      />
    </Stack>
  );
}
