import { formatDateTime, type InteractionView } from "@holboo/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { inboxUserQueries } from "./inbox.queries.ts";
import { InboxList } from "./InboxList.tsx";
import { InteractionActions } from "./InteractionActions.tsx";
import { InteractionSidePanel } from "./InteractionSidePanel.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const closed: InteractionView = {
  id: 41,
  title: "Захиалга",
  status: "closed",
  channel: { id: 3, type: "webchat", name: "Сайтын чат" },
  contact: { id: 5, name: "Бат Сарнай", type: null },
  owner_type: "user",
  assignee: { id: 1, name: "Болд" },
  closer: { id: 1, name: "Болд" },
  started_at: "2026-11-21T08:00:00.000Z",
  first_response_at: "2026-11-21T08:02:00.000Z",
  closed_at: "2026-11-21T08:30:00.000Z",
  duration_ms: 30 * 60_000,
  mood: "grinning",
  rating: 4,
  customer_rating: 2,
  unread_count: 0,
  rating_comment: "Удаан хариулсан",
  tags: [],
  last_seq: 9,
  last_message_at: null,
  last_message_preview: null,
  can: { reply: false, note: false, take_over: false, escalate: false, hand_back: false, assign: false, tag: true, request_rating: true, close: false },
};
const everything = { reply: true, note: true, take_over: true, escalate: true, hand_back: true, assign: true, tag: true, request_rating: true, close: true };

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/contacts/5/interactions": {
      items: [{ id: 40, title: "Өмнөх асуулт", status: "closed", channel: null, started_at: "2026-11-01T08:00:00.000Z", closed_at: null }],
    },
    "/api/issues": { items: [], total: 0 },
    "/api/interactions": list([]),
    "/api/interaction-tags": list([]),
    "/api/users": list([]),
    "/api/company/1/channel": list([]),
  });
});

describe("conversation detail", () => {
  it("shows start, first response, duration, close, mood, and both the closer's and the customer's ratings", async () => {
    renderWithProviders(<InteractionSidePanel interaction={closed} />, { me: makeMe() });
    const panel = screen.getByTestId("interaction-side-panel");
    expect(within(panel).getByTestId("fact-started")).toHaveTextContent(formatDateTime(new Date(closed.started_at)));
    expect(within(panel).getByTestId("fact-first-response")).toHaveTextContent("(2 мин)");
    expect(within(panel).getByTestId("fact-duration")).toHaveTextContent("30 мин");
    expect(within(panel).getByTestId("fact-closed")).toHaveTextContent(formatDateTime(new Date("2026-11-21T08:30:00.000Z")));
    expect(within(panel).getByTestId("fact-mood")).toHaveTextContent("Баяртай");
    expect(within(panel).getByTestId("fact-closer-rating").querySelector("[aria-label='4']")).not.toBeNull();
    expect(within(panel).getByTestId("fact-customer-rating").querySelector("[aria-label='2']")).not.toBeNull();
    expect(within(panel).getByTestId("fact-customer-rating")).toHaveTextContent("Удаан хариулсан");
  });

  it("links the contact and lists their previous conversations beside the thread", async () => {
    renderWithProviders(<InteractionSidePanel interaction={closed} />, { me: makeMe() });
    expect(screen.getByRole("link", { name: "Харилцагчийг нээх" })).toHaveAttribute("href", "/contacts/5");
    expect(await screen.findByRole("link", { name: "Өмнөх асуулт" })).toHaveAttribute("href", "/interacts?id=40&tab=2");
  });
});

describe("inbox filters", () => {
  it("filters closed conversations by the customer's stars apart from the closer's rating", async () => {
    renderWithProviders(<InboxList status="closed" selected={null} onSelect={() => undefined} />, { me: makeMe() });
    await userEvent.click(screen.getByTestId("filter-customer-rating"));
    await userEvent.click(await screen.findByRole("option", { name: "★★★★★" }));
    await vi.waitFor(() => expect(mocked.get).toHaveBeenCalledWith("/api/interactions", expect.objectContaining({ customer_rating: "5" })));
    expect(mocked.get).not.toHaveBeenCalledWith("/api/interactions", expect.objectContaining({ rating: "5" }));
  });

  it("the assignee filter and the assign menu are different queries with different keys", () => {
    expect(inboxUserQueries.assigneeFilter().queryKey).not.toEqual(inboxUserQueries.assignable().queryKey);
  });
});

describe("conversation actions", () => {
  it("sends each action to its own route: taking over with nothing to say, returning to the queue with no one assigned", async () => {
    mocked.post.mockResolvedValue({});
    const open: InteractionView = { ...closed, status: "open", owner_type: "ai", closer: null, closed_at: null, can: everything };
    renderWithProviders(<InteractionActions interaction={open} />, { me: makeMe() });
    await userEvent.click(screen.getByTestId("take-over"));
    await vi.waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/interactions/41/take-over"));
    await userEvent.click(screen.getByRole("button", { name: "Хуваарилах" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Дараалалд буцаах" }));
    await vi.waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/interactions/41/assign", { user_id: null }));
  });

  it("offers exactly the actions the server's `can` allows, whatever the owner or status", async () => {
    const buttons = () => screen.queryAllByRole("button").map((button) => button.textContent);
    const shown = (can: Partial<InteractionView["can"]>) => {
      const view = renderWithProviders(<InteractionActions interaction={{ ...closed, can: { ...closed.can, tag: false, request_rating: false, ...can } }} />, {
        me: makeMe(),
      });
      const names = buttons();
      view.unmount();
      return names;
    };
    expect(shown({})).toEqual([]);
    // A closed conversation is still tagged and rated, as the server allows.
    expect(shown({ tag: true, request_rating: true })).toEqual(["Шошго", "Үнэлгээ хүсэх"]);
    expect(shown({ take_over: true, close: true })).toEqual(["Хариуцах", "Хаах"]);
    expect(shown({ ...everything })).toHaveLength(7);
  });
});
