import { ISSUE_TRANSITIONS, type IssueView } from "@holboo/core";
import { Anchor, Badge, Button, Center, Grid, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPaperclip } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { apiUrl } from "../../lib/api.ts";
import { PriorityBadge, StatusBadge } from "./IssueBadges.tsx";
import { IssueComments } from "./IssueComments.tsx";
import { IssueFormModal } from "./IssueFormModal.tsx";
import { IssueHistory } from "./IssueHistory.tsx";
import { contactLabel, options, useAssignIssue, useIssue, useMoveIssue, usePeople, useRemoveIssue } from "./issues.queries.ts";
import { useContactName } from "../../lib/contact-name.ts";

const date = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : "—");

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

const NO_ABILITIES: IssueView["can"] = { edit: false, change_status: false, assign: false, comment: false, delete: false };

/** /issues/:id: the issue, its lifecycle actions, assignment, comments with mentions, attachments and history. */
export function IssueDetailPage() {
  const { t } = useTranslation("issues");
  const nameOf = useContactName();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const people = usePeople();
  const detail = useIssue(id);
  const move = useMoveIssue(id);
  const assign = useAssignIssue(id);
  const remove = useRemoveIssue(id, { onSuccess: () => void navigate("/issues") });
  if (detail.isError) return <EmptyState onRetry={() => void detail.refetch()} />;
  const issue = detail.data;
  // What the server's issues policy lets this member do with this issue.
  const { edit: canEdit, change_status: canMove, assign: canAssign, delete: canDelete } = issue?.can ?? NO_ABILITIES;
  if (!issue)
    return (
      <Center h={300}>
        <Loader />
      </Center>
    );
  return (
    <Stack>
      <Anchor component={Link} to="/issues" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("back")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>
            <Text span c="dimmed" inherit>
              #{issue.number}
            </Text>{" "}
            {issue.name}
          </Title>
          <Group gap={6}>
            <StatusBadge status={issue.status} />
            <PriorityBadge priority={issue.priority} />
            {issue.tags.map((tag) => (
              <Badge key={tag.id} color={tag.color} variant="light">
                {tag.name}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Group gap="xs">
          {canMove &&
            ISSUE_TRANSITIONS[issue.status].map((status) => (
              <Button
                key={status}
                size="xs"
                variant={status === "resolved" ? "filled" : "light"}
                loading={move.isPending && move.variables === status}
                onClick={() => move.mutate(status)}
              >
                {t(`moveTo.${status}`)}
              </Button>
            ))}
          {canEdit && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t("edit")}
            </Button>
          )}
          {canDelete && (
            <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(true)}>
              {t("delete")}
            </Button>
          )}
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder p="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label={t("fields.contact")}>{contactLabel(issue.contact, nameOf).name}</Field>
                <Field label={t("fields.channel")}>{issue.channel?.name ?? "—"}</Field>
                <Field label={t("fields.assignee")}>
                  {canAssign ? (
                    <Select
                      aria-label={t("assign")}
                      size="xs"
                      searchable
                      data={options(people.data)}
                      value={issue.assignee ? String(issue.assignee.id) : null}
                      allowDeselect={false}
                      onChange={(value) => value && assign.mutate(Number(value))}
                    />
                  ) : (
                    (issue.assignee?.name ?? "—")
                  )}
                </Field>
                <Field label={t("fields.createdBy")}>{issue.created_by?.name ?? "—"}</Field>
                <Field label={t("fields.reason")}>{issue.reason?.name ?? "—"}</Field>
                <Field label={t("fields.type")}>{issue.type?.name ?? "—"}</Field>
                <Field label={t("fields.registeredAt")}>{date(issue.registered_at)}</Field>
                <Field label={t("fields.dueAt")}>{date(issue.due_at)}</Field>
                <Field label={t("fields.endedAt")}>{date(issue.ended_at)}</Field>
                {issue.interaction_id && <Field label={t("fields.interaction")}>#{issue.interaction_id}</Field>}
              </SimpleGrid>
              {issue.description && (
                <Field label={t("fields.description")}>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {issue.description}
                  </Text>
                </Field>
              )}
              {issue.attachments.length > 0 && (
                <Field label={t("fields.attachments")}>
                  {issue.attachments.map((file) => (
                    <Anchor
                      key={file.file_id}
                      href={apiUrl("/api/files/:id", { params: { id: file.file_id } })}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      display="block"
                    >
                      <IconPaperclip size={12} /> {file.name}
                    </Anchor>
                  ))}
                </Field>
              )}
            </Paper>
            <IssueComments issue={issue} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <IssueHistory issue={issue} />
        </Grid.Col>
      </Grid>
      {editing && <IssueFormModal issue={issue} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={deleting}
        title={t("deleteTitle")}
        message={t("deleteText", { name: `#${issue.number}` })}
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate();
        }}
      />
    </Stack>
  );
}
