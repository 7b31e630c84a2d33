import type { AiReplyView } from "@holboo/core";
import { Alert, CloseButton, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Choice = Extract<AiReplyView, { kind: "choices" }>["choices"][number];

const NONE_TEXT = { not_found: "aiDraftNotFound", unrelated: "aiDraftUnrelated", escalate: "aiDraftEscalate" } as const;

/**
 * What "AI reply" found besides a plain draft, as the virtual agent would decide it: the choices it would offer (a
 * person picks one into the composer), a low-confidence mark on the draft, or that it has no answer.
 */
export function AiSuggestion({ reply, onPick, onClose }: { reply: AiReplyView; onPick: (choice: Choice) => void; onClose: () => void }) {
  const { t } = useTranslation("inbox");
  if (reply.kind === "answer") {
    if (!reply.low_confidence) return null;
    return (
      <Group gap={4} wrap="nowrap" data-testid="ai-draft-low-confidence">
        <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
        <Text size="xs" fw={600} c="orange.8">
          {t("aiDraftLowConfidence")}
        </Text>
      </Group>
    );
  }
  if (reply.kind === "none") {
    return (
      <Alert color="gray" p={6} data-testid="ai-draft-none" withCloseButton closeButtonLabel={t("aiDraftDismiss")} onClose={onClose}>
        <Text size="xs">{t(NONE_TEXT[reply.reason])}</Text>
      </Alert>
    );
  }
  return (
    <Paper withBorder p={6} data-testid="ai-draft-choices">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="xs" fw={600}>
          {t("aiDraftChoices")}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t("aiDraftDismiss")} />
      </Group>
      <Stack gap={2} mt={4}>
        {reply.choices.map((choice, index) => (
          <UnstyledButton
            key={`${choice.title}-${index}`}
            p={6}
            onClick={() => onPick(choice)}
            aria-label={t("aiDraftChoose", { title: choice.title })}
            data-testid="ai-draft-choice"
            style={{ borderRadius: "var(--mantine-radius-sm)", background: "var(--mantine-color-gray-0)" }}
          >
            <Text size="sm" fw={600}>
              {index + 1}. {choice.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {choice.text}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
