import { DEFAULT_ROLE_PERMISSIONS, MATRIX_PERMISSIONS } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMe, renderWithProviders } from "../../../components/shared/test-utils.tsx";
import { http } from "../../../lib/http.ts";
import { answerGets } from "../test-fixtures.ts";
import { canEditRole, roleChanged, togglePermission } from "./role-matrix.ts";
import { RoleMatrix } from "./RoleMatrix.tsx";

vi.mock("../../../lib/api.ts", async (importOriginal) => (await import("../test-fixtures.ts")).apiModuleMock(importOriginal));
vi.mock("../../../lib/http.ts", async (importOriginal) => (await import("../test-fixtures.ts")).httpModuleMock(importOriginal));
const mocked = vi.mocked(http);

const matrix = {
  roles: { manager: [...DEFAULT_ROLE_PERMISSIONS.manager], agent: [...DEFAULT_ROLE_PERMISSIONS.agent], guest: [...DEFAULT_ROLE_PERMISSIONS.guest] },
};

beforeEach(() => {
  vi.clearAllMocks();
  answerGets(mocked.get, { "/api/roles": matrix });
});

describe("role settings matrix (spec §6)", () => {
  it("lists every menu's permissions, with admin checked and locked", async () => {
    renderWithProviders(<RoleMatrix />, { me: makeMe() });
    for (const group of ["Харилцаа", "Хүсэлт", "Харилцагч", "Хяналтын самбар", "Тохиргоо", "Багц", "Дуудлага"]) {
      expect(await screen.findByText(group)).toBeInTheDocument();
    }
    const adminBoxes = screen.getAllByRole("checkbox", { name: /^Админ: / });
    expect(adminBoxes).toHaveLength(MATRIX_PERMISSIONS.length);
    for (const box of adminBoxes) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(screen.getByRole("checkbox", { name: "Зочин: Бүх хүсэлтийг харах" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Зочин: Харилцаа эхлүүлэх" })).not.toBeChecked();
  });

  it("saves one role at a time, with only that role's permissions", async () => {
    mocked.put.mockResolvedValueOnce({ roles: { ...matrix.roles, guest: [...matrix.roles.guest, "interaction.start"] } });
    renderWithProviders(<RoleMatrix />, { me: makeMe() });
    const saveGuest = await screen.findByRole("button", { name: "Зочин эрхийг хадгалах" });
    expect(saveGuest).toBeDisabled();
    await userEvent.click(screen.getByRole("checkbox", { name: "Зочин: Харилцаа эхлүүлэх" }));
    expect(saveGuest).toBeEnabled();
    expect(screen.getByRole("button", { name: "Менежер эрхийг хадгалах" })).toBeDisabled();
    await userEvent.click(saveGuest);
    expect(mocked.put).toHaveBeenCalledWith("/api/roles/guest", {
      permissions: ["interaction.view_all_closed", "interaction.start", "issue.view_all", "contact.view_all", "dashboard.view_company"],
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Зочин эрхийг хадгалах" })).toBeDisabled());
  });

  it("is read-only without role.manage", async () => {
    renderWithProviders(<RoleMatrix />, { me: makeMe({ role: "manager", permissions: ["settings.view"] }) });
    expect(await screen.findByRole("checkbox", { name: "Ажилтан: Харилцаа эхлүүлэх" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Менежер: Тохиргоо харах" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /хадгалах/ })).toBeNull();
  });

  it("never lets a user edit the role they hold", () => {
    expect(canEditRole("manager", "manager", true)).toBe(false);
    expect(canEditRole("agent", "manager", true)).toBe(true);
    expect(canEditRole("agent", "admin", false)).toBe(false);
  });

  it("keeps drafts in matrix order and compares them as sets", () => {
    expect(togglePermission(["issue.view_all"], "interaction.start", true)).toEqual(["interaction.start", "issue.view_all"]);
    expect(togglePermission(["interaction.start", "issue.view_all"], "interaction.start", false)).toEqual(["issue.view_all"]);
    expect(roleChanged(["issue.view_all", "interaction.start"], ["interaction.start", "issue.view_all"])).toBe(false);
    expect(roleChanged(["interaction.start"], [])).toBe(true);
  });
});
