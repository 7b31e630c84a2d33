import type { CallMinutesView, CallMonitorView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { CALL_CHART_MIN_MINUTES, callMinuteRows } from "./call-minutes.ts";
import { CallMonitoringPage } from "./CallMonitoringPage.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

/** `count` minutes from Ulaanbaatar's midnight (16:00 UTC the day before), with the given minutes' figures (started, answered, missed, max waiting, abandoned). */
function minutes(count: number, busy: Record<number, [number, number, number, number, number?]> = {}): CallMinutesView {
  const column = (k: number) => Array.from({ length: count }, (_, i) => busy[i]?.[k] ?? 0);
  return { from: "2026-11-25T16:00:00.000Z", started: column(0), answered: column(1), missed: column(2), abandoned: column(4), max_waiting: column(3) };
}

describe("today's calls by the minute", () => {
  beforeEach(() => vi.clearAllMocks());

  it("labels each minute in the company's time zone and leaves off the quiet night before the first call", () => {
    const rows = callMinuteRows(minutes(600, { 540: [2, 0, 0, 2], 541: [0, 1, 1, 1, 1] }), "Asia/Ulaanbaatar");
    expect(rows[0]).toEqual({ time: "09:00", started: 2, answered: 0, missed: 0, abandoned: 0, max_waiting: 2 });
    expect(rows[1]).toEqual({ time: "09:01", started: 0, answered: 1, missed: 1, abandoned: 1, max_waiting: 1 });
    expect(rows.at(-1)).toMatchObject({ time: "09:59", started: 0 });
    expect(rows).toHaveLength(60);
  });

  it("keeps the last hour when the day's first call is recent, and every minute when the day is younger", () => {
    const late = callMinuteRows(minutes(600, { 590: [1, 0, 0, 1] }), "Asia/Ulaanbaatar");
    expect(late).toHaveLength(CALL_CHART_MIN_MINUTES);
    expect(late[0]!.time).toBe("09:00");
    expect(late[50]).toMatchObject({ time: "09:50", started: 1 });
    expect(callMinuteRows(minutes(10), "Asia/Ulaanbaatar").map((r) => r.time)).toEqual(Array.from({ length: 10 }, (_, i) => `00:0${i}`));
  });

  it("is drawn under today's figures and follows the line filter", async () => {
    const monitor: CallMonitorView = {
      now: new Date().toISOString(),
      pbx: { kind: "asterisk_ari", state: "connected", last_error: null },
      waiting: [],
      in_menu: [],
      talking: [],
      today: { answered: 1, missed: 1, abandoned: 0, avg_wait_seconds: 4, avg_talk_seconds: 60, answered_within_seconds: 20, service_level: 100 },
      lines: [{ id: 7, number: "+97677001100", name: "Үндсэн шугам", channel_id: 3 }],
    };
    const asked = vi.fn((query?: { line_id?: number }) => (query?.line_id ? minutes(5) : minutes(5, { 1: [2, 1, 1, 2] })));
    answerGets(mocked.get, { "/api/call-center/monitor": () => monitor, "/api/call-center/monitor/minutes": asked });
    renderWithProviders(<CallMonitoringPage />, { me: makeMe({ permissions: [] }) });
    expect(await screen.findByTestId("call-minutes-chart")).toBeInTheDocument();
    expect(screen.getByTestId("call-minutes")).toHaveTextContent("Өнөөдөр минут тутмаар");
    expect(asked).toHaveBeenCalledWith(undefined);
    await userEvent.click(screen.getByTestId("monitor-line"));
    await userEvent.click(await screen.findByRole("option", { name: "Үндсэн шугам (+97677001100)" }));
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith({ line_id: 7 }));
    await waitFor(() => expect(screen.getByTestId("call-minutes")).toHaveTextContent("Өнөөдөр дуудлага алга."));
    expect(screen.queryByTestId("call-minutes-chart")).toBeNull();
  });
});
