import { PBX_KINDS, type PbxKind } from "@holboo/core";
import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { CallCenterItems } from "./CallCenterItems.tsx";
import { CallCenterRulesForm } from "./CallCenterRulesForm.tsx";
import {
  useAddCallCenterItems,
  useCallCenter,
  useCallCenterPeople,
  useRemoveCallCenterItem,
  useRemoveCallConnection,
  useSaveCallConnection,
} from "./calls.queries.ts";

const STATE_COLORS: Record<string, string> = { connecting: "yellow", connected: "green", failed: "red" };

/** Settings → Channels → Call center: the PBX connection (tested on save), how calls are handed out, lines and extensions. */
export function CallCenterSettingsPage() {
  const { t } = useTranslation("calls");
  const canEdit = usePermission("settings.edit");
  const settings = useCallCenter();
  const users = useCallCenterPeople(canEdit);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({ initialValues: { kind: "asterisk_ari" as PbxKind, url: "", username: "", password: "", app_name: "holboo" } });
  const connection = settings.data?.connection ?? null;
  useEffect(() => {
    if (connection)
      form.setValues({ kind: connection.kind, url: connection.url, username: connection.username, password: "", app_name: connection.app_name || "holboo" });
    // Only when the stored connection changes, not on every refetch (the form is not a dependency).
  }, [connection?.kind, connection?.url, connection?.username, connection?.app_name]);
  const save = useSaveCallConnection({
    onSuccess: (view) => setSecret(view.connection?.signing_secret ?? null),
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const remove = useRemoveCallConnection();
  const items = useAddCallCenterItems();
  const addLine = (values: Record<"number" | "name", string>) => items.addLine(values);
  const addExtension = (values: Record<"extension" | "user_id", string>) =>
    items.addExtension({ extension: values.extension, user_id: Number(values.user_id) });
  const removeItem = useRemoveCallCenterItem();
  const ari = form.values.kind === "asterisk_ari";
  return (
    <Stack maw={900}>
      <Title order={2}>{t("settings.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("settings.intro")}
      </Text>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.mutate(values.kind === "cti_webhook" ? { kind: "cti_webhook" } : values))} noValidate>
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
      <CallCenterRulesForm settings={settings.data?.settings} canEdit={canEdit} />
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
