import type { MessageView } from "@holboo/core";
import { ActionIcon, Anchor, Badge, Box, Button, Center, Drawer, Group, Indicator, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { notifyError } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { useLiveReady } from "../../lib/staff-socket.ts";
import { useContactName } from "../../lib/contact-name.ts";
import type { IssuePrefill } from "../issues/IssueFormModal.tsx";
import { Composer, type OutgoingMessage } from "./Composer.tsx";
import { InteractionActions } from "./InteractionActions.tsx";
import { InteractionSidePanel } from "./InteractionSidePanel.tsx";
import { MessageBubble } from "./MessageBubble.tsx";
import { CallBubble } from "../calls/CallBubble.tsx";
import { useCallUpdates, useInteractionCalls } from "../calls/calls.queries.ts";
import { MessengerHandover } from "./MessengerHandover.tsx";
import { ThreadEventLine as EventLine } from "./ThreadEventLine.tsx";
import { ThreadState } from "./thread-state.ts";
import { threadCalls, useEmailDraft, useInteraction } from "./inbox.queries.ts";
import { fill, INBOX_DETAILS_BESIDE } from "./inbox-layout.ts";
import { useContactLive } from "./useContactLive.ts";
import type { InboxSocket } from "./useInboxSocket.ts";

/** The issue form (dates, selects) loads when a message is first turned into an issue. */
const IssueFormModal = lazy(() => import("../issues/IssueFormModal.tsx").then((m) => ({ default: m.IssueFormModal })));

/**
 * One conversation: its events in order, older history on demand, live updates, the composer and actions. It fills
 * its column: the messages scroll by themselves with the newest in view, the composer stays below them, and the
 * details stand beside it on a wide screen or open in a drawer. `onBack` (a phone) returns to the list.
 */
export function ThreadView({ interactionId, live, onBack }: { interactionId: number; live: InboxSocket; onBack?: () => void }) {
  const { t } = useTranslation("inbox");
  const nameOf = useContactName();
  const detailsBeside = useMediaQuery(INBOX_DETAILS_BESIDE, true, { getInitialValueInEffect: false });
  const [detailsOpen, setDetailsOpen] = useState(false);
  const liveReady = useLiveReady();
  // Only for Messenger's handover (a channel's route); the conversation's own actions come with it as `can`.
  const canEdit = usePermission("interaction.edit");
  const canCreateIssue = usePermission("issue.edit");
  const [issuePrefill, setIssuePrefill] = useState<IssuePrefill | null>(null);
  const interaction = useInteraction(interactionId);
  const state = useMemo(() => new ThreadState(), [interactionId]);
  const [, redraw] = useState(0);
  const [pending, setPending] = useState(new Map<string, { message: OutgoingMessage; failed: boolean }>());
  const viewport = useRef<HTMLDivElement>(null);
  const readUpTo = useRef(0);
  const [hasOlder, setHasOlder] = useState(false);
  const contactLive = useContactLive(interactionId, live);

  const catchUp = useCallback(async () => {
    const { items } = await threadCalls.events(interactionId, state.lastSeq);
    if (state.apply(items)) redraw((n) => n + 1);
  }, [interactionId, state]);

  useEffect(() => {
    // After the socket is up, so what is pushed from then on reaches it and nothing falls between (useLiveReady).
    if (!liveReady) return;
    // The newest page of messages first, then every event after it; older pages load on demand.
    void (async () => {
      const { items } = await threadCalls.messages(interactionId, { limit: 30 });
      state.prepend(items);
      setHasOlder(items.length === 30);
      // Events from just before the oldest loaded message: the notes between messages show too.
      state.lastSeq = items.length ? Math.min(...items.map((m) => m.seq)) - 1 : 0;
      await catchUp();
      redraw((n) => n + 1);
    })().catch(notifyError);
    const offEvent = live.onEvent((event) => {
      if (event.interaction_id !== interactionId) return;
      if (event.seq > state.lastSeq + 1) void catchUp();
      else if (state.apply([event])) redraw((n) => n + 1);
    });
    const offReconnect = live.onReconnect(() => void catchUp());
    return () => {
      offEvent();
      offReconnect();
    };
  }, [interactionId, live, state, catchUp, liveReady]);

  const ordered = state.ordered();
  const handoverSeq = ordered.findLast((item) => item.kind === "event" && item.event.type === "handover.changed")?.seq ?? 0;
  // Read up to the newest message: later events (its receipts) change nothing this person has to read.
  const newestSeq = ordered.findLast((item) => item.kind === "message")?.seq ?? 0;
  const isEmail = interaction.data?.channel?.type === "email";
  // On a phone line, a call's message is shown as its call bubble.
  const isPhone = interaction.data?.channel?.type === "voice";
  const calls = useInteractionCalls(interactionId, isPhone);
  useCallUpdates(isPhone);
  const callOf = useMemo(() => new Map((calls.data ?? []).map((call) => [call.message_id, call])), [calls.data]);
  const newest = ordered.findLast((item) => item.kind === "message" && !item.message.is_private);
  const awaitingAnswer = newest?.kind === "message" && newest.message.direction === "in";
  // E-mail in "draft" mode: the virtual agent's draft for the newest customer mail fills the composer (it may come a moment after the mail).
  const prepared = useEmailDraft(interactionId, newest?.seq ?? 0, isEmail && awaitingAnswer);
  useEffect(() => {
    // Read by this person (their own unread counts) and seen by staff (the customer's receipts), once it is on a visible screen.
    const read = () => {
      if (newestSeq <= readUpTo.current || document.visibilityState !== "visible") return;
      readUpTo.current = newestSeq;
      void threadCalls.seen(interactionId, newestSeq).catch(() => undefined);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [newestSeq, interactionId]);

  // The newest message stays in view while the person is at the bottom (new messages, pictures that load, their own
  // sends); scrolled up to read, they stay where they are, and older messages load above without moving the view.
  const atBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const shown = interaction.data !== undefined;
  useEffect(() => {
    const box = viewport.current;
    const inner = content.current;
    if (!box || !inner) return;
    const follow = () => {
      if (keepFromBottom.current !== null) box.scrollTop = box.scrollHeight - keepFromBottom.current;
      else if (atBottom.current) box.scrollTop = box.scrollHeight;
      keepFromBottom.current = null;
    };
    follow();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [shown]);
  const onScroll = () => {
    const box = viewport.current;
    if (box) atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
  };

  const loadOlder = async () => {
    const before = state.oldestMessageSeq;
    if (!before) return;
    const { items } = await threadCalls.messages(interactionId, { before, limit: 30 });
    const box = viewport.current;
    if (box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
    state.prepend(items);
    setHasOlder(items.length === 30);
    redraw((n) => n + 1);
  };

  const submit = async (message: OutgoingMessage) => {
    atBottom.current = true;
    setPending((current) => new Map(current).set(message.client_id, { message, failed: false }));
    try {
      await threadCalls.send(interactionId, message);
      await catchUp();
      setPending((current) => {
        const next = new Map(current);
        next.delete(message.client_id);
        return next;
      });
    } catch (error) {
      notifyError(error);
      setPending((current) => new Map(current).set(message.client_id, { message, failed: true }));
    }
  };

  // A stored reply the provider refused: the same client id asks the server to deliver it again.
  const retryDelivery = (message: MessageView) =>
    message.status === "retry" && message.client_id
      ? () => void submit({ client_id: message.client_id ?? "", text: message.text, attachments: message.attachments, is_private: message.is_private })
      : undefined;
  const stored = new Set(ordered.flatMap((item) => (item.kind === "message" && item.message.client_id ? [item.message.client_id] : [])));
  const view = interaction.data;
  if (!view)
    return (
      <Center h={300}>
        <Loader />
      </Center>
    );
  const contactName = nameOf(view.contact);
  const issueFrom = (message: MessageView): IssuePrefill => ({
    contact: { id: view.contact.id, name: contactName },
    channel_id: view.channel?.id ?? null,
    interaction_id: view.id,
    description: message.text,
  });
  const details = <InteractionSidePanel interaction={view} />;
  return (
    <Group gap="sm" wrap="nowrap" align="stretch" style={{ ...fill, flexDirection: "row" }}>
      <Stack gap="xs" style={fill}>
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
                  <Indicator
                    size={8}
                    color={contactLive.online ? "teal" : "gray"}
                    position="middle-start"
                    offset={-8}
                    data-testid="contact-presence"
                    data-online={contactLive.online}
                  >
                    <Anchor component={Link} to={`/contacts/${view.contact.id}`} size="sm" ml={6} data-testid="thread-contact-link">
                      {contactName}
                    </Anchor>
                  </Indicator>
                  <Text size="xs" c={contactLive.online ? "teal" : "dimmed"}>
                    {t(contactLive.online ? "live.online" : "live.offline")}
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
              {!detailsBeside && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconInfoCircle size={14} />}
                  onClick={() => setDetailsOpen(true)}
                  style={{ flex: "none" }}
                  data-testid="open-details"
                >
                  {t("details.title")}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
        {view.channel?.type === "messenger" && <MessengerHandover interaction={view} version={handoverSeq} canEdit={canEdit} />}
        <Paper withBorder ref={viewport} onScroll={onScroll} style={{ ...fill, overflowY: "auto" }} data-testid="thread-scroll">
          <Stack gap="sm" p="xs" ref={content} data-testid="thread">
            {hasOlder && (
              <Button variant="subtle" size="xs" onClick={() => void loadOlder()}>
                {t("loadOlder")}
              </Button>
            )}
            {ordered.map((item) =>
              item.kind === "message" && callOf.has(item.message.id) ? (
                <CallBubble key={item.seq} call={callOf.get(item.message.id)!} />
              ) : item.kind === "message" ? (
                <MessageBubble
                  key={item.seq}
                  message={item.message}
                  onRetry={retryDelivery(item.message)}
                  email={isEmail}
                  contactName={contactName}
                  onCreateIssue={canCreateIssue ? () => setIssuePrefill(issueFrom(item.message)) : undefined}
                />
              ) : (
                <EventLine key={item.seq} event={item.event} />
              ),
            )}
            {[...pending.values()]
              .filter(({ message }) => !stored.has(message.client_id))
              .map(({ message, failed }) => (
                <MessageBubble
                  key={message.client_id}
                  message={{
                    id: -1,
                    interaction_id: interactionId,
                    seq: 0,
                    direction: "out",
                    sender_type: "user",
                    sender: { id: null, name: "" },
                    text: message.text,
                    attachments: message.attachments,
                    status: failed ? "retry" : "sending",
                    is_bot: false,
                    is_private: message.is_private,
                    client_id: message.client_id,
                    sent_via: null,
                    created_at: new Date().toISOString(),
                  }}
                  onRetry={() => void submit(message)}
                />
              ))}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" h={16} aria-live="polite" data-testid="typing" style={{ flex: "none" }}>
          {contactLive.typing &&
            t(contactLive.typing.who === "contact" ? "live.customerTyping" : "live.colleagueTyping", {
              name: contactLive.typing.name || contactName,
            })}
        </Text>
        {issuePrefill && (
          <Suspense fallback={null}>
            <IssueFormModal prefill={issuePrefill} onClose={() => setIssuePrefill(null)} />
          </Suspense>
        )}
        {(view.can.reply || view.can.note) && (
          <Box style={{ flex: "none" }}>
            <Composer
              interactionId={interactionId}
              disabled={false}
              onSubmit={(message) => void submit(message)}
              onTyping={() => live.emit("typing", { interaction_id: interactionId })}
              prepared={awaitingAnswer ? prepared.data?.draft : null}
            />
          </Box>
        )}
      </Stack>
      {detailsBeside ? (
        <Box style={{ flex: "0 0 clamp(270px, 30%, 340px)", overflowY: "auto" }} data-testid="details-beside">
          {details}
        </Box>
      ) : (
        <Drawer opened={detailsOpen} onClose={() => setDetailsOpen(false)} position="right" size={340} title={t("details.title")}>
          {details}
        </Drawer>
      )}
    </Group>
  );
}
