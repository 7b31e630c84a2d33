import type { CallMonitorView } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../components/shared/test-utils.tsx";
import { api } from "../../lib/api.ts";
import { http } from "../../lib/http.ts";
import { callKeys } from "./calls.keys.ts";
import { useCallUpdates } from "./calls.queries.ts";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const sockets = vi.hoisted(() => ({ handlers: new Map<string, Set<(payload?: unknown) => void>>() }));
vi.mock("socket.io-client", () => ({
  io: () => ({
    connected: false,
    on: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.set(name, (sockets.handlers.get(name) ?? new Set()).add(handler)),
    off: (name: string, handler: (payload?: unknown) => void) => sockets.handlers.get(name)?.delete(handler),
    emit: () => undefined,
    close: () => sockets.handlers.clear(),
  }),
}));
const push = (name: string) => {
  for (const handler of sockets.handlers.get(name) ?? []) handler({});
};

const monitor = (answered: number): CallMonitorView => ({
  now: "2026-11-26T08:00:00.000Z",
  pbx: null,
  waiting: [],
  in_menu: [],
  talking: [],
  today: { answered, missed: 0, abandoned: 0, avg_wait_seconds: 0, avg_talk_seconds: 0, answered_within_seconds: 20, service_level: null },
  lines: [],
});

function Monitor() {
  useCallUpdates();
  const query = useQuery({ queryKey: callKeys.monitor(null), queryFn: () => api.get("/api/call-center/monitor") });
  return <div>{query.data ? query.data.today.answered : "-"}</div>;
}

describe("call updates on a busy monitor", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sockets.handlers.clear();
  });

  it("makes one refresh for a burst of changes, and ends on the state after the last one", async () => {
    const answers: Array<(view: CallMonitorView) => void> = [];
    mocked.get.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    renderWithProviders(<Monitor />);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!(monitor(1));
    await screen.findByText("1");
    await waitFor(() => expect(sockets.handlers.get("call.updated")?.size).toBe(1));
    for (let change = 0; change < 20; change++) push("call.updated");
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(monitor(5));
    // The changes that came during that refresh make exactly one more, whose answer stays on screen.
    await waitFor(() => expect(answers).toHaveLength(3));
    answers[2]!(monitor(20));
    await screen.findByText("20");
    expect(mocked.get).toHaveBeenCalledTimes(3);
    expect(mocked.get).toHaveBeenCalledWith("/api/call-center/monitor");
  });
});
