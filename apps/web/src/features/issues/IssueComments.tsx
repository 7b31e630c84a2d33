import { IssueCommentInput, type IssueDetailView, type IssueRef } from "@holboo/core";
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title, UnstyledButton } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { useMe } from "../../lib/session.ts";
import { useAddIssueComment, usePeople } from "./issues.queries.ts";
import { insertMention, matchingPeople, mentionQuery, mentionedIds } from "./mentions.ts";

/** Comments (writing one as the issue's `can.comment` allows). Typing "@" suggests colleagues; each one mentioned is notified by the server. */
export function IssueComments({ issue }: { issue: IssueDetailView }) {
  const { t } = useTranslation("issues");
  const { data: me } = useMe();
  const people = usePeople();
  const [picked, setPicked] = useState<IssueRef[]>([]);
  const form = useForm({ initialValues: { body: "" } });
  const query = mentionQuery(form.values.body);
  const suggestions =
    query === null
      ? []
      : matchingPeople(
          (people.data ?? []).filter((p) => p.id !== me?.ID),
          query,
        );
  const send = useAddIssueComment(issue.id, {
    onSuccess: () => {
      form.reset();
      setPicked([]);
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const input = { body: values.body.trim(), mention_ids: mentionedIds(values.body, picked) };
    const checked = validate(IssueCommentInput, input);
    if (!checked.ok) return form.setErrors(checked.errors);
    send.mutate(input);
  });
  const mention = (person: IssueRef) => {
    form.setFieldValue("body", insertMention(form.values.body, person));
    setPicked((current) => [...current, person]);
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t("comments")}</Title>
        {!issue.comments.length && (
          <Text c="dimmed" size="sm">
            {t("noComments")}
          </Text>
        )}
        {issue.comments.map((comment) => (
          <Stack key={comment.id} gap={2} data-testid="issue-comment">
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {comment.author?.name ?? t("someone")}
              </Text>
              <Text size="xs" c="dimmed">
                <RelativeTime value={comment.created_at} />
              </Text>
              {comment.mentions.map((person) => (
                <Badge key={person.id} size="xs" variant="light">
                  @{person.name}
                </Badge>
              ))}
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {comment.body}
            </Text>
          </Stack>
        ))}
        {issue.can.comment && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Textarea
                placeholder={t("commentPlaceholder")}
                aria-label={t("commentPlaceholder")}
                description={t("mention")}
                rows={3}
                {...form.getInputProps("body")}
              />
              {suggestions.length > 0 && (
                <Paper withBorder p={4} role="listbox" aria-label={t("mention")}>
                  {suggestions.map((person) => (
                    <UnstyledButton key={person.id} role="option" aria-selected={false} display="block" px="xs" py={4} onClick={() => mention(person)}>
                      <Text size="sm">@{person.name}</Text>
                    </UnstyledButton>
                  ))}
                </Paper>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending}>
                  {t("send")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
