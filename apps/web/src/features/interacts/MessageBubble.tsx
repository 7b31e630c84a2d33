import { LIMITS, type MessageStatus, type MessageView } from "@holboo/core";
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconBrandMessenger, IconCheck, IconChecks, IconEye, IconLock, IconPlus, IconRobot } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmailBody } from "./EmailBody.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { UserAvatar } from "../../components/shared/UserAvatar.tsx";
import { FileLink } from "./FileLink.tsx";

const STATUS_ICON: Record<MessageStatus, ReactNode> = {
  sent: <IconCheck size={13} />,
  delivered: <IconChecks size={13} />,
  seen: <IconEye size={13} />,
  retry: <IconAlertCircle size={13} />,
  sending: <Loader size={10} />,
};

/**
 * Spec bubble, type "iva" in the inbox: "you" (staff and bot) on the right, "them" (the customer) on the left.
 * With `onCreateIssue`, a customer's bubble has the plus button that opens the issue form from it.
 */
export function MessageBubble({
  message,
  onRetry,
  onCreateIssue,
  email = false,
  contactName,
}: {
  message: MessageView;
  onRetry?: () => void;
  onCreateIssue?: () => void;
  /** The conversation's contact as every screen names them (useContactName): their messages carry it. */
  contactName?: string;
  /** The conversation is on an e-mail channel: a customer's mail shows as written (EmailBody). */
  email?: boolean;
}) {
  const { t } = useTranslation("inbox");
  const mine = message.direction === "out";
  const asMail = email && !mine && message.sender_type === "contact" && message.id > 0;
  // A reply written outside Holboo (Messenger's Page inbox, another app of the Page) is theirs, not the AI agent's.
  const via = message.sent_via ?? null;
  const viaName = via ? (via.kind === "page_inbox" ? t("sentVia.pageInbox") : t("sentVia.otherApp", { app: via.app_id ?? "?" })) : null;
  const name = message.sender_type === "contact" ? contactName || message.sender.name || t("customer") : (viaName ?? (message.sender.name || t("bot")));
  const content = (
    <>
      {message.text && <Text size="sm">{message.text}</Text>}
      {message.attachments.map((file) => (
        <FileLink key={file.file_id} file={file} inBubble />
      ))}
    </>
  );
  const status = (Object.keys(STATUS_ICON) as MessageStatus[]).includes(message.status) ? message.status : null;
  return (
    <Group
      justify={mine ? "flex-end" : "flex-start"}
      align="flex-end"
      gap={6}
      wrap="nowrap"
      data-testid="bubble"
      data-status={message.status}
      data-side={mine ? "you" : "them"}
    >
      {!mine && <UserAvatar name={name} size={28} color="gray" />}
      <Stack gap={2} maw={asMail ? 640 : LIMITS.bubbleMaxWidthIva} w={asMail ? "calc(100% - 40px)" : undefined} align={mine ? "flex-end" : "flex-start"}>
        <Paper
          w={asMail ? "100%" : undefined}
          px="sm"
          py={6}
          radius="lg"
          withBorder={!mine || message.is_private}
          bg={message.is_private ? "yellow.0" : mine ? "indigo.6" : "white"}
          c={mine && !message.is_private ? "white" : undefined}
          style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}
        >
          {message.is_private && (
            <Badge size="xs" color="yellow" leftSection={<IconLock size={10} />} mb={4}>
              {t("privateNote")}
            </Badge>
          )}
          {asMail ? <EmailBody interactionId={message.interaction_id} messageId={message.id} attachments={message.attachments} fallback={content} /> : content}
        </Paper>
        <Group gap={6} c="dimmed" fz={11}>
          {via && (
            <Group gap={2} data-testid="bubble-sent-via">
              <IconBrandMessenger size={12} />
            </Group>
          )}
          {message.is_bot && (
            <Group gap={2}>
              <IconRobot size={12} />
              {t("answeredByBot")}
            </Group>
          )}
          <span>{name}</span>
          <RelativeTime value={message.created_at} />
          {mine && status && (
            <Group
              gap={2}
              c={status === "retry" ? "red" : undefined}
              data-testid={`status-${status}`}
              onClick={status === "retry" ? onRetry : undefined}
              style={status === "retry" ? { cursor: "pointer" } : undefined}
            >
              {STATUS_ICON[status]}
              {t(`status.${status}`)}
            </Group>
          )}
        </Group>
      </Stack>
      {!mine && message.sender_type === "contact" && onCreateIssue && (
        <ActionIcon
          variant="subtle"
          size="sm"
          radius="xl"
          mb={20}
          onClick={onCreateIssue}
          aria-label={t("createIssue")}
          title={t("createIssue")}
          data-testid="bubble-create-issue"
        >
          <IconPlus size={14} />
        </ActionIcon>
      )}
      {mine && <UserAvatar name={name} size={28} />}
    </Group>
  );
}
