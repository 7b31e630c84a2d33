import type { InteractionEventView, InteractionView } from "@holboo/core";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { listAfterMessage } from "./inbox-cache.ts";
import { InboxList } from "./InboxList.tsx";
import { useInboxSocket } from "./useInboxSocket.ts";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

/** The tab's one staff socket, as socket.io-client's `io()` hands it: every handler by event name, and how many opened. */
const sockets = vi.hoisted(() => ({ handlers: new Map<string, Set<(payload?: unknown) => void>>(), opened: 0 }));
vi.mock("socket.io-client", () => ({
  io: () => {
    sockets.opened += 1;
    return {
      connected: false,
      on: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.set(name, (sockets.handlers.get(name) ?? new Set()).add(handler)),
      off: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.get(name)?.delete(handler),
      emit: () => undefined,
      close: () => sockets.handlers.clear(),
    };
  },
}));
const push = (name: string, payload?: unknown) => {
  for (const handler of sockets.handlers.get(name) ?? []) handler(payload);
};

const row = (id: number, overrides: Partial<InteractionView> = {}): InteractionView => ({
  id,
  title: `Харилцаа ${id}`,
  status: "open",
  channel: null,
  contact: { id: id + 100, name: `Харилцагч ${id}`, type: null },
  owner_type: "queue",
  assignee: null,
  closer: null,
  started_at: "2026-11-21T08:00:00.000Z",
  first_response_at: null,
  closed_at: null,
  duration_ms: null,
  mood: null,
  rating: null,
  customer_rating: null,
  rating_comment: null,
  unread_count: 0,
  tags: [],
  last_seq: 3,
  last_message_at: "2026-11-21T08:00:00.000Z",
  last_message_preview: "Өмнөх мессеж",
  can: { reply: true, note: true, take_over: true, escalate: false, hand_back: true, assign: true, tag: true, request_rating: true, close: true },
  ...overrides,
});

const customerMessage = (interactionId: number, seq: number, text: string, extra: Record<string, unknown> = {}): InteractionEventView => ({
  interaction_id: interactionId,
  seq,
  type: "message.created",
  created_at: "2026-11-21T09:00:00.000Z",
  payload: {
    message: {
      id: seq * 10,
      interaction_id: interactionId,
      seq,
      direction: "in",
      sender_type: "contact",
      sender: { id: null, name: "Сарнай" },
      text,
      attachments: [],
      status: "sent",
      is_bot: false,
      is_private: false,
      client_id: null,
      created_at: "2026-11-21T09:00:00.000Z",
      ...extra,
    },
  },
});

function Inbox() {
  useInboxSocket(null);
  return <InboxList status="open" selected={null} onSelect={() => undefined} />;
}

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/interactions": list([row(1), row(2, { unread_count: 1 })]),
    "/api/interaction-tags": list([]),
    "/api/users": list([]),
    "/api/company/1/channel": list([]),
  });
});

const listFetches = () => mocked.get.mock.calls.filter(([path]) => path === "/api/interactions").length;
const shownOrder = () =>
  within(screen.getByTestId("inbox-list"))
    .getAllByRole("button")
    .map((item) => item.dataset.testid);

describe("realtime patches of the inbox cache", () => {
  it("fetches the list once, when the socket is up, not before it and again after it", async () => {
    renderWithProviders(<Inbox />, { me: makeMe() });
    // Nothing is fetched while the first connection is under way: a list read before it would miss what happens until then.
    await vi.waitFor(() => expect(sockets.handlers.get("connect")?.size).toBeGreaterThan(0));
    expect(listFetches()).toBe(0);
    push("connect");
    await screen.findByTestId("inbox-item-2");
    // The person's own presence push (their socket came online) patches the people lists; nothing is fetched again.
    push("presence", { user_id: 1, presence: "online" });
    await import("./inbox-cache.ts");
    expect(listFetches()).toBe(1);
    expect(mocked.get.mock.calls.filter(([path]) => path === "/api/users").length).toBe(1);
  });

  it("a failed first connection does not hold the list back; the connection that follows refetches it", async () => {
    renderWithProviders(<Inbox />, { me: makeMe() });
    await vi.waitFor(() => expect(sockets.handlers.get("connect_error")?.size).toBeGreaterThan(0));
    push("connect_error", new Error("websocket error"));
    await screen.findByTestId("inbox-item-2");
    expect(listFetches()).toBe(1);
    push("connect");
    await vi.waitFor(() => expect(listFetches()).toBe(2));
  });

  it("a customer's message moves its conversation to the top with its text and count, without refetching the list", async () => {
    renderWithProviders(<Inbox />, { me: makeMe() });
    push("connect");
    await screen.findByTestId("inbox-item-2");
    expect(shownOrder()).toEqual(["inbox-item-1", "inbox-item-2"]);
    const fetched = listFetches();

    push("interaction.event", customerMessage(2, 4, "Хүргэлт хэзээ ирэх вэ?"));
    await vi.waitFor(() => expect(shownOrder()).toEqual(["inbox-item-2", "inbox-item-1"]));
    expect(screen.getByText("Хүргэлт хэзээ ирэх вэ?")).toBeInTheDocument();
    expect(screen.getByTestId("unread-2")).toHaveTextContent("2");
    // The same event again (a reconnect's replay) changes nothing.
    push("interaction.event", customerMessage(2, 4, "Хүргэлт хэзээ ирэх вэ?"));
    await import("./inbox-cache.ts"); // resolves after the patch's own load: the repeated event has been applied
    expect(screen.getByTestId("unread-2")).toHaveTextContent("2");

    // This person read it in another tab: the count clears, still without a refetch.
    push("interaction.read", { interaction_id: 2, last_read_seq: 4 });
    await vi.waitFor(() => expect(screen.queryByTestId("unread-2")).toBeNull());
    expect(listFetches()).toBe(fetched);
    expect(sockets.opened).toBe(1);
  });

  it("refetches only what it cannot decide: a conversation that is not in the list, and after a reconnection", async () => {
    renderWithProviders(<Inbox />, { me: makeMe() });
    push("connect");
    await screen.findByTestId("inbox-item-2");
    const fetched = listFetches();
    push("interaction.event", customerMessage(9, 1, "Шинэ харилцаа"));
    await vi.waitFor(() => expect(listFetches()).toBe(fetched + 1));
    push("connect");
    await vi.waitFor(() => expect(listFetches()).toBe(fetched + 2));
  });

  it("a private note keeps the list's order and preview; a closed list never takes in an open conversation", () => {
    const page = { items: [row(1), row(2)], total: 2 };
    const note = listAfterMessage(page, { status: "open", page: 1 }, customerMessage(2, 4, "Дотоод тэмдэглэл", { direction: "out", is_private: true }), true);
    expect(note !== "refetch" && note.items.map((item) => [item.id, item.last_message_preview, item.last_seq])).toEqual([
      [1, "Өмнөх мессеж", 3],
      [2, "Өмнөх мессеж", 4],
    ]);
    expect(listAfterMessage(page, { status: "closed", page: 1 }, customerMessage(9, 1, "Сайн уу"), true)).toBe(page);
    expect(listAfterMessage(page, { status: "open", page: 2 }, customerMessage(2, 4, "Сайн уу"), true)).toBe("refetch");
  });
});
