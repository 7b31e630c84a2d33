import type { InteractionView } from "@holboo/core";
import { Button, Group, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { inboxUserQueries, useInteractionAction, useRefreshInteractions, useRequestRating } from "./inbox.queries.ts";

const CloseInteractionDialog = lazy(() => import("./InteractionDialogs.tsx").then((m) => ({ default: m.CloseInteractionDialog })));
const InteractionTagsDialog = lazy(() => import("./InteractionDialogs.tsx").then((m) => ({ default: m.InteractionTagsDialog })));

/** Take over, hand back, escalate, assign, tag, request a rating and close: each as the server's `can` allows. One row with `nowrap` (a phone). */
export function InteractionActions({ interaction, nowrap = false }: { interaction: InteractionView; nowrap?: boolean }) {
  const { t } = useTranslation("inbox");
  const [closing, setClosing] = useState(false);
  const [tagging, setTagging] = useState(false);
  const refresh = useRefreshInteractions();
  const post = useInteractionAction(interaction.id);
  // Asked only of someone who may assign: the people list is not everyone's to read.
  const users = useQuery({ ...inboxUserQueries.assignable(), enabled: interaction.can.assign });
  const requestRating = useRequestRating(interaction.id, {
    onSuccess: () => notifications.show({ color: "teal", message: t("ratingRequested") }),
  });
  const { can } = interaction;
  if (!(can.take_over || can.escalate || can.hand_back || can.assign || can.tag || can.request_rating || can.close)) return null;
  return (
    <Group gap={6} wrap={nowrap ? "nowrap" : "wrap"}>
      {can.take_over && (
        <Button size="xs" onClick={() => post.mutate({ path: "take-over" })} data-testid="take-over">
          {t("takeOver")}
        </Button>
      )}
      {can.escalate && (
        <Button size="xs" variant="light" onClick={() => post.mutate({ path: "escalate" })}>
          {t("escalate")}
        </Button>
      )}
      {can.hand_back && (
        <Button size="xs" variant="default" onClick={() => post.mutate({ path: "hand-back" })}>
          {t("handBack")}
        </Button>
      )}
      {can.assign && (
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <Button size="xs" variant="default">
              {t("assign")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => post.mutate({ path: "assign", body: { user_id: null } })}>{t("toQueue")}</Menu.Item>
            {(users.data?.items ?? []).map((user) => (
              <Menu.Item key={user.ID} onClick={() => post.mutate({ path: "assign", body: { user_id: user.ID } })}>
                {user.user_name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {can.tag && (
        <Button size="xs" variant="default" onClick={() => setTagging(true)}>
          {t("tags")}
        </Button>
      )}
      {can.request_rating && (
        <Button size="xs" variant="default" onClick={() => requestRating.mutate()}>
          {t("requestRating")}
        </Button>
      )}
      {can.close && (
        <Button size="xs" color="red" variant="light" onClick={() => setClosing(true)} data-testid="close-interaction">
          {t("close")}
        </Button>
      )}

      <Suspense fallback={null}>
        {tagging && (
          <InteractionTagsDialog
            interaction={interaction}
            onClose={() => setTagging(false)}
            onSaved={() => {
              setTagging(false);
              refresh();
            }}
          />
        )}
        {closing && (
          <CloseInteractionDialog
            onClose={() => setClosing(false)}
            onConfirm={(input) => {
              setClosing(false);
              post.mutate({ path: "close", body: input });
            }}
          />
        )}
      </Suspense>
    </Group>
  );
}
