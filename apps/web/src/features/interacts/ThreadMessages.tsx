import type { InteractionView, MessageView } from "@holboo/core";
import { Button, Paper, Stack } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CallBubble } from "../calls/CallBubble.tsx";
import { useCallUpdates, useInteractionCalls } from "../calls/calls.queries.ts";
import { fill } from "./inbox-layout.ts";
import { MessageBubble } from "./MessageBubble.tsx";
import { ThreadEventLine as EventLine } from "./ThreadEventLine.tsx";
import type { FollowNewest } from "./useFollowNewest.ts";
import type { PendingSends } from "./usePendingSends.ts";
import type { ThreadEvents } from "./useThreadEvents.ts";

/**
 * The thread's scroll box: older history on demand, then its messages, calls and events in order, then the sends
 * not stored yet. `onCreateIssue` (when the person may) turns a message into an issue.
 */
export function ThreadMessages({
  view,
  contactName,
  thread,
  follow,
  sends,
  onCreateIssue,
}: {
  view: InteractionView;
  contactName: string;
  thread: ThreadEvents;
  follow: FollowNewest;
  sends: PendingSends;
  onCreateIssue?: (message: MessageView) => void;
}) {
  const { t } = useTranslation("inbox");
  const isEmail = view.channel?.type === "email";
  // On a phone line, a call's message is shown as its call bubble.
  const isPhone = view.channel?.type === "voice";
  const calls = useInteractionCalls(view.id, isPhone);
  useCallUpdates(isPhone);
  const callOf = useMemo(() => new Map((calls.data ?? []).map((call) => [call.message_id, call])), [calls.data]);
  return (
    <Paper withBorder ref={follow.viewport} onScroll={follow.onScroll} style={{ ...fill, overflowY: "auto" }} data-testid="thread-scroll">
      <Stack gap="sm" p="xs" ref={follow.content} data-testid="thread">
        {thread.hasOlder && (
          <Button variant="subtle" size="xs" onClick={() => void thread.loadOlder()}>
            {t("loadOlder")}
          </Button>
        )}
        {thread.items.map((item) =>
          item.kind === "message" && callOf.has(item.message.id) ? (
            <CallBubble key={item.seq} call={callOf.get(item.message.id)!} />
          ) : item.kind === "message" ? (
            <MessageBubble
              key={item.seq}
              message={item.message}
              onRetry={sends.retryDelivery(item.message)}
              email={isEmail}
              contactName={contactName}
              onCreateIssue={onCreateIssue ? () => onCreateIssue(item.message) : undefined}
            />
          ) : (
            <EventLine key={item.seq} event={item.event} />
          ),
        )}
        {sends.waiting.map(({ view: message, retry }) => (
          <MessageBubble key={message.client_id} message={message} onRetry={retry} />
        ))}
      </Stack>
    </Paper>
  );
}
