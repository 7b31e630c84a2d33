import type { InvoiceView, PlanView, SubscriptionView } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets } from "../settings/test-fixtures.ts";
import { BillingGate } from "./BillingGate.tsx";
import { MyPlanPage } from "./MyPlanPage.tsx";
import { MyPlanArchivePage } from "./MyPlanArchivePage.tsx";
import { InvoicePage } from "./InvoicePage.tsx";
import { TermsPage } from "./TermsPage.tsx";
import { Route, Routes } from "react-router";
import i18n from "../../i18n/index.ts";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

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
  payment_gateways: [],
  payee: null,
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

const invoice: InvoiceView = {
  id: 7,
  number: "HB-202612-000007",
  status: "created",
  plan: "business",
  term: "month",
  amount: 150_000,
  auto_extend: true,
  period_start: "2026-12-01T00:00:00.000Z",
  period_end: "2027-01-01T00:00:00.000Z",
  due_at: "2026-12-04T00:00:00.000Z",
  agents: [],
  created_at: "2026-12-01T00:00:00.000Z",
  paid_at: null,
  activated_at: null,
  ended_at: null,
  cancelled_at: null,
};

describe("paying by QPay", () => {
  it("shows the QR and the bank apps' links of an unpaid invoice and asks the server when the payer says they paid", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial({ status: "active", unpaid_invoice: invoice, payment_gateways: ["qpay"] }) });
    mocked.post.mockImplementation((path: string) =>
      Promise.resolve(
        path.endsWith("/qpay")
          ? {
              invoice_id: 7,
              status: "created",
              qr_text: "0002",
              qr_image: "iVBORw0KGgo=",
              short_url: null,
              urls: [{ name: "Khan bank", description: "Хаан банк", logo: "", link: "khanbank://q?qPay_QRcode=1" }],
            }
          : { state: "open" },
      ),
    );
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    await userEvent.click(await screen.findByTestId("qpay-pay"));
    expect(await screen.findByTestId("qpay-qr")).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=");
    expect(screen.getByText("Хаан банк").closest("a")).toHaveAttribute("href", "khanbank://q?qPay_QRcode=1");
    await userEvent.click(screen.getByTestId("qpay-check"));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/billing/invoices/7/qpay/check"));
    expect(await screen.findByText(/Төлбөр хараахан ирээгүй/)).toBeInTheDocument();
  });

  it("offers no QPay when the installation has not configured it", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial({ status: "active", unpaid_invoice: invoice }) });
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    expect(await screen.findByTestId("plan-name")).toBeInTheDocument();
    expect(screen.queryByTestId("qpay-pay")).not.toBeInTheDocument();
  });
});

describe("closed access", () => {
  it("replaces the screen with why and how to pay, and leaves My plan open", async () => {
    answerGets(mocked.get, {
      "/api/billing/status": { status: "suspended", suspended_reason: "unpaid", notice: null },
      "/api/billing/payment-details": { payee: null },
    });
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
        notice: { kind: "last_day", about: "invoice", due_at: "2026-12-29T00:00:00.000Z", invoice_number: "HB-1", amount: 1 },
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

const payee = { company_name: "Холбоо Солюшнс ХХК", bank_name: "Хаан банк", account_number: "5012345678", account_holder: "Холбоо Солюшнс ХХК" };

describe("where to pay", () => {
  it("My plan shows the payee with the unpaid invoice's number as the payment reference", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial({ status: "active", unpaid_invoice: invoice, payee }) });
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    const box = await screen.findByTestId("payee");
    for (const text of ["Хүлээн авагч", "Холбоо Солюшнс ХХК", "Хаан банк", "5012345678", "Гүйлгээний утга", "HB-202612-000007"])
      expect(box).toHaveTextContent(text);
    expect(screen.getByTestId("unpaid-open")).toHaveAttribute("href", "/settings/my_plan_archive/7");
  });

  it("says the provider has not set it yet instead of a blank", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial() });
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    expect(await screen.findByTestId("payee-missing")).toHaveTextContent("Үйлчилгээ үзүүлэгч төлбөр хүлээн авах дансны мэдээллээ хараахан оруулаагүй байна.");
  });

  it("the closed-access screen shows the payee and the overdue invoice as the reference, to everyone", async () => {
    answerGets(mocked.get, {
      "/api/billing/status": {
        status: "suspended",
        suspended_reason: "unpaid",
        notice: { kind: "pay_today", about: "invoice", due_at: "2026-12-04T00:00:00.000Z", invoice_number: "HB-202612-000007", amount: 150_000 },
      },
      "/api/billing/payment-details": { payee },
    });
    renderWithProviders(
      <BillingGate>
        <p>inbox</p>
      </BillingGate>,
      { me: makeMe({ role: "agent", permissions: ["interaction.view"] }), path: "/interacts" },
    );
    const box = await screen.findByTestId("payee");
    expect(box).toHaveTextContent("5012345678");
    expect(box).toHaveTextContent("HB-202612-000007");
    expect(screen.getByTestId("closed-invoice")).toHaveTextContent("Төлөх дүн: 150,000 ₮. Төлөх эцсийн огноо: 2026-12-04.");
  });

  it("the purchase's terms checkbox sits beside a link to the terms, opened in a new tab", async () => {
    answerGets(mocked.get, { "/api/billing/subscription": trial() });
    renderWithProviders(<MyPlanPage />, { me: makeMe(), path: "/settings/my_plan" });
    const link = await screen.findByTestId("purchase-terms");
    expect(link).toHaveAttribute("href", "/pub/terms");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveTextContent("Үйлчилгээний нөхцөлийг унших");
  });
});

