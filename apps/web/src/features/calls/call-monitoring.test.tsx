import type { CallCenterView, CallMinutesView, CallMonitorView, CallView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { CallCenterSettingsPage } from "./CallCenterSettingsPage.tsx";
import { CallMonitoringPage } from "./CallMonitoringPage.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const noMinutes: CallMinutesView = { from: "2026-11-25T16:00:00.000Z", started: [0], answered: [0], missed: [0], abandoned: [0], max_waiting: [0] };
const call = (overrides: Partial<CallView>): CallView => ({
  id: 1,
  number: "+97699112233",
  line: null,
  extension: null,
  direction: "in",
  status: "waiting",
  started_at: new Date(Date.now() - 95_000).toISOString(),
  queued_at: null,
  answered_at: null,
  ended_at: null,
  wait_seconds: null,
  talk_seconds: null,
  answered_by: null,
  recording_url: null,
  contact_id: null,
  interaction_id: null,
  message_id: null,
  ...overrides,
});
const monitor = (overrides: Partial<CallMonitorView> = {}): CallMonitorView => ({
  now: new Date().toISOString(),
  pbx: { kind: "asterisk_ari", state: "connected", last_error: null },
  waiting: [],
  in_menu: [],
  talking: [],
  today: { answered: 3, missed: 1, abandoned: 2, avg_wait_seconds: 12, avg_talk_seconds: 60, answered_within_seconds: 30, service_level: 66.7 },
  lines: [],
  ...overrides,
});

describe("the call monitoring screen", () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows abandoned calls apart from missed ones, and the company's answered-within wait", async () => {
    answerGets(mocked.get, { "/api/call-center/monitor": monitor(), "/api/call-center/monitor/minutes": noMinutes });
    renderWithProviders(<CallMonitoringPage />, { me: makeMe({ permissions: [] }) });
    await waitFor(() => expect(screen.getByTestId("stat-abandoned")).toHaveTextContent("2"));
    expect(screen.getByTestId("stat-missed")).toHaveTextContent("1");
    expect(screen.getByText("Хүлээгээд тасалсан")).toBeInTheDocument();
    expect(screen.getByText("30 сек дотор хариулсан")).toBeInTheDocument();
    expect(screen.getByTestId("stat-service-level")).toHaveTextContent("66.7%");
    expect(screen.queryByTestId("monitor-pbx-down")).toBeNull();
  });

  it("counts a caller's wait from when they began waiting for people, and the menu's callers apart", async () => {
    const waiting = call({ id: 2, queued_at: new Date(Date.now() - 5000).toISOString() });
    answerGets(mocked.get, {
      "/api/call-center/monitor": monitor({ waiting: [waiting], in_menu: [call({ id: 3, number: "+97688001122" })] }),
      "/api/call-center/monitor/minutes": noMinutes,
    });
    renderWithProviders(<CallMonitoringPage />, { me: makeMe({ permissions: [] }) });
    // Started 95 s ago, in the menu until 5 s ago: the wait shown is about five seconds, never 1:35.
    expect(await screen.findByTestId("monitor-wait-time")).toHaveTextContent(/^0:0[3-7]$/);
    expect(screen.getByTestId("monitor-in-menu")).toHaveTextContent("Дуут цэсэнд байгаа залгагч: 1");
  });

  it("warns while the PBX connection is down, with the reason", async () => {
    answerGets(mocked.get, {
      "/api/call-center/monitor": monitor({ pbx: { kind: "asterisk_ari", state: "connecting", last_error: "events_socket_closed" } }),
      "/api/call-center/monitor/minutes": noMinutes,
    });
    renderWithProviders(<CallMonitoringPage />, { me: makeMe({ permissions: [] }) });
    const alert = await screen.findByTestId("monitor-pbx-down");
    expect(alert).toHaveTextContent("PBX-тэй холболт тасарсан байна");
    expect(alert).toHaveTextContent(
      "PBX-ийн үйл явдлын холболт тасарсан. Holboo дахин холбогдох хүртэл доорх дуудлага, тоон мэдээлэл хуучирсан байж болзошгүй.",
    );
  });
});

describe("the call center's settings", () => {
  beforeEach(() => vi.clearAllMocks());

  it("saves the ring time, after-call work, recording and answered-within wait", async () => {
    const view: CallCenterView = {
      connection: null,
      settings: { ring_seconds: 20, after_call_seconds: 10, record_calls: false, answered_within_seconds: 20 },
      lines: [],
      extensions: [],
    };
    answerGets(mocked.get, { "/api/call-center": view, "/api/users": { items: [], total: 0 } });
    mocked.put.mockResolvedValueOnce({ ...view, settings: { ring_seconds: 15, after_call_seconds: 10, record_calls: true, answered_within_seconds: 20 } });
    renderWithProviders(<CallCenterSettingsPage />, { me: makeMe() });
    const ring = await screen.findByTestId("rules-ring_seconds");
    await waitFor(() => expect(ring).toHaveValue("20"));
    await userEvent.clear(ring);
    await userEvent.type(ring, "15");
    await userEvent.click(screen.getByTestId("rules-record_calls"));
    await userEvent.click(screen.getByTestId("rules-save"));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith("/api/call-center/settings", {
        ring_seconds: 15,
        after_call_seconds: 10,
        record_calls: true,
        answered_within_seconds: 20,
      }),
    );
  });
});
