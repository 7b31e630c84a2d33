import { AUDIT_ACTIONS, AUDIT_CODED_VALUES, AUDIT_FIELDS, AUDIT_TARGET_TYPES, type AuditEntryView } from "@holboo/core";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import i18n, { loadCatalogues } from "../../../i18n/index.ts";
import { http } from "../../../lib/http.ts";
import { answerGets, list, makeUser } from "../test-fixtures.ts";
import { auditValueKey, isCodedField } from "./audit-values.ts";
import { AuditPage } from "./AuditPage.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

/** The string at "namespace:dotted.key" in a catalogue, or undefined. Keys may themselves hold dots (actions). */
function lookUp(catalogue: Record<string, unknown>, key: string, defaultNamespace = "security"): string | undefined {
  const [namespace, path] = key.includes(":") ? (key.split(":") as [string, string]) : [defaultNamespace, key];
  let node: unknown = catalogue[namespace];
  let rest = path;
  while (rest && node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    const head = Object.keys(record)
      .filter((candidate) => rest === candidate || rest.startsWith(`${candidate}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (head === undefined) return undefined;
    node = record[head];
    rest = rest.slice(head.length + 1);
  }
  return typeof node === "string" && node.trim() ? node : undefined;
}

describe("the audit log's words", () => {
  it("every action, target, field and coded value (status, role, permission, plan…) has words in mn and en", async () => {
    const missing: string[] = [];
    for (const locale of ["mn", "en"] as const) {
      const catalogue = (await loadCatalogues(locale)) as unknown as Record<string, unknown>;
      const need = (key: string) => lookUp(catalogue, key) ?? missing.push(`${locale} ${key}`);
      for (const action of AUDIT_ACTIONS) need(`actions.${action}`);
      for (const target of AUDIT_TARGET_TYPES) need(`targets.${target}`);
      for (const field of AUDIT_FIELDS) need(`fields.${field}`);
      for (const [field, codes] of Object.entries(AUDIT_CODED_VALUES)) {
        if (!isCodedField(field)) throw new Error(field);
        for (const code of codes) need(auditValueKey(field, code));
      }
    }
    expect(missing).toEqual([]);
  });
});

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 1,
  actor: { id: 1, name: "Болд Бат" },
  action: "user.invite",
  target_type: "user",
  target_id: "7",
  before: null,
  after: null,
  ip: "127.0.0.1",
  created_at: "2026-11-20T03:00:00.000Z",
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, {
    "/api/users": list([makeUser()]),
    "/api/audit": list([
      entry({ id: 1, action: "user.role_change", before: { role: "agent" }, after: { role: "manager" } }),
      entry({ id: 2, action: "user.deactivate", before: { status: "active" }, after: { status: "inactive" } }),
      entry({
        id: 3,
        action: "role.permissions_change",
        target_type: "role",
        target_id: "agent",
        before: { permissions: ["interaction.start", "issue.edit"] },
        after: { permissions: ["interaction.start", "contact.edit"] },
      }),
      entry({ id: 4, action: "billing.purchase", target_type: "subscription", after: { plan: "business", term: "month" } }),
      entry({ id: 5, action: "issue_setting.create", target_type: "issue_setting", after: { kind: "tag", name: "Хүргэлт" } }),
      entry({ id: 6, action: "contact.merge", target_type: "contact", after: { name: "Болд", removed_name: "Сараа", removed_id: 9 } }),
    ]),
  });
});

const changeOf = async (action: string) => within(await screen.findByTestId(`audit-${action}`)).getAllByRole("cell")[4]?.textContent ?? "";

describe("the audit screen", () => {
  it("shows actions, statuses, roles, permissions and plans in words, in Mongolian", async () => {
    renderWithProviders(<AuditPage />, { me: makeMe() });
    expect(await changeOf("user.role_change")).toBe("Өмнө: Эрх: АжилтанДараа: Эрх: Менежер");
    expect(await changeOf("user.deactivate")).toBe("Өмнө: Төлөв: идэвхтэйДараа: Төлөв: идэвхгүй");
    // What a role gained and lost, by the permissions' words, and the role by its own.
    expect(await changeOf("role.permissions_change")).toBe("Зөвшөөрлүүд: Нэмсэн: Харилцагч засах; Хассан: Хүсэлт засах, шийдвэрлэх");
    expect(within(screen.getByTestId("audit-role.permissions_change")).getByText("Эрх: Ажилтан")).toBeInTheDocument();
    expect(await changeOf("billing.purchase")).toBe("Дараа: Багц: Бизнес; Хугацаа: 1 сар");
    expect(await changeOf("issue_setting.create")).toBe("Дараа: Төрөл: хүсэлтийн шошго; Нэр: Хүргэлт");
    expect(within(screen.getByTestId("audit-contact.merge")).getByText("Харилцагч нэгтгэсэн")).toBeInTheDocument();
    expect(screen.getByTestId("audit-table")).not.toHaveTextContent(/interaction\.start|inactive|business|user\.role_change/);
  });

  it("and in English", async () => {
    await i18n.changeLanguage("en");
    try {
      renderWithProviders(<AuditPage />, { me: makeMe() });
      expect(await changeOf("user.role_change")).toBe("Before: Role: AgentAfter: Role: Manager");
      expect(await changeOf("user.deactivate")).toBe("Before: Status: activeAfter: Status: inactive");
      expect(await changeOf("role.permissions_change")).toBe("Permissions: Added: Edit contacts; Removed: Edit or resolve issues");
      expect(within(screen.getByTestId("audit-role.permissions_change")).getByText("Role: Agent")).toBeInTheDocument();
      expect(await changeOf("billing.purchase")).toBe("After: Plan: Business; Term: 1 month");
      expect(within(screen.getByTestId("audit-contact.merge")).getByText("Merged contacts")).toBeInTheDocument();
      expect(await changeOf("contact.merge")).toBe("After: Name: Болд; Merged-in contact: Сараа; Merged-in contact (#): 9");
    } finally {
      await i18n.changeLanguage("mn");
    }
  });
});
