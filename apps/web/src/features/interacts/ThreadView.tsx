import type { InteractionEventView, MessageView } from "@holboo/core";
import { Anchor, Badge, Button, Center, Grid, Group, Indicator, Loader, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api, notifyError } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import type { IssuePrefill } from "../issues/IssueFormModal.tsx";
import { Composer, type OutgoingMessage } from "./Composer.tsx";
import { InteractionActions } from "./InteractionActions.tsx";
import { InteractionSidePanel } from "./InteractionSidePanel.tsx";
import { MessageBubble } from "./MessageBubble.tsx";
import { CallBubble } from "../calls/CallBubble.tsx";
import { useCallUpdates, useInteractionCalls } from "../calls/calls.queries.ts";
import { MessengerHandover } from "./MessengerHandover.tsx";
import { ThreadState } from "./thread-state.ts";
import { interactionKeys } from "./interactions.keys.ts";
import { useContactLive } from "./useContactLive.ts";
import type { InboxSocket } from "./useInboxSocket.ts";

/** The issue form (dates, selects) loads when a message is first turned into an issue. */
const IssueFormModal = lazy(() => import("../issues/IssueFormModal.tsx").then((m) => ({ default: m.IssueFormModal })));

function EventLine({ event }: { event: InteractionEventView }) {
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

/** One conversation: its events in order, older history on demand, live updates, the composer and actions. */
export function ThreadView({ interactionId, live }: { interactionId: number; live: InboxSocket }) {
  const { t } = useTranslation("inbox");
  const canEdit = usePermission("interaction.edit");
  const canCreateIssue = usePermission("issue.edit");
  const [issuePrefill, setIssuePrefill] = useState<IssuePrefill | null>(null);
  const interaction = useQuery({
    queryKey: interactionKeys.one(interactionId),
    queryFn: () => api.get("/api/interactions/:id", { params: { id: interactionId } }),
  });
  const state = useMemo(() => new ThreadState(), [interactionId]);
  const [, redraw] = useState(0);
  const [pending, setPending] = useState(new Map<string, { message: OutgoingMessage; failed: boolean }>());
  const viewport = useRef<HTMLDivElement>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const contactLive = useContactLive(interactionId, live);

  const catchUp = useCallback(async () => {
    const { items } = await api.get("/api/interactions/:id/events", { params: { id: interactionId }, query: { after: state.lastSeq, limit: 500 } });
    if (state.apply(items)) redraw((n) => n + 1);
  }, [interactionId, state]);

  useEffect(() => {
    // The newest page of messages first, then every event after it; older pages load on demand.
    void (async () => {
      const { items } = await api.get("/api/interactions/:id/messages", { params: { id: interactionId }, query: { limit: 30 } });
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
  }, [interactionId, live, state, catchUp]);

  const ordered = state.ordered();
  const handoverSeq = ordered.findLast((item) => item.kind === "event" && item.event.type === "handover.changed")?.seq ?? 0;
  const lastSeq = state.lastSeq;
  const isEmail = interaction.data?.channel?.type === "email";
  // On a phone line, a call's message is shown as its call bubble.
  const isPhone = interaction.data?.channel?.type === "voice";
  const calls = useInteractionCalls(interactionId, isPhone);
  useCallUpdates(isPhone);
  const callOf = useMemo(() => new Map((calls.data ?? []).map((call) => [call.message_id, call])), [calls.data]);
  const newest = ordered.findLast((item) => item.kind === "message" && !item.message.is_private);
  const awaitingAnswer = newest?.kind === "message" && newest.message.direction === "in";
  // E-mail in "draft" mode: the virtual agent's draft for the newest customer mail fills the composer (it may come a moment after the mail).
  const prepared = useQuery({
    queryKey: interactionKeys.emailDraft(interactionId, newest?.seq ?? 0),
    queryFn: () => api.get("/api/interactions/:id/email-draft", { params: { id: interactionId } }),
    enabled: isEmail && awaitingAnswer,
    refetchInterval: (query) => (query.state.data?.draft || query.state.dataUpdateCount > 10 ? false : 3000),
  });
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
    // Read by this person (their own unread counts) and seen by staff (the customer's receipts), once it is on a visible screen.
    const read = () => {
      if (lastSeq && document.visibilityState === "visible")
        void api.post("/api/interactions/:id/seen", { params: { id: interactionId }, body: { up_to_seq: lastSeq } }).catch(() => undefined);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [lastSeq, interactionId, pending.size]);

  const loadOlder = async () => {
    const before = state.oldestMessageSeq;
    if (!before) return;
    const { items } = await api.get("/api/interactions/:id/messages", { params: { id: interactionId }, query: { before, limit: 30 } });
    state.prepend(items);
    setHasOlder(items.length === 30);
    redraw((n) => n + 1);
  };

  const submit = async (message: OutgoingMessage) => {
    setPending((current) => new Map(current).set(message.client_id, { message, failed: false }));
    try {
      await api.post("/api/interactions/:id/messages", {
        params: { id: interactionId },
        body: {
          client_id: message.client_id,
          text: message.text,
          attachment_ids: message.attachments.map((a) => a.file_id),
          is_private: message.is_private,
        },
      });
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
  const issueFrom = (message: MessageView): IssuePrefill => ({
    contact: { id: view.contact.id, name: view.contact.name || t("customer") },
    channel_id: view.channel?.id ?? null,
    interaction_id: view.id,
    description: message.text,
  });
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="xs" h="100%">
          <Paper withBorder p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
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
                      {view.contact.name || t("customer")}
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
              {canEdit && <InteractionActions interaction={view} />}
            </Group>
          </Paper>
          {view.channel?.type === "messenger" && <MessengerHandover interaction={view} version={handoverSeq} canEdit={canEdit} />}
          <ScrollArea viewportRef={viewport} style={{ flex: 1 }} h={480} type="auto">
            <Stack gap="sm" p="xs" data-testid="thread">
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
          </ScrollArea>
          <Text size="xs" c="dimmed" h={16} aria-live="polite" data-testid="typing">
            {contactLive.typing &&
              t(contactLive.typing.who === "contact" ? "live.customerTyping" : "live.colleagueTyping", {
                name: contactLive.typing.name || view.contact.name || t("customer"),
              })}
          </Text>
          {issuePrefill && (
            <Suspense fallback={null}>
              <IssueFormModal prefill={issuePrefill} onClose={() => setIssuePrefill(null)} />
            </Suspense>
          )}
          {canEdit && view.status === "open" && (
            <Composer
              interactionId={interactionId}
              disabled={false}
              onSubmit={(message) => void submit(message)}
              onTyping={() => live.emit("typing", { interaction_id: interactionId })}
              prepared={awaitingAnswer ? prepared.data?.draft : null}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <InteractionSidePanel interaction={view} />
      </Grid.Col>
    </Grid>
  );
}
