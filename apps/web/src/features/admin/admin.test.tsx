import type { AdminBillingSettingsView, AdminUserView, InvoiceView, SubscriptionView } from "@holboo/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { http } from "../../lib/http.ts";
import { answerGets, list, makeMail } from "../settings/test-fixtures.ts";
import { AdminPage } from "./AdminPage.tsx";
import { AdminCompanyBilling } from "./AdminCompanyBilling.tsx";

vi.mock("../../lib/api.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../lib/http.ts", async (importOriginal) => (await import("../settings/test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const user = (overrides: Partial<AdminUserView>): AdminUserView => ({
  ID: 1,
  email: "bold@nomin.mn",
  user_name: "Болд Бат",
  company_id: 1,
  company_name: "Номин Тав",
  role: "admin",
  user_status: "active",
  is_approved_by_superadmin: true,
  created_at: "2026-11-01T00:00:00.000Z",
  ...overrides,
});
const pending = user({ ID: 7, email: "new@tav.mn", user_name: "Шинэ Хүн", company_id: 0, company_name: null, is_approved_by_superadmin: false });
const platformAdmin = makeMe({ is_platform_admin: true });

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/admin/companies": list([
      { id: 1, name: "Номин Тав", sector: "commerce", owner_email: "bold@nomin.mn", user_count: 4, created_at: "2026-11-01T00:00:00.000Z" },
    ]),
    "/api/admin/users": (query: { approval?: string | null }) => list(query.approval === "pending" ? [pending] : [user({}), pending]),
    "/api/admin/settings": { signup_approval_required: true },
    "/api/admin/outbox": list([makeMail({ to: "reset@gmail.com", subject: "Нууц үг сэргээх" })]),
    "/api/admin/jobs/dead": list([
      {
        id: "42",
        kind: "channel.deliver",
        queue: "delivery:9",
        attempts: 6,
        last_error: "(#551) This person isn't available",
        payload: { company_id: 1, message_id: 77 },
        created_at: "2026-11-01T00:00:00.000Z",
        updated_at: "2026-11-01T00:05:00.000Z",
      },
    ]),
  });
});

