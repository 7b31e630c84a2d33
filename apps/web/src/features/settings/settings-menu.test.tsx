import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Routes } from "react-router";
import { makeMe, renderWithProviders } from "../../components/shared/test-utils.tsx";
import { SettingsIndex } from "./SettingsIndex.tsx";
import { SettingsLayout } from "./SettingsLayout.tsx";
import { firstSettingsPath, SETTINGS_GROUPS, visibleSettingsGroups } from "./settings.menu.ts";

function viewport(width: number) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= min,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    };
  });
}

const app = (
  <Routes>
    <Route path="/settings" element={<SettingsLayout />}>
      <Route index element={<SettingsIndex />} />
      <Route path="our_company" element={<p>company page</p>} />
    </Route>
  </Routes>
);

describe("settings menu (spec §2)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("has the spec's groups in order", () => {
    expect(SETTINGS_GROUPS.map((group) => group.key)).toEqual([
      "general",
      "aiAgent",
      "channels",
      "savedResponses",
      "interactionTag",
      "customApi",
      "customerType",
      "issue",
    ]);
    expect(SETTINGS_GROUPS[0]?.entries.map((entry) => entry.key)).toEqual(["company", "user", "payment", "channelsConfig", "audit"]);
    expect(SETTINGS_GROUPS.at(-1)?.entries.map((entry) => entry.key)).toEqual(["issueType", "issueTag", "issueReason"]);
  });

  it("leaves out entries needing a permission the user lacks, then empty groups", () => {
    const groups = [
      {
        key: "general",
        entries: [
          { key: "company", path: "our_company" },
          { key: "payment", path: "my_plan", permission: "plan.view" as const },
        ],
      },
      { key: "issue", entries: [{ key: "issueType", permission: "issue.edit" as const }] },
    ];
    expect(visibleSettingsGroups({ permissions: ["settings.view"] }, groups)).toEqual([{ key: "general", entries: [{ key: "company", path: "our_company" }] }]);
    expect(visibleSettingsGroups({ permissions: ["settings.view", "plan.view", "issue.edit"] }, groups)).toHaveLength(2);
    expect(firstSettingsPath([{ key: "x", entries: [{ key: "soon" }, { key: "user", path: "user" }] }])).toBe("user");
  });

  it("lists every group on a phone, with only the built entries as links", async () => {
    viewport(400);
    renderWithProviders(app, { me: makeMe(), path: "/settings" });
    expect(await screen.findByRole("heading", { name: "Тохиргоо" })).toBeInTheDocument();
    expect(screen.getAllByRole("group").map((group) => group.getAttribute("aria-label"))).toEqual([
      "Ерөнхий",
      "AI туслах",
      "Сувгууд",
      "Бэлэн хариулт",
      "Харилцааны шошго",
      "Гадаад API",
      "Харилцагчийн төрөл",
      "Хүсэлт",
    ]);
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Байгууллага",
      "Хэрэглэгч",
      "Төлбөр",
      "Сувгийн тохиргоо",
      "Үйлдлийн бүртгэл",
      "Виртуал туслах",
      "Урсгал сургах",
      "AI загвар",
      "Сошиал",
      "И-мэйл",
      "Вэб чат",
      "Дуудлагын төв",
      "Бэлэн хариулт",
      "Харилцааны шошго",
      "Гадаад API",
      "Харилцагчийн төрөл",
      "Хүсэлтийн төрөл",
      "Хүсэлтийн шошго",
      "Хүсэлтийн шалтгаан",
    ]);
    expect(screen.getByRole("link", { name: "Хэрэглэгч" })).toHaveAttribute("href", "/settings/user");
    expect(screen.getByRole("link", { name: "Төлбөр" })).toHaveAttribute("href", "/settings/my_plan");
  });

  it("opens the first entry on a wide screen, with the menu beside it", async () => {
    viewport(1280);
    renderWithProviders(app, { me: makeMe(), path: "/settings" });
    expect(await screen.findByText("company page")).toBeInTheDocument();
    expect(screen.getByTestId("settings-company")).toHaveAttribute("data-active", "true");
    expect(screen.getByTestId("settings-user")).toHaveAttribute("href", "/settings/user");
  });

  it("stretches the sidebar's background down the whole page, however long, and keeps the menu in view", async () => {
    viewport(1280);
    renderWithProviders(app, { me: makeMe(), path: "/settings/our_company" });
    const sidebar = await screen.findByTestId("settings-sidebar");
    expect(sidebar).toHaveStyle({ alignSelf: "stretch" });
    expect(sidebar.firstElementChild).toHaveStyle({ position: "sticky" });
  });
});
