import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./EmptyState.tsx";

export interface ListEmptyAction {
  label: string;
  onClick: () => void;
  testId?: string;
}

/**
 * What a list without rows shows. Only a failed load is the spec §8 error state ('Мэдээлэл олдсонгүй!' with
 * a retry): a list that is simply empty (a new company's) is not a failure, so it says so calmly and offers
 * the action that fills it, when the person may take it.
 */
export function ListEmpty({ failed, onRetry, text, action }: { failed: boolean; onRetry: () => void; text: string; action?: ListEmptyAction | false }) {
  const { t } = useTranslation("components");
  if (failed) return <EmptyState onRetry={onRetry} />;
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="list-empty">
      <ThemeIcon size={56} radius="xl" variant="light" color="indigo" aria-hidden>
        <IconInbox size={30} />
      </ThemeIcon>
      <Text fw={600} role="status">
        {t("emptyList.title")}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {text}
      </Text>
      {action && (
        <Button size="xs" onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
