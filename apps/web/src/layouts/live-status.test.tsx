import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../components/shared/test-utils.tsx";
import { useLiveReady } from "../lib/staff-socket.ts";
import { LiveStatusBanner } from "./LiveStatusBanner.tsx";

/** The tab's staff socket, as socket.io-client's `io()` hands it: handlers by event name. */
const sockets = vi.hoisted(() => ({ handlers: new Map<string, Set<(payload?: unknown) => void>>() }));
vi.mock("socket.io-client", () => ({
  io: () => ({
    connected: false,
    on: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.set(name, (sockets.handlers.get(name) ?? new Set()).add(handler)),
    off: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.get(name)?.delete(handler),
    connect: () => undefined,
    close: () => sockets.handlers.clear(),
  }),
}));
const push = (name: string, payload?: unknown) => {
  for (const handler of sockets.handlers.get(name) ?? []) handler(payload);
};

/** A screen on the socket (the inbox, the layout's alerts) with the layout's banner. */
function Screen() {
  useLiveReady();
  return <LiveStatusBanner />;
}

describe("the live updates banner", () => {
  it("says nothing while connecting or connected, and names the reason whenever live updates are down", async () => {
    renderWithProviders(<Screen />, { me: makeMe() });
    await vi.waitFor(() => expect(sockets.handlers.get("connect_error")?.size).toBeGreaterThan(0));
    expect(screen.queryByTestId("live-banner")).toBeNull();

    // The server refused this page's address at the handshake.
    push("connect_error", new Error("origin_not_allowed"));
    const refused = await screen.findByTestId("live-banner");
    expect(refused).toHaveAttribute("data-reason", "origin");
    expect(refused).toHaveTextContent(`Сервер ${window.location.origin} хаягаар нээсэн хуудсанд шууд шинэчлэлт өгөхгүй байна.`);

    push("connect");
    await vi.waitFor(() => expect(screen.queryByTestId("live-banner")).toBeNull());

    // The network went away: socket.io tries again, and the banner says so until it is back.
    push("disconnect", "transport close");
    expect(await screen.findByTestId("live-banner")).toHaveAttribute("data-reason", "unreachable");
    expect(screen.getByTestId("live-banner")).toHaveTextContent("Сервертэй холбогдож чадахгүй байна");
    push("connect");
    await vi.waitFor(() => expect(screen.queryByTestId("live-banner")).toBeNull());

    // Signed out elsewhere: the server ended the connection; a failed sign-in check is the session's reason.
    push("disconnect", "io server disconnect");
    expect(await screen.findByTestId("live-banner")).toHaveAttribute("data-reason", "ended");
    push("connect_error", new Error("unauthorized"));
    await vi.waitFor(() => expect(screen.getByTestId("live-banner")).toHaveAttribute("data-reason", "session"));
  });
});
