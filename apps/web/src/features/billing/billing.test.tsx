import type { PlanView, SubscriptionView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { api } from "../../lib/api.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { BillingGate } from "./BillingGate.tsx";
import { MyPlanPage } from "./MyPlanPage.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
const mocked = vi.mocked(api);

const plan = (code: PlanView["code"], overrides: Partial<PlanView> = {}): PlanView => ({
  id: code.length,
  code,
  max_users: 10,
  max_channels: 5,
  max_agents: 2,
  max_articles: 100,
  price_day: 10_000,
  price_month: 150_000,
  price_year: 1_500_000,
  extra_agent_day_price: 5_000,
  trial_days: 14,
  ...overrides,
});

const trial = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan: plan("trial", { price_day: 0, price_month: 0, price_year: 0 }),
  status: "trial",
  term: null,
  auto_extend: false,
  trial_ends_at: "2026-12-10T00:00:00.000Z",
  term_ends_at: null,
  next_invoice_at: null,
  next_invoice_amount: null,
  suspended_reason: null,
  unpaid_invoice: null,
  notice: null,
  usage: { users: { used: 10, limit: 10 }, channels: { used: 1, limit: 5 }, agents: { used: 1, limit: 2 }, articles: { used: 3, limit: null } },
  plans: [plan("trial"), plan("business"), plan("enterprise", { max_users: null, price_month: 450_000 })],
  ...overrides,
});

beforeEach(() => vi.clearAllMocks());

describe("My plan", () => {
  it("shows the plan, usage against limits (unlimited as such) and buys with the terms agreed", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial() });
    mocked.post.mockResolvedValue(trial({ status: "active", plan: plan("enterprise"), term: "month" }));
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    expect(await screen.findByTestId("plan-name")).toHaveTextContent("Туршилт");
    expect(screen.getByText("10 / 10")).toBeInTheDocument();
    expect(screen.getByText("3 / Хязгааргүй")).toBeInTheDocument();
    expect(screen.getByTestId("purchase-amount")).toHaveTextContent("150,000 ₮");
    await userEvent.click(screen.getByTestId("purchase-agree"));
    await userEvent.click(screen.getByTestId("purchase-submit"));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith("/api/billing/purchase", { plan: "business", term: "month", auto_extend: true, agree_terms: true }),
    );
  });

  it("offers no purchase to someone without plan.extend", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial() });
    renderWithProviders(<MyPlanPage />, { me: makeMe({ permissions: ["plan.view", "settings.view"] }), path: "/settings/my_plan" });
    expect(await screen.findByTestId("plan-name")).toBeInTheDocument();
    expect(screen.queryByTestId("purchase-submit")).not.toBeInTheDocument();
  });
});

describe("closed access", () => {
  it("replaces the screen with why and how to pay, and leaves My plan open", async () => {
    answerGets(mocked.get, { "/api/billing/status": { status: "suspended", suspended_reason: "unpaid", notice: null } });
    renderWithProviders(
      <BillingGate>
        <p>inbox</p>
      </BillingGate>,
      { me: makeMe(), path: "/interacts" },
    );
    expect(await screen.findByTestId("access-closed")).toHaveTextContent("Нэхэмжлэлийн төлбөр төлөх хугацаа өнгөрсөн");
    expect(screen.queryByText("inbox")).not.toBeInTheDocument();
  });

  it("shows a reminder banner above the screen", async () => {
    answerGets(mocked.get, {
      "/api/billing/status": {
        status: "active",
        suspended_reason: null,
        notice: { kind: "last_day", due_at: "2026-12-29T00:00:00.000Z", invoice_number: "HB-1", amount: 1 },
      },
    });
    renderWithProviders(
      <BillingGate>
        <p>inbox</p>
      </BillingGate>,
      { me: makeMe(), path: "/interacts" },
    );
    expect(await screen.findByTestId("billing-banner")).toHaveTextContent("HB-1");
    expect(screen.getByText("inbox")).toBeInTheDocument();
  });
});
