import { MOODS, type InteractionTagView, type InteractionView, type Mood, type UserView } from "@holboo/core";
import { Button, Group, Menu, Modal, MultiSelect, Rating, SegmentedControl, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMoodAngry, IconMoodHappy, IconMoodNeutral, IconMoodSad } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNothingFoundMessage } from "../../components/shared/EmptyState.tsx";
import { api } from "../../lib/api.ts";

const MOOD_ICON: Record<Mood, typeof IconMoodAngry> = { angry: IconMoodAngry, frowning: IconMoodSad, normal: IconMoodNeutral, grinning: IconMoodHappy };

/** Take over, hand back, escalate, assign, tag, request a rating and close; each behind interaction.edit. */
export function InteractionActions({ interaction }: { interaction: InteractionView }) {
  const { t } = useTranslation("inbox");
  const emptyText = useNothingFoundMessage();
  const client = useQueryClient();
  const [closing, setClosing] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [mood, setMood] = useState<Mood>("normal");
  const [rating, setRating] = useState(0);
  const [tagIds, setTagIds] = useState<string[]>(interaction.tags.map((tag) => String(tag.id)));
  const refresh = () => client.invalidateQueries({ queryKey: ["interactions"] });
  const post = useMutation({ mutationFn: ({ path, body }: { path: string; body?: unknown }) => api.post(`/api/interactions/${interaction.id}/${path}`, body ?? {}), onSuccess: refresh });
  const users = useQuery({ queryKey: ["users", "assignable"], queryFn: () => api.get<{ items: UserView[] }>("/api/users", { user_type: "human", user_status: "active", page_size: 100 }).catch(() => ({ items: [] })) });
  const tags = useQuery({ queryKey: ["interaction-tags"], queryFn: () => api.get<{ items: InteractionTagView[] }>("/api/interaction-tags"), enabled: tagging });
  const saveTags = useMutation({
    mutationFn: () => api.put(`/api/interactions/${interaction.id}/tags`, { tag_ids: tagIds.map(Number) }),
    onSuccess: () => {
      setTagging(false);
      void refresh();
    },
  });
  const requestRating = useMutation({
    mutationFn: () => api.post<{ url: string }>(`/api/interactions/${interaction.id}/rating-request`),
    onSuccess: () => notifications.show({ color: "teal", message: t("ratingRequested") }),
  });
  if (interaction.status !== "open") return null;
  return (
    <Group gap={6}>
      {interaction.owner_type !== "user" && <Button size="xs" onClick={() => post.mutate({ path: "take-over" })} data-testid="take-over">{t("takeOver")}</Button>}
      {interaction.owner_type === "ai" && <Button size="xs" variant="light" onClick={() => post.mutate({ path: "escalate" })}>{t("escalate")}</Button>}
      {interaction.owner_type === "user" && <Button size="xs" variant="default" onClick={() => post.mutate({ path: "hand-back" })}>{t("handBack")}</Button>}
      <Menu position="bottom-end" withArrow>
        <Menu.Target><Button size="xs" variant="default">{t("assign")}</Button></Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => post.mutate({ path: "assign", body: { user_id: null } })}>{t("toQueue")}</Menu.Item>
          {(users.data?.items ?? []).map((user) => (
            <Menu.Item key={user.ID} onClick={() => post.mutate({ path: "assign", body: { user_id: user.ID } })}>{user.user_name}</Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="default" onClick={() => setTagging(true)}>{t("tags")}</Button>
      <Button size="xs" variant="default" onClick={() => requestRating.mutate()}>{t("requestRating")}</Button>
      <Button size="xs" color="red" variant="light" onClick={() => setClosing(true)} data-testid="close-interaction">{t("close")}</Button>

      <Modal opened={tagging} onClose={() => setTagging(false)} title={t("tags")} centered>
        <Stack>
          <MultiSelect data={(tags.data?.items ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))} value={tagIds} onChange={setTagIds} nothingFoundMessage={emptyText} searchable />
          <Group justify="flex-end"><Button onClick={() => saveTags.mutate()} loading={saveTags.isPending}>{t("save")}</Button></Group>
        </Stack>
      </Modal>
      <Modal opened={closing} onClose={() => setClosing(false)} title={t("closeTitle")} centered>
        <Stack>
          <Text size="sm">{t("mood")}</Text>
          <SegmentedControl
            value={mood}
            onChange={(value) => setMood(value as Mood)}
            data={MOODS.map((m) => {
              const Icon = MOOD_ICON[m];
              return { value: m, label: <Group gap={4} wrap="nowrap"><Icon size={16} />{t(`moods.${m}`)}</Group> };
            })}
            data-testid="mood"
          />
          <Text size="sm">{t("rating")}</Text>
          <Rating value={rating} onChange={setRating} data-testid="rating" />
          <Group justify="flex-end">
            <Button
              color="red"
              data-testid="confirm-close"
              onClick={() => {
                setClosing(false);
                post.mutate({ path: "close", body: { mood, ...(rating ? { rating } : {}) } });
              }}
            >
              {t("close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
