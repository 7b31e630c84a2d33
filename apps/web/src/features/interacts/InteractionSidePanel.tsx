import { formatDateTime, formatDuration, type InteractionView, type Locale } from "@holboo/core";
import { Anchor, Divider, Group, Paper, Rating, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useContactName } from "../../lib/contact-name.ts";
import { ContactInteractions } from "../contacts/ContactDetailPage.tsx";
import { ContactIssues } from "../issues/ContactIssues.tsx";

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * Beside a conversation: its facts (start, first response, duration, close, mood, the closer's rating and the
 * customer's own stars) and the contact's previous conversations and issues.
 */
export function InteractionSidePanel({ interaction }: { interaction: InteractionView }) {
  const { t, i18n } = useTranslation("inbox");
  const contactName = useContactName();
  const none = t("details.none");
  const at = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : none);
  const stars = (value: number | null) => (value ? <Rating value={value} readOnly size="xs" aria-label={String(value)} /> : none);
  const firstResponseMs = interaction.first_response_at ? new Date(interaction.first_response_at).getTime() - new Date(interaction.started_at).getTime() : null;
  return (
    <Stack gap="sm" data-testid="interaction-side-panel">
      <Paper withBorder p="sm">
        <Title order={5} mb="xs">
          {t("details.title")}
        </Title>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Fact label={t("details.started")} testId="fact-started">
            {at(interaction.started_at)}
          </Fact>
          <Fact label={t("details.firstResponse")} testId="fact-first-response">
            {interaction.first_response_at && firstResponseMs !== null
              ? `${at(interaction.first_response_at)} (${formatDuration(firstResponseMs, i18n.language as Locale)})`
              : none}
          </Fact>
          <Fact label={t("details.duration")} testId="fact-duration">
            {interaction.duration_ms !== null ? formatDuration(interaction.duration_ms, i18n.language as Locale) : none}
          </Fact>
          <Fact label={t("details.closedAt")} testId="fact-closed">
            {at(interaction.closed_at)}
          </Fact>
          <Fact label={t("details.mood")} testId="fact-mood">
            {interaction.mood ? t(`moods.${interaction.mood}`) : none}
          </Fact>
          <Fact label={t("details.closerRating")} testId="fact-closer-rating">
            {stars(interaction.rating)}
          </Fact>
          <Fact label={t("details.customerRating")} testId="fact-customer-rating">
            <Group gap={4}>
              {stars(interaction.customer_rating)}
              {interaction.rating_comment && (
                <Text size="xs" c="dimmed">
                  “{interaction.rating_comment}”
                </Text>
              )}
            </Group>
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={5}>{t("details.contact")}</Title>
          <Anchor component={Link} to={`/contacts/${interaction.contact.id}`} size="sm">
            {t("details.openContact")}
          </Anchor>
        </Group>
        <Text size="sm" fw={600}>
          {contactName(interaction.contact)}
        </Text>
        <Divider my="xs" label={t("details.previous")} labelPosition="left" />
        <ContactInteractions contactId={interaction.contact.id} compact />
        <Divider my="xs" label={t("details.issues")} labelPosition="left" />
        <ContactIssues contactId={interaction.contact.id} compact />
      </Paper>
    </Stack>
  );
}
