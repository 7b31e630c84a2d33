import type { IssueDetailView, IssueSettingView, IssueView, MessageView } from "@holboo/core";
import { Route, Routes } from "react-router";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { MessageBubble } from "../interacts/MessageBubble.tsx";
import { IssueSettingsPage } from "../settings/library/IssueSettingsPage.tsx";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { IssueComments } from "./IssueComments.tsx";
import { IssueDetailPage } from "./IssueDetailPage.tsx";
import { IssuesPage } from "./IssuesPage.tsx";
import { IssueFormModal } from "./IssueFormModal.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);
beforeEach(() => vi.clearAllMocks());

const tag: IssueSettingView = { id: 3, kind: "tag", name: "Төлбөр", description: "", color: "#fa5252", created_at: "2026-11-23T10:00:00.000Z" };
const pickers = {
  "/api/issue-types": list([]),
  "/api/issue-tags": list([tag]),
  "/api/issue-reasons": list([{ ...tag, id: 4, kind: "reason", name: "Хүргэлт хоцорсон", color: null }]),
  "/api/issue-options/people": list([{ id: 1, name: "Болд Бат" }]),
  "/api/issue-options/contacts": list([]),
  "/api/company/1/channel": list([{ id: 9, name: "Вэб чат" }]),
};

describe("issue settings page", () => {
  it("lists tags with their colour and adds one after checking the name", async () => {
    answerGets(mocked.get, { "/api/issue-tags": list([tag]) });
    mocked.post.mockResolvedValueOnce({ ...tag, id: 5, name: "Буцаалт" });
    renderWithProviders(<IssueSettingsPage kind="tag" />, { me: makeMe() });
    expect(await screen.findByText("Төлбөр")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Шошго нэмэх" }));
    await userEvent.type(screen.getByLabelText("Нэр"), "Б");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    expect(await screen.findByText("Нэр хэт богино байна.")).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Нэр"), "уцаалт");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/issue-tags", { name: "Буцаалт", description: "", color: "#228be6" }));
  });
});

describe("issue from a customer's message bubble", () => {
  const message = (direction: "in" | "out"): MessageView => ({
    id: 1,
    interaction_id: 7,
    seq: 1,
    direction,
    sender_type: direction === "in" ? "contact" : "user",
    sender: { id: null, name: "" },
    text: "Захиалга ирээгүй",
    attachments: [],
    status: "sent",
    is_bot: false,
    is_private: false,
    client_id: null,
    sent_via: null,
    created_at: "2026-11-23T10:00:00.000Z",
  });

  it("shows the plus button only on the customer's side", () => {
    const onCreate = vi.fn();
    renderWithProviders(
      <>
        <MessageBubble message={message("in")} onCreateIssue={onCreate} />
        <MessageBubble message={message("out")} onCreateIssue={onCreate} />
      </>,
    );
    expect(screen.getAllByTestId("bubble-create-issue")).toHaveLength(1);
  });

  it("opens the form prefilled with contact, channel, interaction and text; the reason fills the name", async () => {
    answerGets(mocked.get, pickers);
    mocked.post.mockResolvedValueOnce({ id: 1 });
    renderWithProviders(
      <IssueFormModal
        prefill={{ contact: { id: 12, name: "Сараа" }, channel_id: 9, interaction_id: 7, description: "Захиалга ирээгүй" }}
        onClose={() => undefined}
      />,
      { me: makeMe() },
    );
    expect(await screen.findByDisplayValue("Захиалга ирээгүй")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText("Нэр, и-мэйл эсвэл утас бичнэ үү")).toHaveValue("Сараа"));
    await userEvent.type(screen.getByLabelText(/^Нэр/), "Аа");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    expect(await screen.findByText("Хүсэлтийн нэр хэт богино байна.")).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Нэр/));
    await userEvent.click(screen.getAllByLabelText(/^Шалтгаан/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole("option", { name: "Хүргэлт хоцорсон" }));
    expect(screen.getByLabelText(/^Нэр/)).toHaveValue("Хүргэлт хоцорсон");
    await userEvent.click(screen.getByRole("button", { name: "Хадгалах" }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        "/api/issues",
        expect.objectContaining({
          name: "Хүргэлт хоцорсон",
          reason_id: 4,
          contact_id: 12,
          channel_id: 9,
          interaction_id: 7,
          description: "Захиалга ирээгүй",
          priority: "medium",
          status: "open",
          assignee_id: 1,
        }),
      ),
    );
  });
});

