import type { IssueDetailView, IssueEventView, IssueStatus } from "@holboo/core";
import { Paper, Text, Timeline, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { usePeople } from "./issues.queries.ts";

const FIELD_LABEL: Record<string, string> = {
  name: "name",
  reason_id: "reason",
  type_id: "type",
  tag_ids: "tags",
  priority: "priority",
  description: "description",
  contact_id: "contact",
  channel_id: "channel",
  interaction_id: "interaction",
  registered_at: "registeredAt",
  due_at: "dueAt",
  attachments: "attachments",
};

/** Every change of the issue: who, what, when. */
export function IssueHistory({ issue }: { issue: IssueDetailView }) {
  const { t } = useTranslation("issues");
  const people = usePeople();
  const person = (id: unknown) => people.data?.find((p) => p.id === id)?.name ?? t("someone");
  const text = (event: IssueEventView) => {
    const who = event.actor?.name ?? t("someone");
    const p = event.payload;
    if (event.type === "updated") return t("event.updated", { who, fields: (p.fields as string[]).map((f) => t(`fields.${FIELD_LABEL[f] ?? f}`)).join(", ") });
    if (event.type === "status_changed")
      return t("event.status_changed", { who, from: t(`status.${p.from as IssueStatus}`), to: t(`status.${p.to as IssueStatus}`) });
    if (event.type === "assigned") return t("event.assigned", { who, to: person(p.to) });
    return t(`event.${event.type}`, { who });
  };
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t("history")}
      </Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {issue.history.map((event) => (
          <Timeline.Item key={event.id} data-testid="issue-event">
            <Text size="sm">{text(event)}</Text>
            <Text size="xs" c="dimmed">
              <RelativeTime value={event.created_at} />
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
