import type { InteractionEventView } from "@holboo/core";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A conversation event in words between the messages (owner changed, closed, rating, handover); none for the rest. */
export function ThreadEventLine({ event }: { event: InteractionEventView }) {
  const { t } = useTranslation("inbox");
  const p = event.payload;
  const who = (p.assignee as { name?: string } | null)?.name ?? "";
  const text =
    event.type === "ownership.changed"
      ? t(`ownership.${String(p.owner_type)}`, { name: who })
      : event.type === "interaction.closed"
        ? t("events.closed", { name: (p.closer as { name?: string } | null)?.name ?? "" })
        : event.type === "tags.changed"
          ? t("events.tags")
          : event.type === "rating.requested"
            ? t("events.ratingRequested")
            : event.type === "rating.received"
              ? t("events.ratingReceived", { rating: String(p.rating) })
              : event.type === "handover.changed"
                ? p.owner === "other_app"
                  ? t(`handover.app.${String(p.reason)}`, { app: String(p.owner_app_id ?? "?") })
                  : t(`handover.${String(p.reason)}`, { name: (p.by as { name?: string } | null)?.name ?? "" })
                : null;
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" ta="center" data-testid={`event-${event.type}`}>
      {text}
    </Text>
  );
}
