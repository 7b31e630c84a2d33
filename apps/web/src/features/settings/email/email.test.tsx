import type { EmailChannelView } from "@holboo/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { answerGets, list } from "../test-fixtures.ts";
import { EmailChannelsPage } from "./EmailChannelsPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);
beforeEach(() => vi.clearAllMocks());
// jsdom has no font loading, which the signature's autosizing textarea listens to.
Object.defineProperty(document, "fonts", { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });

const mailbox: EmailChannelView = {
  id: 5,
  type: "email",
  name: "Тусламж",
  number: null,
  description: "",
  active: true,
  agent_id: null,
  agent_active: false,
  created_at: "2026-11-01T00:00:00.000Z",
  address: "help@nomin.mn",
  imap_host: "imap.nomin.mn",
  imap_port: 993,
  imap_tls: "tls",
  smtp_host: "smtp.nomin.mn",
  smtp_port: 465,
  smtp_tls: "tls",
  auth: "password",
  username: "help@nomin.mn",
  signature: "",
  copy_to_sent: true,
  agent_mode: "answer",
  state: "connected",
  last_error: null,
  last_sync_at: null,
};

describe("mail settings", () => {
  it("lists the mailboxes and saves an edited one with its password kept (sent empty)", async () => {
    answerGets(mocked.get, { "/api/company/1/channel/emails": list([mailbox]), "/api/company/virtual-agents": list([]) });
    mocked.put.mockResolvedValue(mailbox);
    renderWithProviders(<EmailChannelsPage />, { me: makeMe() });
    const table = await screen.findByTestId("email-channels");
    expect(within(table).getByText("help@nomin.mn")).toBeInTheDocument();
    await userEvent.click(within(table).getByRole("button", { name: "Засах" }));
    expect(screen.getByTestId("email-imap-host")).toHaveValue("imap.nomin.mn");
    await userEvent.clear(screen.getByTestId("email-name"));
    await userEvent.type(screen.getByTestId("email-name"), "Борлуулалт");
    await userEvent.click(screen.getByTestId("email-save"));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/email-channels/5", expect.objectContaining({ name: "Борлуулалт", password: "", imap_port: 993 })),
    );
    await waitFor(() => expect(screen.queryByTestId("email-save")).toBeNull());
  });

  it("shows the calm empty state with the add action for a company with no mailbox", async () => {
    answerGets(mocked.get, { "/api/company/1/channel/emails": list([]), "/api/company/virtual-agents": list([]) });
    renderWithProviders(<EmailChannelsPage />, { me: makeMe() });
    expect(await screen.findByText("Холбосон мэйл хайрцаг алга.")).toBeInTheDocument();
  });
});