describe("reminders", () => {
  it("warn about a term ending without auto-extend in a whole sentence", async () => {
    answerGets(mocked.get, {
      "/api/billing/status": {
        status: "active",
        suspended_reason: null,
        notice: { kind: "days_left", about: "term", due_at: "2026-12-29T00:00:00.000Z", invoice_number: null, amount: null },
      },
    });
    renderWithProviders(
      <BillingGate>
        <p>inbox</p>
      </BillingGate>,
      { me: makeMe(), path: "/interacts" },
    );
    expect(await screen.findByTestId("billing-banner")).toHaveTextContent(
      "Багцын хугацаа дуусахад 1 хоног үлдлээ. Дуусах огноо: 2026-12-29. Автомат сунгалт идэвхгүй тул хугацаа дуусахад хандалт хаагдана.",
    );
  });
});

describe("invoices", () => {
  it("the history shows each invoice's real status and opens it", async () => {
    const items: InvoiceView[] = [
      { ...invoice, id: 9, number: "HB-9", status: "cancelled", cancelled_at: "2026-12-02T00:00:00.000Z" },
      { ...invoice, id: 8, number: "HB-8", status: "paid", paid_at: "2026-12-02T00:00:00.000Z" },
      { ...invoice, id: 7, number: "HB-7", status: "activated" },
      { ...invoice, id: 6, number: "HB-6", status: "created" },
    ];
    answerGets(mocked.get, { "/api/billing/invoices": { items, total: 4 } });
    renderWithProviders(<MyPlanArchivePage />, { me: makeMe(), path: "/settings/my_plan_archive" });
    await screen.findByTestId("invoice-table");
    expect(screen.getAllByTestId("invoice-status").map((badge) => badge.textContent)).toEqual(["Цуцлагдсан", "Төлсөн", "Идэвхжсэн", "Төлөгдөөгүй"]);
    expect(screen.getByRole("link", { name: "Нэхэмжлэлийг нээх: HB-8" })).toHaveAttribute("href", "/settings/my_plan_archive/8");
    expect(screen.getAllByText("Бизнес · 1 сар")).toHaveLength(4);
  });

  it("an invoice's page says what its status means and where to pay it, in mn and en", async () => {
    answerGets(mocked.get, {
      "/api/billing/invoices/7": { ...invoice, status: "paid", paid_at: "2026-12-02T00:00:00.000Z", period_start: "2027-01-01T00:00:00.000Z" },
      "/api/billing/payment-details": { payee },
    });
    const page = (
      <Routes>
        <Route path="/settings/my_plan_archive/:id" element={<InvoicePage />} />
      </Routes>
    );
    const view = renderWithProviders(page, { me: makeMe(), path: "/settings/my_plan_archive/7" });
    expect(await screen.findByTestId("invoice-status")).toHaveTextContent("Төлсөн");
    expect(screen.getByTestId("invoice-status-help")).toHaveTextContent("Хамрах хугацаа эхлэхэд нэхэмжлэл идэвхжинэ. Эхлэх огноо: 2027-01-01.");
    expect(await screen.findByTestId("payee")).toHaveTextContent("HB-202612-000007");
    view.unmount();
    await i18n.changeLanguage("en");
    try {
      renderWithProviders(page, { me: makeMe(), path: "/settings/my_plan_archive/7" });
      expect(await screen.findByTestId("invoice-status")).toHaveTextContent("Paid");
      expect(await screen.findByTestId("payee")).toHaveTextContent("Payment reference");
    } finally {
      await i18n.changeLanguage("mn");
    }
  });
});

describe("the terms page", () => {
  it("renders the installation's terms as text in the reader's language: headings, paragraphs and lists", async () => {
    answerGets(mocked.get, {
      "/api/billing/terms": {
        mn: "# Нөхцөл\n\n## 1. Төлбөр\n\nТөлбөрийг 3 хоногт төлнө.\n\n- Нэгдүгээр\n- <b>Хоёрдугаар</b>",
        en: "# Terms\n\nPay within 3 days.",
        custom: true,
        updated_at: "2026-12-01T00:00:00.000Z",
      },
    });
    renderWithProviders(<TermsPage />, { path: "/pub/terms" });
    expect(await screen.findByRole("heading", { name: "Нөхцөл", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "1. Төлбөр", level: 4 })).toBeInTheDocument();
    expect(screen.getByText("Төлбөрийг 3 хоногт төлнө.")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Нэгдүгээр", "<b>Хоёрдугаар</b>"]);
    expect(screen.getByText("Сүүлд шинэчилсэн огноо: 2026-12-01")).toBeInTheDocument();
  });
});