describe("admin panel", () => {
  it("lists companies", async () => {
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin" });
    expect(await screen.findByRole("cell", { name: "Номин Тав" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Худалдаа" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "4" })).toBeInTheDocument();
  });

  it("filters users by approval and approves a pending one", async () => {
    mocked.post.mockResolvedValueOnce({ ok: true });
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=2" });
    expect(await screen.findByText("Шинэ бүртгэлийг админ баталгаажуулсны дараа байгууллага үүсгэнэ.")).toBeInTheDocument();
    const approved = await screen.findByTestId("admin-user-bold@nomin.mn");
    expect(within(approved).queryByRole("button", { name: "Баталгаажуулах" })).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "Хүлээгдэж буй" }));
    await waitFor(() => expect(screen.queryByTestId("admin-user-bold@nomin.mn")).toBeNull());
    expect(mocked.get).toHaveBeenLastCalledWith("/api/admin/users", { approval: "pending", search: "", page: 1, page_size: 20 });
    const row = screen.getByTestId("admin-user-new@tav.mn");
    expect(within(row).getByText("Байгууллагагүй")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Баталгаажуулах" }));
    expect(mocked.post).toHaveBeenCalledWith("/api/admin/users/7/approve");
  });

  it("shows all of the platform's mail", async () => {
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=3" });
    expect(await screen.findByTestId("outbox-reset@gmail.com")).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith("/api/admin/outbox", { page: 1, page_size: 20 });
  });

  it("lists failed background jobs in words and gives one another try", async () => {
    mocked.post.mockResolvedValueOnce({ ok: true });
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=4" });
    const row = await screen.findByTestId("dead-job-42");
    expect(within(row).getByText("Суваг руу хариу илгээх")).toBeInTheDocument();
    expect(within(row).getByText("(#551) This person isn't available")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Дахин оролдох" }));
    expect(mocked.post).toHaveBeenCalledWith("/api/admin/jobs/42/retry");
  });

  it("gives a sign-in link to copy instead of opening it", async () => {
    mocked.post.mockResolvedValueOnce({ url: "http://localhost:5173/interacts?token=t&userID=1&email=bold%40nomin.mn" });
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=2" });
    const row = await screen.findByTestId("admin-user-bold@nomin.mn");
    await userEvent.click(within(row).getByRole("button", { name: "Нэвтрэх холбоос" }));
    expect(mocked.post).toHaveBeenCalledWith("/api/admin/users/1/handoff");
    expect(await screen.findByRole("textbox", { name: "Нэвтрэх холбоос" })).toHaveValue(
      "http://localhost:5173/interacts?token=t&userID=1&email=bold%40nomin.mn",
    );
  });
});

const shippedTerms = { mn: "# Үйлчилгээний нөхцөл", en: "# Terms of service" };
const billingSettings = (overrides: Partial<AdminBillingSettingsView> = {}): AdminBillingSettingsView => ({
  payee: null,
  terms: { ...shippedTerms, custom: false, updated_at: null },
  default_terms: shippedTerms,
  ...overrides,
});

describe("payment and terms", () => {
  it("says no payee is set, then saves the one the platform admin types", async () => {
    answerGets(mocked.get, { "/api/admin/billing/settings": billingSettings() });
    const payee = { company_name: "Холбоо ХХК", bank_name: "Хаан банк", account_number: "5012345678", account_holder: "Холбоо ХХК" };
    mocked.put.mockResolvedValueOnce({ payee });
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=7" });
    expect(await screen.findByText(/Дансны мэдээлэл оруулаагүй байна/)).toBeInTheDocument();
    for (const [field, value] of Object.entries(payee)) await userEvent.type(screen.getByTestId(`payee-${field}`), value);
    await userEvent.click(screen.getByTestId("payee-save"));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith("/api/admin/billing/payee", payee));
  });

  it("replaces the terms and restores the shipped ones", async () => {
    answerGets(mocked.get, { "/api/admin/billing/settings": billingSettings({ terms: { mn: "# Манай", en: "# Ours", custom: true, updated_at: null } }) });
    mocked.put.mockResolvedValueOnce({ mn: "# Манай нөхцөл", en: "# Ours", custom: true, updated_at: null });
    mocked.del.mockResolvedValueOnce({ ...shippedTerms, custom: false, updated_at: null });
    renderWithProviders(<AdminPage />, { me: platformAdmin, path: "/admin?tab=7" });
    await userEvent.type(await screen.findByTestId("terms-mn"), " нөхцөл");
    await userEvent.click(screen.getByTestId("terms-save"));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith("/api/admin/billing/terms", { mn: "# Манай нөхцөл", en: "# Ours" }));
    await userEvent.click(screen.getByTestId("terms-reset"));
    await waitFor(() => expect(mocked.del).toHaveBeenCalledWith("/api/admin/billing/terms"));
    await waitFor(() => expect(screen.getByTestId("terms-mn")).toHaveValue(shippedTerms.mn));
  });
});

describe("a company's invoices", () => {
  it("cancels an unpaid invoice after asking", async () => {
    const unpaid = {
      id: 7,
      number: "HB-7",
      status: "created",
      amount: 150_000,
      due_at: "2026-12-04T00:00:00.000Z",
      paid_at: null,
      cancelled_at: null,
    } as InvoiceView;
    const subscription = {
      plan: { code: "business" },
      status: "active",
      term: "month",
      suspended_reason: null,
      usage: { users: { used: 1, limit: 3 }, channels: { used: 0, limit: 3 }, agents: { used: 1, limit: 2 }, articles: { used: 0, limit: null } },
    } as unknown as SubscriptionView;
    answerGets(mocked.get, { "/api/admin/companies/1/billing": { company_id: 1, subscription, invoices: [unpaid] } });
    mocked.post.mockResolvedValueOnce({ ...unpaid, status: "cancelled" });
    renderWithProviders(<AdminCompanyBilling companyId={1} name="Номин Тав" onClose={() => undefined} />, { me: platformAdmin, path: "/admin" });
    expect(await screen.findByText("Төлөгдөөгүй")).toBeInTheDocument();
    await userEvent.click(screen.getByTestId("cancel-invoice-HB-7"));
    expect(await screen.findByText(/HB-7 дугаартай нэхэмжлэлийг цуцлах уу\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Нэхэмжлэлийг цуцлах" }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith("/api/admin/invoices/7/cancel"));
  });
});
