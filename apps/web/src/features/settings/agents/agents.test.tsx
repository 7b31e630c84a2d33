import type { AgentView, ChannelView, FolderView } from "@holboo/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import { answerGets, list } from "../test-fixtures.ts";
import { agentKeys } from "./agents.keys.ts";
import { VirtualAgentsPage } from "./VirtualAgentsPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const agent = (overrides: Partial<AgentView>): AgentView => ({
  id: 1,
  name: "Номин туслах",
  photo_url: null,
  agent_type: "social_agent",
  is_primary: true,
  active: true,
  created_at: "2026-11-01T00:00:00.000Z",
  channels: [],
  folders: [],
  flows: [],
  removable: false,
  ...overrides,
});
const channel = (overrides: Partial<ChannelView>): ChannelView => ({
  id: 9,
  type: "webchat",
  name: "Сайтын чат",
  number: null,
  description: "",
  active: true,
  agent_id: null,
  agent_active: false,
  created_at: "2026-11-01T00:00:00.000Z",
  ...overrides,
});
const folder: FolderView = { id: 4, name: "Хүргэлт", parent_id: null, agent_ids: [1], article_count: 0 };

const primary = agent({ folders: [{ id: 4, name: "Хүргэлт" }], channels: [{ id: 10, name: "Messenger", type: "messenger", active: true }] });
const saraa = agent({
  id: 2,
  name: "Сараа",
  is_primary: false,
  removable: true,
  folders: [{ id: 4, name: "Хүргэлт" }],
  flows: [{ id: 7, title: "Захиалга", status: "draft" }],
});

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/virtual-agents": { items: [primary, saraa] },
    "/api/company/1/channel": { items: [channel({}), channel({ id: 10, type: "messenger", name: "Messenger", agent_id: 1, agent_active: true })] },
    "/api/knowledge/folders": list([folder]),
    "/api/company/virtual-agents": { items: [{ id: 2, name: "Сараа", agent_type: "social_agent", is_primary: false, active: true }] },
  });
});

describe("virtual agents page", () => {
  it("lists agents with what they serve, linked; the primary cannot be deleted", async () => {
    renderWithProviders(<VirtualAgentsPage />, { me: makeMe() });
    const primaryRow = await screen.findByTestId("agent-row-1");
    expect(within(primaryRow).getByText("Үндсэн")).toBeInTheDocument();
    expect(within(primaryRow).getByTestId("agent-delete-1")).toBeDisabled();
    const row = screen.getByTestId("agent-row-2");
    expect(within(row).getByText("Нэмэлт")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Захиалга" })).toHaveAttribute("href", "/settings/flow/7");
    expect(within(row).getByRole("link", { name: "Хүргэлт" })).toHaveAttribute("href", "/knowledge?folder=4");
    expect(within(row).getByTestId("agent-delete-2")).toBeEnabled();
  });

  it("hides the changes from a reader", async () => {
    renderWithProviders(<VirtualAgentsPage />, { me: makeMe({ role: "manager", permissions: ["settings.view"] }) });
    await screen.findByTestId("agent-row-1");
    expect(screen.queryByTestId("add-agent")).toBeNull();
    expect(screen.queryByTestId("agent-edit-1")).toBeNull();
  });

  it("adds an agent: the name is required, a channel another agent has started cannot be chosen", async () => {
    mocked.post.mockResolvedValue(agent({ id: 3, name: "Бат", is_primary: false }));
    renderWithProviders(<VirtualAgentsPage />, { me: makeMe() });
    fireEvent.click(await screen.findByTestId("add-agent"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByTestId("agent-save"));
    expect(await within(dialog).findByText("Утга оруулна уу.")).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByTestId("agent-name"), "Бат");
    expect(within(dialog).getByRole("checkbox", { name: "Messenger" })).toBeDisabled();
    expect(within(dialog).getByText(/«Номин туслах» хариулж байна/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Сайтын чат" }));
    fireEvent.click(within(dialog).getByTestId("agent-save"));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith("/api/virtual-agents", {
        name: "Бат",
        agent_type: "social_agent",
        active: true,
        channels: [{ channel_id: 9, active: true }],
        folder_ids: [],
      }),
    );
  });

  it("the channel forms' agent picker reads its own short list, not the agents page's cache", async () => {
    const { client } = renderWithProviders(
      <>
        <VirtualAgentsPage />
        <ChannelAgentSelect value={null} onChange={() => undefined} />
      </>,
      { me: makeMe() },
    );
    await screen.findByTestId("agent-row-1");
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith("/api/company/virtual-agents"));
    expect(mocked.get).toHaveBeenCalledWith("/api/virtual-agents");
    expect(client.getQueryData(agentKeys.all)).toEqual({ items: [primary, saraa] });
  });

  it("deletes an agent handing its folders to the primary by default", async () => {
    mocked.del.mockResolvedValue({ ok: true });
    renderWithProviders(<VirtualAgentsPage />, { me: makeMe() });
    fireEvent.click(await screen.findByTestId("agent-delete-2"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Түүний 1 урсгал устана.")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId("agent-delete-confirm"));
    await waitFor(() => expect(mocked.del).toHaveBeenCalledWith("/api/virtual-agents/2", { transfer_to: 1 }));
  });
});
