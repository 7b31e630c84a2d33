import type { FlowNodeData, FlowNodeKind } from "@holboo/core";
import { LIMITS, VOICE_LANGUAGES, type VoiceLanguage } from "@holboo/core";
import { Button, FileButton, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { apiUrl, notifyError } from "../../../lib/api.ts";
import { fileSize } from "../../../components/shared/file-size.ts";
import { useUploadPrompt } from "./flows.queries.ts";

/** One language's recording: upload (type and size checked by the server from the bytes) and a player. */
function PromptUpload({ language, fileId, onChange }: { language: VoiceLanguage; fileId: string | undefined; onChange: (fileId: string | undefined) => void }) {
  const { t } = useTranslation("flows");
  const upload = useUploadPrompt({
    onSuccess: (uploaded) => onChange(uploaded.file_id),
    onError: notifyError,
  });
  return (
    <Stack gap={4} data-testid={`prompt-${language}`}>
      <Group gap="xs">
        <Text size="sm" w={90}>
          {t(`voice.languages.${language}`)}
        </Text>
        <FileButton onChange={(file) => file && upload.mutate(file)} accept="audio/wav,audio/x-wav,audio/mpeg,audio/ogg">
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={upload.isPending}
              data-testid={`prompt-upload-${language}`}
            >
              {fileId ? t("voice.replace") : t("voice.upload")}
            </Button>
          )}
        </FileButton>
        {fileId && (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onChange(undefined)}>
            {t("delete")}
          </Button>
        )}
      </Group>
      {fileId && (
        <audio
          controls
          preload="none"
          src={apiUrl("/api/files/:id", { params: { id: fileId } })}
          style={{ width: "100%", height: 32 }}
          data-testid={`prompt-player-${language}`}
        />
      )}
    </Stack>
  );
}

/** A call operator's node: its recording per language, and what it does with the call (menu keys, transfer, voicemail, hang-up). */
export function VoiceSettings({ kind, data, onChange }: { kind: FlowNodeKind; data: FlowNodeData; onChange: (data: FlowNodeData) => void }) {
  const { t } = useTranslation("flows");
  const prompt = data.prompt ?? {};
  const setPrompt = (language: VoiceLanguage, fileId: string | undefined) => onChange({ ...data, prompt: { ...prompt, [language]: fileId } });
  if (kind !== "response" && kind !== "button" && kind !== "success" && kind !== "fail") return null;
  const mode = data.voicemail_max_s ? "voicemail" : data.action === "escalate" ? "transfer" : data.action === "close" ? "hangup" : "play";
  const setMode = (next: string) => {
    const { voicemail_max_s: _v, transfer: _t, action: _a, ...rest } = data;
    if (next === "voicemail") onChange({ ...rest, voicemail_max_s: 60 });
    else if (next === "transfer") onChange({ ...rest, action: "escalate", transfer: { to: "queue" } });
    else if (next === "hangup") onChange({ ...rest, action: "close" });
    else onChange({ ...rest, action: "none" });
  };
  return (
    <Stack gap="sm" data-testid="voice-settings">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t("voice.prompt")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("voice.promptHint", { size: fileSize(LIMITS.voicePromptBytes) })}
        </Text>
        {VOICE_LANGUAGES.map((language) => (
          <PromptUpload key={language} language={language} fileId={prompt[language]} onChange={(fileId) => setPrompt(language, fileId)} />
        ))}
      </Stack>
      {kind === "response" && (
        <SegmentedControl
          fullWidth
          size="xs"
          value={mode}
          onChange={setMode}
          data={["play", "transfer", "voicemail", "hangup"].map((value) => ({ value, label: t(`voice.modes.${value}`) }))}
          data-testid="voice-mode"
        />
      )}
      {kind === "response" && mode === "transfer" && (
        <Group grow align="flex-end">
          <Select
            label={t("voice.transferTo")}
            data={[
              { value: "queue", label: t("voice.queue") },
              { value: "extension", label: t("voice.extension") },
            ]}
            value={data.transfer?.to ?? "queue"}
            onChange={(value) => onChange({ ...data, transfer: value === "extension" ? { to: "extension", extension: "" } : { to: "queue" } })}
            allowDeselect={false}
            data-testid="voice-transfer"
          />
          {data.transfer?.to === "extension" && (
            <TextInput
              label={t("voice.extensionNumber")}
              value={data.transfer.extension}
              onChange={(e) => onChange({ ...data, transfer: { to: "extension", extension: e.currentTarget.value } })}
              data-testid="voice-extension"
            />
          )}
        </Group>
      )}
      {kind === "response" && mode === "voicemail" && (
        <NumberInput
          label={t("voice.voicemailMax")}
          min={5}
          max={LIMITS.voicemailMaxSeconds}
          value={data.voicemail_max_s ?? 60}
          onChange={(value) => onChange({ ...data, voicemail_max_s: Number(value) || 60 })}
        />
      )}
      {kind === "button" && (
        <Group grow>
          <NumberInput
            label={t("voice.timeout")}
            min={1}
            max={LIMITS.voiceDigitTimeoutMaxS}
            value={data.timeout_s ?? LIMITS.voiceDigitTimeoutDefaultS}
            onChange={(value) => onChange({ ...data, timeout_s: Number(value) || LIMITS.voiceDigitTimeoutDefaultS })}
            data-testid="voice-timeout"
          />
          <NumberInput
            label={t("voice.retries")}
            min={0}
            max={LIMITS.voiceRetriesMax}
            value={data.retries ?? LIMITS.voiceRetriesDefault}
            onChange={(value) => onChange({ ...data, retries: Number(value) })}
            data-testid="voice-retries"
          />
        </Group>
      )}
      {(kind === "success" || kind === "fail") && (
        <Text size="xs" c="dimmed">
          {t("voice.hangsUp")}
        </Text>
      )}
    </Stack>
  );
}

/** The key a menu choice answers to. */
export const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#"];
