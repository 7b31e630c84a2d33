import { IssueCommentInput, type IssueDetailView } from "@holboo/core";
import { Badge, Button, Group, MultiSelect, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { api } from "../../lib/api.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { useMe, usePermission } from "../../lib/session.ts";
import { ISSUES_KEY, options, usePeople } from "./issues.queries.ts";

/** Comments (writing one needs issue.edit); mentioned colleagues are chosen from the company's people and notified by the server. */
export function IssueComments({ issue }: { issue: IssueDetailView }) {
  const { t } = useTranslation("issues");
  const client = useQueryClient();
  const { data: me } = useMe();
  const canComment = usePermission("issue.edit");
  const people = usePeople();
  const form = useForm({ initialValues: { body: "", mention_ids: [] as string[] } });
  const send = useMutation({
    mutationFn: (input: { body: string; mention_ids: number[] }) => api.post(`/api/issues/${issue.id}/comments`, input),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: ISSUES_KEY });
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const input = { body: values.body, mention_ids: values.mention_ids.map(Number) };
    const checked = validate(IssueCommentInput, input);
    if (!checked.ok) return form.setErrors(checked.errors);
    send.mutate(input);
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t("comments")}</Title>
        {!issue.comments.length && <Text c="dimmed" size="sm">{t("noComments")}</Text>}
        {issue.comments.map((comment) => (
          <Stack key={comment.id} gap={2} data-testid="issue-comment">
            <Group gap={6}>
              <Text size="sm" fw={500}>{comment.author?.name ?? t("someone")}</Text>
              <Text size="xs" c="dimmed"><RelativeTime value={comment.created_at} /></Text>
              {comment.mentions.map((person) => <Badge key={person.id} size="xs" variant="light">@{person.name}</Badge>)}
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{comment.body}</Text>
          </Stack>
        ))}
        {canComment && <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea placeholder={t("commentPlaceholder")} aria-label={t("commentPlaceholder")} rows={2} {...form.getInputProps("body")} />
            <Group align="flex-end">
              <MultiSelect
                style={{ flex: 1 }}
                placeholder={t("mention")}
                aria-label={t("mention")}
                searchable
                data={options(people.data?.filter((p) => p.id !== me?.ID))}
                leftSection="@"
                {...form.getInputProps("mention_ids")}
              />
              <Button type="submit" loading={send.isPending}>{t("send")}</Button>
            </Group>
          </Stack>
        </form>}
      </Stack>
    </Paper>
  );
}
