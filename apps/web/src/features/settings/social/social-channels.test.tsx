import type { ChannelView, MessengerChannelView, ViberChannelView, VirtualAgentView } from "@holboo/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { isValidElement } from "react";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { ChannelsConfigPage } from "../channels/ChannelsConfigPage.tsx";
import { settingsRoutes } from "../routes.tsx";
import { answerGets, list } from "../test-fixtures.ts";
import { SocialChannelsPage } from "./SocialChannelsPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const base = { description: "", active: true, agent_id: null, agent_active: false, created_at: "2026-11-01T00:00:00.000Z" };
const viber: ViberChannelView = {
  ...base,
  id: 5,
  type: "viber",
  name: "Viber бот",
  number: "holbooshop",
  bot_name: "Holboo Shop",
  bot_uri: "holbooshop",
  avatar: null,
  welcome: "Сайн байна уу!",
  awaiting_approval: true,
};
const messenger: MessengerChannelView = {
  ...base,
  id: 6,
  type: "messenger",
  name: "Facebook",
  number: "Номын дэлгүүр",
  page_id: "42",
  page_name: "Номын дэлгүүр",
};
const webchat: ChannelView = { ...base, id: 7, type: "webchat", name: "Сайтын чат", number: null };
const agent = { id: 3, name: "Номин туслах", agent_type: "social_agent", active: true } as VirtualAgentView;

beforeEach(() => {
  vi.resetAllMocks();
  answerGets(mocked.get, {
    "/api/company/1/channel": list<ChannelView>([viber, messenger, webchat]),
    "/api/viber-channels/5": viber,
    "/api/messenger-channels/6": messenger,
    "/api/company/virtual-agents": list([agent]),
  });
  mocked.put.mockImplementation((_path: string, body: unknown) => Promise.resolve({ ...viber, ...(body as object) }));
});

describe("social channels settings", () => {
  it("shows a Viber bot waiting for Viber's approval until an admin marks it approved", async () => {
    renderWithProviders(<SocialChannelsPage />, { me: makeMe(), path: "/settings/social" });
    expect(await screen.findByTestId("viber-awaiting-badge")).toHaveTextContent("Viber-ийн зөвшөөрөл хүлээж байна");
    await userEvent.click(screen.getByTestId("viber-approve"));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/viber-channels/5", {
        name: "Viber бот",
        description: "",
        agent_id: null,
        agent_active: false,
        welcome: "Сайн байна уу!",
        awaiting_approval: false,
      }),
    );
  });

  it("edits a Messenger Page's channel: its name and the virtual agent that answers first", async () => {
    renderWithProviders(<SocialChannelsPage />, { me: makeMe(), path: "/settings/social" });
    await userEvent.click(await screen.findByTestId("social-edit-messenger"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Facebook хуудас: Номын дэлгүүр")).toBeInTheDocument();
    const name = within(dialog).getByTestId("social-edit-name");
    await userEvent.clear(name);
    await userEvent.type(name, "Дэлгүүрийн хуудас");
    await userEvent.click(within(dialog).getByTestId("social-edit-agent"));
    await userEvent.click(await screen.findByRole("option", { name: "Номин туслах" }));
    await userEvent.click(within(dialog).getByTestId("social-edit-agent-active"));
    await userEvent.click(within(dialog).getByTestId("social-edit-save"));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/messenger-channels/6", { name: "Дэлгүүрийн хуудас", description: "", agent_id: 3, agent_active: true }),
    );
  });

  it("opens the guide to making Holboo the Page's primary receiver", async () => {
    renderWithProviders(<SocialChannelsPage />, { me: makeMe(), path: "/settings/social" });
    await userEvent.click(await screen.findByTestId("handover-guide-open"));
    expect(await screen.findByTestId("handover-guide")).toHaveTextContent("Primary Receiver");
  });
});

describe("/settings/channels_config and /settings/channel_manage", () => {
  it("lists every channel with a link to its own settings page", async () => {
    renderWithProviders(<ChannelsConfigPage />, { me: makeMe(), path: "/settings/channels_config" });
    const table = await screen.findByTestId("channels-config-table");
    await within(table).findByText("Viber бот");
    expect(within(table).getByRole("link", { name: "Viber бот" })).toHaveAttribute("href", "/settings/social");
    expect(within(table).getByRole("link", { name: "Сайтын чат" })).toHaveAttribute("href", "/settings/web_chat");
    expect(screen.getByTestId("channels-config-social")).toHaveTextContent("Холбох, засах");
  });

  it("are both routes, the second leading to the first", async () => {
    const paths = settingsRoutes.map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(["channels_config", "channel_manage"]));
    const manage = settingsRoutes.find((route) => route.path === "channel_manage")?.element;
    expect(isValidElement(manage)).toBe(true);
    renderWithProviders(
      <Routes>
        <Route path="/settings/channel_manage" element={manage} />
        <Route path="/settings/channels_config" element={<p>overview</p>} />
      </Routes>,
      { me: makeMe(), path: "/settings/channel_manage" },
    );
    expect(await screen.findByText("overview")).toBeInTheDocument();
  });
});
