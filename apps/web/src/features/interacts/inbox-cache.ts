import {
  messagePreview,
  type InteractionEventType,
  type InteractionEventView,
  type InteractionReadSignal,
  type InteractionView,
  type MessageView,
} from "@holboo/core";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { interactionKeys } from "./interactions.keys.ts";

export interface InboxPage {
  items: InteractionView[];
  total: number;
}

/** Events the conversation lists do not show: the thread applies them itself. */
const NOT_IN_LISTS = new Set<InteractionEventType>(["message.status", "flow.step"]);

/** A new message's effect on a conversation row (older or repeated events leave it as it is). */
function withMessage(item: InteractionView, seq: number, message: MessageView, countsUnread: boolean): InteractionView {
  if (seq <= item.last_seq) return item;
  const visible = !message.is_private;
  return {
    ...item,
    last_seq: seq,
    last_message_at: visible ? message.created_at : item.last_message_at,
    last_message_preview: visible ? messagePreview(message.text, message.attachments) : item.last_message_preview,
    first_response_at: item.first_response_at ?? (visible && message.direction === "out" ? message.created_at : null),
    unread_count: countsUnread && message.direction === "in" ? item.unread_count + 1 : item.unread_count,
  };
}

/**
 * One cached list after a new message, or "refetch" when only the server can say: the conversation is not in
 * it (it may enter an open list, past its filters), or it moves to the first page from a later one. Open lists
 * are ordered by the last visible message, so the conversation moves to the top; closed ones keep their order.
 */
export function listAfterMessage(
  page: InboxPage,
  query: { status?: unknown; page?: unknown },
  event: InteractionEventView,
  countsUnread: boolean,
): InboxPage | "refetch" {
  const message = event.payload.message as MessageView;
  const moves = query.status !== "closed" && !message.is_private;
  const index = page.items.findIndex((item) => item.id === event.interaction_id);
  const current = page.items[index];
  if (!current) return moves ? "refetch" : page;
  const next = withMessage(current, event.seq, message, countsUnread);
  if (next === current) return page;
  if (!moves) return { ...page, items: page.items.map((item) => (item.id === next.id ? next : item)) };
  if (Number(query.page ?? 1) > 1) return "refetch";
  return { ...page, items: [next, ...page.items.filter((item) => item.id !== next.id)] };
}

/**
 * Patches the cached lists and the conversation with one pushed event instead of refetching every list.
 * `reading` is the conversation on screen in a visible tab: its new messages are read as they arrive.
 */
export function applyInteractionEvent(client: QueryClient, event: InteractionEventView, reading: number | null) {
  if (NOT_IN_LISTS.has(event.type)) return;
  if (event.type !== "message.created") {
    // Owner, status, tags, ratings: the row's place in filtered lists and who may see it are the server's to say.
    void client.invalidateQueries({ queryKey: interactionKeys.lists() });
    void client.invalidateQueries({ queryKey: interactionKeys.one(event.interaction_id) });
    return;
  }
  const countsUnread = event.interaction_id !== reading;
  for (const [key, page] of client.getQueriesData<InboxPage>({ queryKey: interactionKeys.lists() })) {
    if (!page) continue;
    const next = listAfterMessage(page, queryOf(key), event, countsUnread);
    if (next === "refetch") void client.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== page) client.setQueryData(key, next);
  }
  const message = event.payload.message as MessageView;
  client.setQueryData<InteractionView>(interactionKeys.one(event.interaction_id), (one) => one && withMessage(one, event.seq, message, countsUnread));
}

/** This person read a conversation (in this tab or another): its count clears where the position covers the row. */
export function applyRead(client: QueryClient, signal: InteractionReadSignal) {
  for (const [key, page] of client.getQueriesData<InboxPage>({ queryKey: interactionKeys.lists() })) {
    const item = page?.items.find((entry) => entry.id === signal.interaction_id);
    if (!page || !item || item.unread_count === 0) continue;
    if (signal.last_read_seq < item.last_seq) void client.invalidateQueries({ queryKey: key, exact: true });
    else client.setQueryData<InboxPage>(key, { ...page, items: page.items.map((entry) => (entry === item ? { ...entry, unread_count: 0 } : entry)) });
  }
}

const queryOf = (key: QueryKey) => (key[2] ?? {}) as { status?: unknown; page?: unknown };
