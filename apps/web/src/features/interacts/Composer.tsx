import { convertEmoji, type AiDraftView, type AiReplyView, type AttachmentView } from "@holboo/core";
import { ActionIcon, Badge, Button, CloseButton, FileButton, Group, Paper, Stack, Switch, Text, Textarea, UnstyledButton } from "@mantine/core";
import { IconPaperclip, IconSend, IconSparkles } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../lib/api.ts";
import { uploadAttachment, useAiDraft, useSlashResponses } from "./inbox.queries.ts";
import { AiSuggestion } from "./AiSuggestion.tsx";

export interface OutgoingMessage {
  client_id: string;
  text: string;
  attachments: AttachmentView[];
  is_private: boolean;
}

interface Props {
  interactionId: number;
  disabled: boolean;
  onSubmit: (message: OutgoingMessage) => void;
  onTyping: () => void;
  /** A draft the virtual agent prepared (e-mail channels in "draft" mode): it fills an empty composer once. */
  prepared?: (AiDraftView & { message_id: number }) | null;
}

/**
 * Text with emoji codes converted, attachments, saved responses by /key, the private-note switch, and
 * "Generate AI reply", which drafts an answer from the knowledge base for the person to edit and send.
 */
export function Composer({ interactionId, disabled, onSubmit, onTyping, prepared }: Props) {
  const { t } = useTranslation("inbox");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<AttachmentView[]>([]);
  const [isPrivate, setPrivate] = useState(false);
  const slash = text.startsWith("/") && !text.includes(" ") ? text.slice(1) : null;
  const saved = useSlashResponses(slash);

  const [draftSources, setDraftSources] = useState<AiDraftView["sources"]>([]);
  // The agent's decision beside the draft: its choices, a low-confidence mark, or that it found nothing.
  const [suggestion, setSuggestion] = useState<AiReplyView | null>(null);
  const draft = useAiDraft(interactionId, {
    onSuccess: (result) => {
      setSuggestion(result);
      if (result.kind !== "answer") return;
      setText(result.text);
      setDraftSources(result.sources);
    },
    onError: notifyError,
  });

  const [usedDraft, setUsedDraft] = useState<number | null>(null);
  useEffect(() => {
    if (!prepared || prepared.message_id === usedDraft) return;
    setUsedDraft(prepared.message_id);
    if (text.trim()) return;
    setText(prepared.text);
    setDraftSources(prepared.sources);
  }, [prepared, usedDraft, text]);

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const uploaded = await uploadAttachment(file);
      setFiles((current) => [...current, uploaded]);
    } catch (error) {
      notifyError(error);
    }
  };

  const send = () => {
    const body = text.trim();
    if (!body && !files.length) return;
    onSubmit({ client_id: crypto.randomUUID(), text: body, attachments: files, is_private: isPrivate });
    setText("");
    setFiles([]);
    setDraftSources([]);
    setSuggestion(null);
  };

  return (
    <Paper withBorder p="xs" radius="md" bg={isPrivate ? "yellow.0" : undefined}>
      <Stack gap={6}>
        {slash !== null && (
          <Paper withBorder shadow="sm" p={4} data-testid="saved-responses">
            {saved.data?.items.length ? (
              saved.data.items.map((response) => (
                <UnstyledButton key={response.id} display="block" w="100%" p={6} onClick={() => setText(response.text)} data-testid={`saved-${response.key}`}>
                  <Text size="sm" fw={600}>
                    /{response.key}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {response.text}
                  </Text>
                </UnstyledButton>
              ))
            ) : (
              <Text size="xs" c="dimmed" p={6}>
                {t("noSavedResponses")}
              </Text>
            )}
          </Paper>
        )}
        {files.length > 0 && (
          <Group gap={4}>
            {files.map((file) => (
              <Badge
                key={file.file_id}
                variant="light"
                rightSection={<CloseButton size="xs" onClick={() => setFiles((all) => all.filter((f) => f !== file))} aria-label={file.name} />}
              >
                {file.name}
              </Badge>
            ))}
          </Group>
        )}
        {suggestion && (
          <AiSuggestion
            reply={suggestion}
            onPick={(choice) => {
              setText(choice.text);
              setDraftSources(choice.sources);
              setSuggestion(null);
            }}
            onClose={() => setSuggestion(null)}
          />
        )}
        {draftSources.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="ai-draft-sources">
            {t("aiDraftFrom", { sources: draftSources.map((source) => source.title).join(", ") })}
          </Text>
        )}
        <Textarea
          placeholder={t(isPrivate ? "notePlaceholder" : "replyPlaceholder")}
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(convertEmoji(event.currentTarget.value));
            onTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
          data-testid="composer"
        />
        <Group justify="space-between">
          <Group gap="xs">
            <FileButton onChange={(file) => void upload(file)}>
              {(props) => (
                <ActionIcon variant="subtle" aria-label={t("attach")} disabled={disabled} {...props}>
                  <IconPaperclip size={18} />
                </ActionIcon>
              )}
            </FileButton>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconSparkles size={14} />}
              onClick={() => draft.mutate()}
              loading={draft.isPending}
              disabled={disabled}
              data-testid="ai-draft"
            >
              {t("aiDraft")}
            </Button>
            <Switch size="xs" label={t("privateNote")} checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} />
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t("slashHint")}
            </Text>
          </Group>
          <Button size="xs" rightSection={<IconSend size={14} />} onClick={send} disabled={disabled} data-testid="send">
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
