import type { FlowNodeData, FlowNodeKind } from "@holboo/core";
import { FLOW_NODE_COLOURS, RESPONSE_ACTIONS } from "@holboo/core";
import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useCustomApis, useFlows } from "./flows.queries.ts";
import { newId } from "./graph.ts";
import { DIGITS, VoiceSettings } from "./VoiceSettings.tsx";

const lines = (text: string) => text.split("\n");
const VOICE_HINTED = new Set<FlowNodeKind>(["response", "button", "success", "fail"]);

/** The settings of one node, by kind (spec: question phrases, response cards, choices, api, subflow, outcomes). */
export function NodeEditor({
  kind,
  data,
  onChange,
  flowId,
  voice = false,
}: {
  kind: FlowNodeKind;
  data: FlowNodeData;
  onChange: (data: FlowNodeData) => void;
  flowId: number;
  /** The flow is a call operator's: recordings and keys instead of text and pictures. */
  voice?: boolean;
}) {
  const { t } = useTranslation("flows");
  const endpoints = useCustomApis(kind === "api");
  const flows = useFlows(kind === "subflow");
  const choices = data.choices ?? [];
  return (
    <Stack gap="sm" data-testid="node-editor">
      <Group>
        <Badge color={FLOW_NODE_COLOURS[kind]} variant="filled">
          {t(`kinds.${kind}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {voice && VOICE_HINTED.has(kind) ? t(`voice.kindHints.${kind}`) : t(`kindHints.${kind}`)}
        </Text>
      </Group>
      {kind === "question" && (
        <Textarea
          label={t("phrases")}
          description={t("phrasesHint")}
          autosize
          minRows={4}
          value={(data.phrases ?? []).join("\n")}
          onChange={(e) => onChange({ ...data, phrases: lines(e.currentTarget.value) })}
          data-testid="node-phrases"
        />
      )}
      {voice && <VoiceSettings kind={kind} data={data} onChange={onChange} />}
      {!voice && (kind === "response" || kind === "button" || kind === "success" || kind === "fail") && (
        <Textarea
          label={t("text")}
          description={t("textHint", { example: "{{order.status}}" })}
          autosize
          minRows={3}
          value={data.text ?? ""}
          onChange={(e) => onChange({ ...data, text: e.currentTarget.value })}
          data-testid="node-text"
        />
      )}
      {!voice && kind === "response" && (
        <>
          <Textarea
            label={t("images")}
            description={t("imagesHint")}
            autosize
            minRows={1}
            value={(data.images ?? []).join("\n")}
            onChange={(e) => onChange({ ...data, images: lines(e.currentTarget.value).filter((line) => line.trim()) })}
          />
          <Select
            label={t("action")}
            data={RESPONSE_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
            value={data.action ?? "none"}
            onChange={(value) => onChange({ ...data, action: (value ?? "none") as FlowNodeData["action"] })}
            allowDeselect={false}
          />
        </>
      )}
      {((!voice && kind === "response") || kind === "button") && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("choices")}
          </Text>
          {choices.map((choice, index) => (
            <Group key={choice.id} gap={4} wrap="nowrap">
              {voice && (
                <Select
                  w={70}
                  data={DIGITS}
                  value={choice.digit ?? null}
                  aria-label={t("voice.digit", { n: index + 1 })}
                  onChange={(digit) => onChange({ ...data, choices: choices.map((c) => (c.id === choice.id ? { ...c, digit: digit ?? undefined } : c)) })}
                  data-testid={`node-choice-digit-${index}`}
                />
              )}
              <TextInput
                flex={1}
                value={choice.label}
                aria-label={t("choice", { n: index + 1 })}
                onChange={(e) => onChange({ ...data, choices: choices.map((c) => (c.id === choice.id ? { ...c, label: e.currentTarget.value } : c)) })}
                data-testid={`node-choice-${index}`}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("delete")}
                onClick={() => onChange({ ...data, choices: choices.filter((c) => c.id !== choice.id) })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange({
                ...data,
                choices: [...choices, { id: newId("c"), label: "", ...(voice ? { digit: DIGITS.find((d) => !choices.some((c) => c.digit === d)) } : {}) }],
              })
            }
            data-testid="node-add-choice"
          >
            {t("addChoice")}
          </Button>
        </Stack>
      )}
      {kind === "api" && (
        <Select
          label={t("endpoint")}
          description={t("endpointHint")}
          data={(endpoints.data?.items ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.method})` }))}
          value={data.endpoint_id ? String(data.endpoint_id) : null}
          onChange={(value) => onChange({ ...data, endpoint_id: value ? Number(value) : undefined })}
          data-testid="node-endpoint"
        />
      )}
      {kind === "subflow" && (
        <Select
          label={t("subflow")}
          data={(flows.data?.items ?? []).filter((f) => f.id !== flowId).map((f) => ({ value: String(f.id), label: f.title }))}
          value={data.flow_id ? String(data.flow_id) : null}
          onChange={(value) => onChange({ ...data, flow_id: value ? Number(value) : undefined })}
        />
      )}
    </Stack>
  );
}
