import type { InteractionEventView } from "@holboo/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { alertFor, deliverAlert } from "./alerts.ts";
import { FeedbackDialog } from "./FeedbackDialog.tsx";
import { NotificationSettings } from "./NotificationSettings.tsx";
import { tabTitle } from "./notifications.queries.ts";
import { HelpMenu } from "./HelpMenu.tsx";
import { LiveAlerts, readingInteraction } from "./LiveAlerts.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));

/** The staff socket, as socket.io-client's `io()` hands it: handlers by event name, and what closed it. */
const sockets = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>(), closed: 0 }));
vi.mock("socket.io-client", () => ({
  io: () => ({
    on: (name: string, handler: (payload: unknown) => void) => sockets.handlers.set(name, handler),
    off: (name: string) => sockets.handlers.delete(name),
    close: () => {
      sockets.closed += 1;
    },
  }),
}));
const mocked = vi.mocked(http);

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/me/notifications": { sound: true, browser: false },
    "/api/interactions/unread": { conversations: 2, messages: 5 },
    "/api/me/tour": { status: "new", step: 0 },
  });
});
afterEach(() => vi.unstubAllGlobals());

const inbound = (seq: number, interactionId = 7): InteractionEventView =>
  ({
    interaction_id: interactionId,
    seq,
    type: "message.created",
    created_at: new Date().toISOString(),
    payload: { message: { direction: "in", sender_type: "contact", sender: { id: null, name: "Сарнай" }, text: "Сайн уу" } },
  }) as unknown as InteractionEventView;

describe("alerts for new conversations and messages", () => {
  it("alert for a customer's message, a first one as a new conversation, but not for the one being read in a visible tab", () => {
    expect(alertFor(inbound(1), null, true)).toMatchObject({ kind: "conversation", name: "Сарнай" });
    expect(alertFor(inbound(5), 3, true)).toMatchObject({ kind: "message" });
    expect(alertFor(inbound(5, 3), 3, true)).toBeNull();
    expect(alertFor(inbound(5, 3), 3, false)).toMatchObject({ kind: "message" });
  });

  it("play the sound and show the browser notification only as the person chose", () => {
    const oscillators: unknown[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const tone = { frequency: { value: 0 }, connect: (next: unknown) => next, start() {}, stop() {} };
        oscillators.push(tone);
        return tone;
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next: unknown) => next };
      }
      close() {
        return Promise.resolve();
      }
    }
    const shown: string[] = [];
    class FakeNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    vi.stubGlobal("Notification", FakeNotification);
    const alert = alertFor(inbound(1), null, true);
    if (!alert) throw new Error("no alert");
    deliverAlert(alert, { sound: false, browser: false }, "Шинэ харилцаа", () => undefined);
    expect(oscillators).toHaveLength(0);
    expect(shown).toEqual([]);
    deliverAlert(alert, { sound: true, browser: true }, "Шинэ харилцаа", () => undefined);
    expect(oscillators.length).toBeGreaterThan(0);
    expect(shown).toEqual(["Шинэ харилцаа"]);
  });

  it("work on every page: the tab counts unread conversations and a customer's message alerts outside the inbox", async () => {
    const shown: string[] = [];
    class FakeNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    vi.stubGlobal("Notification", FakeNotification);
    answerGets(mocked.get, { "/api/me/notifications": { sound: false, browser: true }, "/api/interactions/unread": { conversations: 2, messages: 5 } });
    document.title = "Holboo";
    const { unmount } = renderWithProviders(<LiveAlerts />, { me: makeMe(), path: "/contacts" });
    // The count is fetched once the socket is up (pushes keep it fresh from then on).
    await vi.waitFor(() => expect(sockets.handlers.has("connect")).toBe(true));
    sockets.handlers.get("connect")?.(undefined);
    await vi.waitFor(() => expect(document.title).toBe("(2) Holboo"));
    await vi.waitFor(() => expect(mocked.get).toHaveBeenCalledWith("/api/me/notifications"));
    const calls = () => mocked.get.mock.calls.filter(([path]) => path === "/api/interactions/unread").length;
    const before = calls();
    sockets.handlers.get("interaction.event")?.(inbound(1));
    await vi.waitFor(() => expect(shown).toEqual(["Шинэ харилцаа: Сарнай"]));
    await vi.waitFor(() => expect(calls()).toBeGreaterThan(before));
    unmount();
    expect(document.title).toBe("Holboo");
    await vi.waitFor(() => expect(sockets.closed).toBeGreaterThan(0));
    expect(readingInteraction("/interacts", "?tab=1&id=7")).toBe(7);
    expect(readingInteraction("/contacts", "?id=7")).toBeNull();
  });

  it("the tab's title counts unread conversations", () => {
    expect(tabTitle("Holboo", 3)).toBe("(3) Holboo");
    expect(tabTitle("Holboo", 0)).toBe("Holboo");
  });

  it("each switch is saved as the person's own preference", async () => {
    mocked.put.mockResolvedValueOnce({ sound: false, browser: false });
    renderWithProviders(<NotificationSettings />, { me: makeMe() });
    const sound = await screen.findByRole("switch", { name: "Шинэ харилцаа, мессеж ирэхэд дуу гаргах" });
    await vi.waitFor(() => expect(sound).toBeEnabled());
    expect(sound).toBeChecked();
    await userEvent.click(sound);
    expect(mocked.put).toHaveBeenCalledWith("/api/me/notifications", { sound: false, browser: false });
  });
});

