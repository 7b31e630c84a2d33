import { MOODS, type InteractionView, type Mood } from "@holboo/core";
import { Button, Group, Modal, MultiSelect, Rating, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconMoodAngry, IconMoodHappy, IconMoodNeutral, IconMoodSad } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNothingFoundMessage } from "../../components/shared/EmptyState.tsx";
import { useInteractionTags, useSaveInteractionTags } from "./inbox.queries.ts";

/** The two dialogs of InteractionActions, in their own chunk: loaded when one is first opened. */

const MOOD_ICON: Record<Mood, typeof IconMoodAngry> = { angry: IconMoodAngry, frowning: IconMoodSad, normal: IconMoodNeutral, grinning: IconMoodHappy };

export interface CloseInput {
  mood: Mood;
  rating?: number;
}

export function CloseInteractionDialog({ onClose, onConfirm }: { onClose: () => void; onConfirm: (input: CloseInput) => void }) {
  const { t } = useTranslation("inbox");
  const [mood, setMood] = useState<Mood>("normal");
  const [rating, setRating] = useState(0);
  return (
    <Modal opened onClose={onClose} title={t("closeTitle")} centered>
      <Stack>
        <Text size="sm">{t("mood")}</Text>
        <SegmentedControl
          value={mood}
          onChange={(value) => setMood(value as Mood)}
          data={MOODS.map((m) => {
            const Icon = MOOD_ICON[m];
            return {
              value: m,
              label: (
                <Group gap={4} wrap="nowrap">
                  <Icon size={16} />
                  {t(`moods.${m}`)}
                </Group>
              ),
            };
          })}
          data-testid="mood"
        />
        <Text size="sm">{t("rating")}</Text>
        <Rating value={rating} onChange={setRating} data-testid="rating" />
        <Group justify="flex-end">
          <Button color="red" data-testid="confirm-close" onClick={() => onConfirm({ mood, ...(rating ? { rating } : {}) })}>
            {t("close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function InteractionTagsDialog({ interaction, onClose, onSaved }: { interaction: InteractionView; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("inbox");
  const emptyText = useNothingFoundMessage();
  const [tagIds, setTagIds] = useState<string[]>(interaction.tags.map((tag) => String(tag.id)));
  const tags = useInteractionTags();
  const saveTags = useSaveInteractionTags(interaction.id, { onSuccess: onSaved });
  return (
    <Modal opened onClose={onClose} title={t("tags")} centered>
      <Stack>
        <MultiSelect
          data={(tags.data?.items ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={tagIds}
          onChange={setTagIds}
          nothingFoundMessage={emptyText}
          searchable
        />
        <Group justify="flex-end">
          <Button onClick={() => saveTags.mutate(tagIds.map(Number))} loading={saveTags.isPending}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
