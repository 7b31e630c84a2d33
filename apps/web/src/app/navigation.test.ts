import type { MeView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { activeNavKey, hasCallCenter, NAV_ITEMS, visibleNavItems } from "./navigation.ts";

const me = (overrides: Partial<MeView>): MeView => ({
  ID: 1,
  company_id: 7,
  is_approved_by_superadmin: true,
  first_name: "Бат",
  last_name: "Дорж",
  user_name: "Бат Дорж",
  email: "bat@x.mn",
  phone: null,
  role: "agent",
  locale: "mn",
  permissions: [],
  is_owner: false,
  is_company_creator: false,
  can_delete_company: false,
  is_platform_admin: false,
  needs_password: false,
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
  photo_url: null,
  company: { id: 7, name: "Номин", logo_url: null },
  ...overrides,
});

describe("navigation menu", () => {
  it("shows only what the server's permissions allow", () => {
    expect(visibleNavItems(me({})).map((item) => item.key)).toEqual([
      "dashboard",
      "interactionsOpen",
      "interactionsClosed",
      "issue",
      "contacts",
      "knowledge",
      "guide",
    ]);
    expect(visibleNavItems(me({ permissions: ["settings.view"] })).map((item) => item.key)).toContain("settings");
    expect(visibleNavItems(me({ is_platform_admin: true })).map((item) => item.key)).toContain("admin");
  });

  it("marks open or closed interactions by the tab parameter", () => {
    expect(activeNavKey(NAV_ITEMS, "/interacts", "")).toBe("interactionsOpen");
    expect(activeNavKey(NAV_ITEMS, "/interacts", "?tab=2")).toBe("interactionsClosed");
    expect(activeNavKey(NAV_ITEMS, "/settings/user", "?tab=3")).toBe("settings");
    expect(activeNavKey(NAV_ITEMS, "/user", "")).toBeNull();
    expect(activeNavKey(NAV_ITEMS, "/issues/12", "")).toBe("issue");
  });
});

describe("menu rules of spec §2", () => {
  it("always has the guide; call monitoring only for a company with a call center", () => {
    expect(visibleNavItems(me({ permissions: [] })).map((item) => item.key)).toContain("guide");
    expect(hasCallCenter(me({}))).toBe(false);
    expect(visibleNavItems(me({})).map((item) => item.key)).not.toContain("callMonitoring");
    const withCallCenter = me({ company: { id: 7, name: "Номин", logo_url: null, has_call_center: true } });
    expect(visibleNavItems(withCallCenter)[0]?.key).toBe("callMonitoring");
  });
});
