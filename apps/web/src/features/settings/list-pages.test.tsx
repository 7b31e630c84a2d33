import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { CustomApiPage } from "./flows/CustomApiPage.tsx";
import { FlowsPage } from "./flows/FlowsPage.tsx";
import { SocialChannelsPage } from "./social/SocialChannelsPage.tsx";
import { answerGets, list } from "./test-fixtures.ts";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("./test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("./test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

beforeEach(() => {
  vi.resetAllMocks();
  answerGets(mocked.get, { "/api/flows": list([]), "/api/custom-api": list([]), "/api/company/1/channel": list([]) });
});

// These lists showed the failed-load state ('Мэдээлэл олдсонгүй!' with a retry) when they were simply empty.
describe("settings lists that are simply empty", () => {
  it("flows: a calm empty state whose action opens the new flow dialog", async () => {
    renderWithProviders(<FlowsPage />, { me: makeMe() });
    const empty = await screen.findByTestId("list-empty");
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
    await userEvent.click(within(empty).getByRole("button", { name: "Урсгал үүсгэх" }));
    expect(await screen.findByTestId("flow-title")).toBeInTheDocument();
  });

  // The endpoint dialog's autosizing textarea does not mount in jsdom, so only the action is checked here.
  it("custom API: a calm empty state with the action that adds an endpoint", async () => {
    renderWithProviders(<CustomApiPage />, { me: makeMe() });
    const empty = await screen.findByTestId("list-empty");
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
    expect(within(empty).getByRole("button", { name: "API холболт нэмэх" })).toBeEnabled();
  });

  it("social channels: a calm empty state pointing to the connect buttons", async () => {
    renderWithProviders(<SocialChannelsPage />, { me: makeMe(), path: "/settings/social" });
    expect(await screen.findByTestId("list-empty")).toHaveTextContent("Messenger хуудас эсвэл Viber бот холбоно уу");
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
  });

  it("a failed load still says so and retries", async () => {
    mocked.get.mockRejectedValueOnce(new Error("offline"));
    renderWithProviders(<FlowsPage />, { me: makeMe() });
    await userEvent.click(await screen.findByRole("button", { name: "Дахин оролдох" }));
    expect(await screen.findByTestId("list-empty")).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledTimes(2);
  });
});
