import type { CustomApiTestView, CustomApiView } from "@holboo/core";
import { HTTP_METHODS } from "@holboo/core";
import { ActionIcon, Badge, Button, Checkbox, Code, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { fieldErrors, notifyError } from "../../../lib/api.ts";
import { usePermission } from "../../../lib/session.ts";
import { useCustomApiRowActions, useCustomApis, useSaveCustomApi, useTestCustomApi } from "./flows.queries.ts";
import { errorMessage, isKnownErrorCode } from "../../../lib/errors.ts";

interface Header {
  name: string;
  value: string | null;
  secret: boolean;
}
interface Draft {
  name: string;
  method: CustomApiView["method"];
  url: string;
  headers: Header[];
  body_template: string;
  timeout_ms: number;
  expected_status: number;
  mapping: Record<string, string>;
}

const draftOf = (endpoint: CustomApiView | null): Draft => ({
  name: endpoint?.name ?? "",
  method: endpoint?.method ?? "GET",
  url: endpoint?.url ?? "",
  headers: endpoint?.headers ?? [],
  body_template: endpoint?.body_template ?? "",
  timeout_ms: endpoint?.timeout_ms ?? 5000,
  expected_status: endpoint?.expected_status ?? 200,
  mapping: endpoint?.mapping ?? {},
});

/** A variable name for a picked field: its path ("data.order.status" → "order.status"). */
const variableFor = (path: string) => path.split(".").slice(-2).join(".");

function EndpointDialog({ endpoint, onClose }: { endpoint: CustomApiView | null; onClose: () => void }) {
  const { t } = useTranslation("flows");
  const [draft, setDraft] = useState<Draft>(draftOf(endpoint));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<CustomApiView | null>(endpoint);
  const [variables, setVariables] = useState("");
  const [test, setTest] = useState<CustomApiTestView | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useSaveCustomApi({
    onSuccess: (result) => {
      setSaved(result);
      // Secrets come back hidden; keeping null sends "unchanged" next time.
      setDraft(draftOf(result));
      setErrors({});
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  // The test calls what is typed without saving it: a refused call and a cancelled dialog leave nothing behind.
  const call = useTestCustomApi({
    onSuccess: (result) => {
      setTest(result);
      setErrors({});
    },
    onError: (error) => {
      // The draft travels as `endpoint`: its fields' problems belong to the same inputs as a save's.
      setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([field, message]) => [field.replace(/^endpoint\./, ""), message])));
      notifyError(error);
    },
  });
  const runTest = () => {
    const pairs = Object.fromEntries(
      variables
        .split("\n")
        .map((line) => line.split("="))
        .filter((pair) => pair.length === 2 && pair[0]?.trim())
        .map(([key, value]) => [key?.trim() ?? "", value?.trim() ?? ""]),
    );
    call.mutate({ endpoint: draft, id: saved?.id ?? null, variables: pairs });
  };
  const picked = new Set(Object.values(draft.mapping));
  return (
    <Modal opened onClose={onClose} title={t(endpoint ? "api.edit" : "api.add")} size="xl" centered>
      <Stack>
        <Group grow>
          <TextInput
            label={t("api.name")}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-testid="api-name"
          />
          <Select
            label={t("api.method")}
            data={[...HTTP_METHODS]}
            value={draft.method}
            onChange={(v) => set({ method: (v ?? "GET") as Draft["method"] })}
            allowDeselect={false}
          />
        </Group>
        <TextInput
          label={t("api.url")}
          description={t("api.urlHint", { example: "{{order_id}}" })}
          value={draft.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          error={errors.url}
          data-testid="api-url"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("api.headers")}
          </Text>
          {draft.headers.map((header, index) => (
            <Group key={index} gap={4} wrap="nowrap">
              <TextInput
                placeholder={t("api.headerName")}
                value={header.name}
                onChange={(e) => set({ headers: draft.headers.map((h, i) => (i === index ? { ...h, name: e.currentTarget.value } : h)) })}
              />
              <TextInput
                flex={1}
                type={header.secret ? "password" : "text"}
                placeholder={header.secret && header.value === null ? t("api.secretKept") : t("api.headerValue")}
                value={header.value ?? ""}
                onChange={(e) => set({ headers: draft.headers.map((h, i) => (i === index ? { ...h, value: e.currentTarget.value } : h)) })}
              />
              <Checkbox
                label={t("api.secret")}
                checked={header.secret}
                onChange={(e) => set({ headers: draft.headers.map((h, i) => (i === index ? { ...h, secret: e.currentTarget.checked } : h)) })}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => set({ headers: draft.headers.filter((_, i) => i !== index) })}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            w={160}
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ headers: [...draft.headers, { name: "", value: "", secret: false }] })}
          >
            {t("api.addHeader")}
          </Button>
        </Stack>
        {draft.method !== "GET" && (
          <Textarea
            label={t("api.body")}
            description={t("api.bodyHint", { example: "{{order_id}}" })}
            autosize
            minRows={3}
            value={draft.body_template}
            onChange={(e) => set({ body_template: e.currentTarget.value })}
          />
        )}
        <Group grow>
          <NumberInput
            label={t("api.timeout")}
            min={500}
            max={30000}
            step={500}
            value={draft.timeout_ms}
            onChange={(v) => set({ timeout_ms: Number(v) || 5000 })}
          />
          <NumberInput
            label={t("api.expected")}
            min={100}
            max={599}
            value={draft.expected_status}
            onChange={(v) => set({ expected_status: Number(v) || 200 })}
          />
        </Group>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t("api.testCall")}
            </Text>
            <Textarea
              description={t("api.testVariables")}
              autosize
              minRows={1}
              value={variables}
              onChange={(e) => setVariables(e.currentTarget.value)}
              placeholder="order_id=1001"
            />
            <Button variant="light" size="xs" w={160} onClick={runTest} loading={call.isPending} data-testid="api-test">
              {t("api.runTest")}
            </Button>
            {test && (
              <Stack gap={4} data-testid="api-test-result">
                <Text size="sm" c={test.ok ? "green" : "red"}>
                  {test.ok
                    ? t("api.testOk", { status: test.status })
                    : `${t("api.testFailed", { status: test.status ?? "—" })} ${test.error && isKnownErrorCode(test.error) ? errorMessage(test.error) : ""}`}
                </Text>
                {test.error === "url_blocked" && (
                  <Text size="xs" c="dimmed" data-testid="api-private-hint">
                    {t("api.privateHint")}
                  </Text>
                )}
                {test.fields.length > 0 && <Text size="xs">{t("api.pickFields")}</Text>}
                {test.fields.map((field) => (
                  <Checkbox
                    key={field.path}
                    label={
                      <span>
                        <Code>{`{{${variableFor(field.path)}}}`}</Code> ← {field.path} = {field.value}
                      </span>
                    }
                    checked={picked.has(field.path)}
                    onChange={(e) => {
                      const mapping = Object.fromEntries(Object.entries(draft.mapping).filter(([, path]) => path !== field.path));
                      if (e.currentTarget.checked) mapping[variableFor(field.path)] = field.path;
                      set({ mapping });
                    }}
                    data-testid={`api-field-${field.path}`}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("close")}
          </Button>
          <Button onClick={() => save.mutate({ id: saved?.id ?? null, body: draft }, { onSuccess: onClose })} loading={save.isPending} data-testid="api-save">
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /settings/custom_api: the endpoints flows call, with a test call to pick the fields they map. */
export function CustomApiPage() {
  const { t } = useTranslation("flows");
  const canEdit = usePermission("settings.edit");
  const [editing, setEditing] = useState<CustomApiView | "new" | null>(null);
  const [removing, setRemoving] = useState<CustomApiView | null>(null);
  const list = useCustomApis();
  const { status, remove } = useCustomApiRowActions();
  const add = () => setEditing("new");
  return (
    <ListPage
      title={t("api.title")}
      primaryAction={canEdit && { label: t("api.add"), onClick: add, testId: "add-custom-api" }}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.api"), action: canEdit && { label: t("api.add"), onClick: add } }}
      table={{
        rowKey: (endpoint) => endpoint.id,
        columns: [
          {
            key: "name",
            header: t("api.name"),
            cell: (endpoint) => (
              <Text fw={600} c="blue" style={{ cursor: "pointer" }} onClick={() => canEdit && setEditing(endpoint)}>
                {endpoint.name}
              </Text>
            ),
          },
          {
            key: "url",
            header: t("api.url"),
            cell: (endpoint) => (
              <>
                <Badge variant="outline" mr={4}>
                  {endpoint.method}
                </Badge>
                <Text span size="xs">
                  {endpoint.url}
                </Text>
              </>
            ),
          },
          {
            key: "mapping",
            header: t("api.mapping"),
            cell: (endpoint) => (
              <Text size="xs">
                {Object.keys(endpoint.mapping)
                  .map((v) => `{{${v}}}`)
                  .join(", ")}
              </Text>
            ),
          },
          {
            key: "status",
            header: t("status"),
            cell: (endpoint) => (
              <Switch
                checked={endpoint.status === "active"}
                disabled={!canEdit}
                onChange={() => status.mutate(endpoint)}
                label={t(`api.statuses.${endpoint.status}`)}
              />
            ),
          },
        ],
        rowActions: canEdit ? (endpoint) => <RowActions actions={[deleteAction(t("delete"), () => setRemoving(endpoint))]} /> : undefined,
      }}
    >
      {editing && <EndpointDialog endpoint={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove
        item={removing}
        title={t("api.deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        onRemove={(endpoint) => remove.mutate(endpoint)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
