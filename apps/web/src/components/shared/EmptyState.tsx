import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconMoodEmpty } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Spec §8 empty state: 'Мэдээлэл олдсонгүй!' (the spec's 'одсонгүй' is a typo) and a 'Дахин оролдох' action.
 * A placeholder that is not a failed search (nothing chosen yet) passes its own `title`.
 */
export function EmptyState({ onRetry, title, children }: { onRetry?: () => void; title?: string; children?: ReactNode }) {
  const { t } = useTranslation("components");
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <IconMoodEmpty size={30} />
      </ThemeIcon>
      <Text fw={600} role="status">
        {title ?? t("empty.title")}
      </Text>
      {children}
      {onRetry && (
        <Button variant="light" size="xs" onClick={onRetry}>
          {t("empty.retry")}
        </Button>
      )}
    </Stack>
  );
}

/** What a select with no options says (spec §8): `<Select nothingFoundMessage={useNothingFoundMessage()} />`. */
export function useNothingFoundMessage(): string {
  const { t } = useTranslation("components");
  return t("empty.select");
}
