import type { InteractionView } from "@holboo/core";
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InteractionActions } from "./InteractionActions.tsx";

/**
 * The conversation's head: its title, the contact (live or not) and who holds it, its tags and actions. `onBack` (a
 * phone) returns to the list; `onDetails` opens the details when they do not stand beside the thread.
 */
export function ThreadHeader({
  view,
  contactName,
  online,
  onBack,
  onDetails,
}: {
  view: InteractionView;
  contactName: string;
  online: boolean;
  onBack?: () => void;
  onDetails?: () => void;
}) {
  const { t } = useTranslation("inbox");
  return (
    <Paper withBorder p="sm" style={{ flex: "none" }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {onBack && (
            <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t("backToList")} data-testid="thread-back">
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          <Stack gap={0} miw={0}>
            <Title order={4} lineClamp={1}>
              {view.title}
            </Title>
            <Group gap={6}>
              <Indicator size={8} color={online ? "teal" : "gray"} position="middle-start" offset={-8} data-testid="contact-presence" data-online={online}>
                <Anchor component={Link} to={`/contacts/${view.contact.id}`} size="sm" ml={6} data-testid="thread-contact-link">
                  {contactName}
                </Anchor>
              </Indicator>
              <Text size="xs" c={online ? "teal" : "dimmed"}>
                {t(online ? "live.online" : "live.offline")}
              </Text>
              <Badge size="sm" variant="light" data-testid="owner-badge">
                {view.owner_type === "user" ? view.assignee?.name : t(`owner.${view.owner_type}`)}
              </Badge>
              {view.status === "closed" && (
                <Badge size="sm" color="gray">
                  {t("closedBadge")}
                </Badge>
              )}
              {view.tags.map((tag) => (
                <Badge key={tag.id} size="sm" color={tag.important ? "red" : "gray"} variant="dot">
                  {tag.name}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>
        {/* On a phone the actions are one row that scrolls sideways, so the messages keep the screen. */}
        <Group gap={6} wrap={onBack ? "nowrap" : "wrap"} style={onBack ? { overflowX: "auto", maxWidth: "100%" } : undefined} data-testid="thread-actions">
          <InteractionActions interaction={view} nowrap={!!onBack} />
          {onDetails && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconInfoCircle size={14} />}
              onClick={onDetails}
              style={{ flex: "none" }}
              data-testid="open-details"
            >
              {t("details.title")}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
