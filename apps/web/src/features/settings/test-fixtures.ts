import type { CompanyView, ListResponse, MailDomainView, OutboxMailView, UserView } from "@holboo/core";
import { vi, type Mock } from "vitest";
import type * as ApiModule from "../../lib/api.ts";
import type * as HttpModule from "../../lib/http.ts";
import type { http } from "../../lib/http.ts";

export function makeCompany(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    id: 1,
    name: "Номин Тав",
    contact_email: "info@nomin.mn",
    phone: "99112233",
    sector: "commerce",
    employee_range: "11-50",
    logo_url: null,
    owner_id: 1,
    owner_name: "Болд Бат",
    creator_id: 1,
    domain_rule_enabled: false,
    max_open_per_agent: 8,
    ownership_transferred: false,
    created_at: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}

export function makeUser(overrides: Partial<UserView> = {}): UserView {
  return {
    ID: 2,
    first_name: "Сараа",
    last_name: "Дорж",
    user_name: "Сараа Дорж",
    email: "saraa@nomin.mn",
    phone: null,
    role: "agent",
    user_type: "human",
    user_status: "active",
    presence: "online",
    is_owner: false,
    has_password: true,
    invitation_pending: false,
    photo_url: null,
    created_at: "2026-11-01T00:00:00.000Z",
    // As an admin sees a colleague; the server's users policy fills it (a test sets what its row needs).
    can: { edit: true, change_role: true, change_status: true, delete: true, resend_invite: false },
    ...overrides,
  };
}

export const makeDomain = (overrides: Partial<MailDomainView> = {}): MailDomainView => ({
  id: 1,
  domain: "nomin.mn",
  description: "Үндсэн",
  status: "active",
  created_at: "2026-11-01T00:00:00.000Z",
  ...overrides,
});

export const makeMail = (overrides: Partial<OutboxMailView> = {}): OutboxMailView => ({
  id: 1,
  to: "saraa@nomin.mn",
  subject: "Holboo: төлбөр төлөх сануулга",
  status: "kept",
  carries_secret: false,
  created_at: new Date().toISOString(),
  text: "Сайн байна уу!\nНэхэмжлэлээ эндээс төлнө үү: http://localhost:5173/settings/plan?tab=2\nБаярлалаа.",
  ...overrides,
});

export const list = <T>(items: T[], total = items.length): ListResponse<T> => ({ items, total });

type MockedHttp = { [K in keyof typeof http]: ReturnType<typeof vi.fn> };

/** The module factory for `vi.mock("…/lib/api.ts", apiModuleMock)`: the real typed api and helpers, no error toasts. */
export async function apiModuleMock(importOriginal: () => Promise<typeof ApiModule>) {
  return { ...(await importOriginal()), notifyError: vi.fn() };
}

/** The module factory for `vi.mock("…/lib/http.ts", httpModuleMock)`: real errors, fake calls by filled path. */
export async function httpModuleMock(importOriginal: () => Promise<typeof HttpModule>) {
  const fake: MockedHttp = { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() };
  return { ...(await importOriginal()), http: fake };
}

/** GET answers by exact path; a function answer gets the query. */
export function answerGets(get: ReturnType<typeof vi.fn>, answers: Record<string, unknown>) {
  // Typed as what http.get is, so the fake's promise is the promise callers await.
  (get as Mock<(path: string, query?: unknown) => Promise<unknown>>).mockImplementation((path, query) => {
    if (!Object.hasOwn(answers, path)) return Promise.reject(new Error(`unexpected GET ${path}`));
    const answer = answers[path];
    return Promise.resolve(typeof answer === "function" ? (answer as (query: unknown) => unknown)(query) : answer);
  });
}
