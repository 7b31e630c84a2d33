import type { DashboardSummary, DashboardView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets, list } from "../settings/test-fixtures.ts";
import { DashboardPage } from "./DashboardPage.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const summary = (created: number): DashboardSummary => ({
  created,
  closed: created ? created - 1 : 0,
  open: created ? 1 : 0,
  first_response_median_s: created ? 120 : null,
  first_response_p90_s: created ? 600 : null,
  resolution_median_s: created ? 3600 : null,
  resolution_p90_s: created ? 7200 : null,
  rating_average: created ? 4.5 : null,
  customer_rating_average: null,
  ai_handled: created ? 2 : 0,
  ai_alone: created ? 1 : 0,
  ai_handed_over: created ? 1 : 0,
  ai_verified: created ? 1 : 0,
  ai_assumed: 0,
});

const view = (created: number, scope: "company" | "own" = "company"): DashboardView => ({
  scope,
  range: {
    from: "2026-11-19T00:00:00.000Z",
    to: "2026-11-26T00:00:00.000Z",
    previous_from: "2026-11-12T00:00:00.000Z",
    previous_to: "2026-11-19T00:00:00.000Z",
    time_zone: "Asia/Ulaanbaatar",
  },
  summary: summary(created),
  previous: summary(created ? 2 : 0),
  channels: created ? [{ channel_id: 1, type: "webchat", name: "Вэб чат", created, closed: created - 1, open: 1 }] : [],
  agents: created
    ? [{ user_id: 5, name: "Сараа Бат", created, closed: created - 1, first_response_median_s: 120, resolution_median_s: 3600, rating_average: 4.5 }]
    : [],
  virtual_agents: [],
  ratings: { closer: [0, 0, 0, 1, 1], customer: [0, 0, 0, 0, 0] },
  moods: { angry: 0, frowning: 0, normal: 1, grinning: 1 },
  series: created ? [{ date: "2026-11-25", created, closed: created - 1 }] : [],
  series_unit: "day",
  heatmap: Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, (_, hour) => (created && day === 2 && hour === 9 ? created : 0))),
  not_found: created ? [{ question: "Хямдрал хэзээ вэ?", count: 3 }] : [],
  issues: [],
});

describe("dashboard page", () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows the figures against the previous period and asks again when the period changes", { timeout: 40_000 }, async () => {
    const dashboard = vi.fn((query: Record<string, string>) => view(query.period === "today" ? 1 : 4));
    answerGets(mocked.get, { "/api/dashboard": dashboard, "/api/company/1/channel": list([]), "/api/issue-options/people": list([]) });
    renderWithProviders(<DashboardPage />, { me: makeMe({ permissions: ["dashboard.view_company", "dashboard.export"] }) });
    await waitFor(() => expect(screen.getByTestId("stat-created-value")).toHaveTextContent("4"));
    expect(screen.getByTestId("stat-created")).toHaveTextContent("Өмнөх хугацаанд: 2");
    expect(screen.getByTestId("stat-first-response-value")).toHaveTextContent("≤ 2 мин");
    expect(screen.getByText("Хямдрал хэзээ вэ?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Асуулт хариулт хэсэгт хариулах" })).toHaveAttribute("href", "/knowledge/qa?filter=not_found");
    expect(screen.getByTestId("dashboard-export")).toBeInTheDocument();
    await userEvent.click(screen.getByText("Өнөөдөр"));
    await waitFor(() => expect(screen.getByTestId("stat-created-value")).toHaveTextContent("1"));
    expect(dashboard).toHaveBeenLastCalledWith(expect.objectContaining({ period: "today" }));
  });

  it("tells a person without the company dashboard that the figures are their own, without export or agent filter", async () => {
    answerGets(mocked.get, { "/api/dashboard": () => view(3, "own"), "/api/company/1/channel": list([]) });
    renderWithProviders(<DashboardPage />, { me: makeMe({ permissions: [] }) });
    await waitFor(() => expect(screen.getByTestId("dashboard-scope-own")).toHaveTextContent("Зөвхөн таны хариулсан харилцаа"));
    expect(screen.queryByTestId("dashboard-export")).toBeNull();
    expect(screen.queryByTestId("dashboard-agent")).toBeNull();
    expect(screen.queryByTestId("dashboard-not-found")).toBeNull();
  });

  it("is calmly empty when the period has no conversations", async () => {
    answerGets(mocked.get, { "/api/dashboard": () => view(0), "/api/company/1/channel": list([]), "/api/issue-options/people": list([]) });
    renderWithProviders(<DashboardPage />, { me: makeMe({ permissions: ["dashboard.view_company"] }) });
    await waitFor(() => expect(screen.getByTestId("dashboard-empty")).toHaveTextContent("Энэ хугацаанд харилцаа алга байна"));
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
  });
});