describe("issue comments", () => {
  const issue = {
    id: 5,
    number: 5,
    name: "Захиалга хоцорсон",
    reason: null,
    type: null,
    tags: [],
    priority: "high",
    status: "open",
    description: "",
    contact: { id: 12, name: "Сараа" },
    channel: null,
    interaction_id: null,
    assignee: null,
    created_by: null,
    registered_at: "2026-11-23T10:00:00.000Z",
    due_at: null,
    ended_at: null,
    attachments: [],
    updated_at: "2026-11-23T10:00:00.000Z",
    can: { edit: true, change_status: true, assign: false, comment: true, delete: false },
    comments: [],
    history: [],
  } satisfies IssueDetailView;

  it("typing @ suggests colleagues; the picked ones still in the text are sent as mentions", async () => {
    answerGets(mocked.get, {
      "/api/issue-options/people": list([
        { id: 1, name: "Болд Бат" },
        { id: 2, name: "Сараа Бат" },
        { id: 3, name: "Дорж Сүх" },
      ]),
    });
    mocked.post.mockResolvedValueOnce({});
    renderWithProviders(<IssueComments issue={issue} />, { me: makeMe() });
    const box = screen.getByRole("textbox", { name: "Сэтгэгдэл бичих" });
    await userEvent.type(box, "Шалгаарай @са");
    await userEvent.click(await screen.findByRole("option", { name: "@Сараа Бат" }));
    expect(box).toHaveValue("Шалгаарай @Сараа Бат ");
    expect(screen.queryByRole("option", { name: "@Болд Бат" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Илгээх" }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/issues/5/comments", { body: "Шалгаарай @Сараа Бат", mention_ids: [2] }));
  });
});

const resolvedIssue: IssueView = {
  id: 7,
  number: 42,
  name: "Нууц үг сэргээх",
  reason: null,
  type: null,
  tags: [{ id: 3, name: "Төлбөр", color: "#fa5252" }],
  priority: "urgent",
  status: "resolved",
  description: "",
  contact: { id: 12, name: "" },
  channel: { id: 9, name: "Вэб чат" },
  interaction_id: null,
  assignee: { id: 1, name: "Болд Бат" },
  created_by: { id: 1, name: "Болд Бат" },
  registered_at: "2026-11-20T10:00:00.000Z",
  due_at: null,
  ended_at: "2026-11-21T10:00:00.000Z",
  attachments: [],
  updated_at: "2026-11-21T10:00:00.000Z",
  can: { edit: true, change_status: true, assign: true, comment: true, delete: true },
};
const noAbilities = { edit: false, change_status: false, assign: false, comment: false, delete: false };

describe("issues list", () => {
  it("shows the number, name, tags and an unnamed customer, and filters by status", async () => {
    const calls: unknown[] = [];
    answerGets(mocked.get, {
      ...pickers,
      "/api/issues": (query: unknown) => {
        calls.push(query);
        return list([resolvedIssue]);
      },
    });
    renderWithProviders(<IssuesPage />, { me: makeMe() });
    expect(await screen.findByText("#42")).toBeInTheDocument();
    expect(screen.getByText("Зочин #12")).toBeInTheDocument();
    expect(screen.getByTestId("issue-status")).toHaveTextContent("Шийдвэрлэсэн");
    await userEvent.click(screen.getAllByLabelText("Төлөв")[0] as HTMLElement);
    await userEvent.click(await screen.findByRole("option", { name: "Шийдвэрлэсэн" }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ status: "resolved", page: 1 }));
  });
});

describe("issue detail", () => {
  const detail: IssueDetailView = {
    ...resolvedIssue,
    comments: [],
    history: [
      { id: 1, type: "status_changed", actor: { id: 1, name: "Болд Бат" }, payload: { from: "open", to: "resolved" }, created_at: "2026-11-21T10:00:00.000Z" },
    ],
  };
  /** The page for an issue with the given `can`, for a member whose own permission list would allow everything. */
  const page = (can: IssueDetailView["can"]) => {
    answerGets(mocked.get, { ...pickers, "/api/issues/7": { ...detail, can } });
    return renderWithProviders(
      <Routes>
        <Route path="/issues/:id" element={<IssueDetailPage />} />
      </Routes>,
      { me: makeMe(), path: "/issues/7" },
    );
  };

  it("offers the moves the lifecycle allows from the status, and writes the history in words", async () => {
    mocked.post.mockResolvedValueOnce({});
    page({ ...noAbilities, edit: true, change_status: true, comment: true });
    expect(await screen.findByText("Болд Бат төлөвийг Нээлттэй-с Шийдвэрлэсэн болгов")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Хаах" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ажиллаж эхлэх" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Устгах" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Дахин нээх" }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/issues/7/status", { status: "open" }));
  });

  it("a reader whose `can` allows nothing gets no actions and no comment box", async () => {
    page(noAbilities);
    expect(await screen.findByText("Нууц үг сэргээх")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Хаах" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Сэтгэгдэл бичих" })).not.toBeInTheDocument();
  });

  it("offers exactly what `can` allows: delete and assign without edit", async () => {
    page({ ...noAbilities, assign: true, delete: true });
    expect(await screen.findByText("Нууц үг сэргээх")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Устгах" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Хариуцагч болгох" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Хүсэлт засах" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Дахин нээх" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Сэтгэгдэл бичих" })).not.toBeInTheDocument();
  });
});