describe("feedback dialog", () => {
  it("asks for a category and details, sends them, then thanks", async () => {
    mocked.post.mockResolvedValueOnce({ id: 1, category: "appreciation", details: "Сайн", has_screenshot: false, created_at: "" });
    renderWithProviders(<FeedbackDialog onClose={() => undefined} />, { me: makeMe() });
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Илгээх" }));
    expect(mocked.post).not.toHaveBeenCalled();
    expect(await within(dialog).findAllByText("Утга оруулна уу.")).not.toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId("feedback-category"));
    await userEvent.click(await screen.findByRole("option", { name: "Талархал" }));
    await userEvent.type(within(dialog).getByTestId("feedback-details"), "Маш хялбар байна");
    await userEvent.click(within(dialog).getByRole("button", { name: "Илгээх" }));
    expect(await screen.findByTestId("feedback-thanks")).toHaveTextContent("Баярлалаа!");
    expect(mocked.post).toHaveBeenCalledWith("/api/feedback", { category: "appreciation", details: "Маш хялбар байна", screenshot_file_id: null });
  });
});

describe("help menu and guided tour", () => {
  it("offers the tour once to a new person, and remembers a later", async () => {
    mocked.put.mockResolvedValueOnce({ status: "dismissed", step: 0 });
    renderWithProviders(<HelpMenu offer />, { me: makeMe() });
    expect(await screen.findByTestId("tour-offer")).toHaveTextContent("8 алхамт");
    await userEvent.click(screen.getByTestId("tour-later"));
    expect(mocked.put).toHaveBeenCalledWith("/api/me/tour", { status: "dismissed", step: 0 });
    await vi.waitFor(() => expect(screen.queryByTestId("tour-offer")).toBeNull());
  });

  it("resumes a closed tour at its step or restarts it, from the help menu", async () => {
    answerGets(mocked.get, { "/api/me/tour": { status: "running", step: 4 }, "/api/interactions/unread": { conversations: 0, messages: 0 } });
    renderWithProviders(<HelpMenu offer />, { me: makeMe() });
    await userEvent.click(screen.getByTestId("help-menu"));
    expect(await screen.findByTestId("tour-resume")).toHaveTextContent("Аяллыг үргэлжлүүлэх (5/8)");
    expect(screen.getByTestId("tour-start")).toHaveTextContent("Аяллыг эхнээс нь үзэх");
    expect(screen.getByTestId("help-guide")).toHaveAttribute("href", "/guide");
    expect(screen.queryByTestId("tour-offer")).toBeNull();
  });
});

describe("guide", () => {
  it("has the general, staff and interactions guides written for these screens, in mn and en", async () => {
    const { GuidePage } = await import("./GuidePage.tsx");
    const { default: en } = await import("../../i18n/locales/en/guide.json");
    renderWithProviders(<GuidePage />, { me: makeMe() });
    expect(await screen.findByRole("heading", { name: "Гарын авлага" })).toBeInTheDocument();
    expect(screen.getByTestId("guide-general")).toHaveTextContent("Мэдлэгийн сан");
    await userEvent.click(screen.getByTestId("guide-tab-interactions"));
    expect(await screen.findByTestId("guide-interactions")).toHaveTextContent("Үнэлгээ хүсэх");
    expect(en.interactions.map((part) => part.h)).toContain("The details panel");
  });

  it("plays the recordings and shows the PDF in the reader's language, with a download link", async () => {
    const { GuidePage } = await import("./GuidePage.tsx");
    renderWithProviders(<GuidePage />, { me: makeMe() });
    await userEvent.click(await screen.findByTestId("guide-tab-video"));
    expect(await screen.findByTestId("guide-video-tour")).toHaveAttribute("src", "/guides/tour-mn.webm");
    expect(screen.getByTestId("guide-video-answer")).toHaveAttribute("src", "/guides/answer-mn.webm");
    await userEvent.click(screen.getByTestId("guide-tab-pdf"));
    expect(await screen.findByTestId("guide-pdf-download")).toHaveAttribute("href", "/guides/holboo-guide-mn.pdf");
    expect(screen.getByTitle("Гарын авлага (PDF)")).toHaveAttribute("src", "/guides/holboo-guide-mn.pdf");
  });
});
