import type { MeView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { decideGuard, type GuardInput } from "./guard.ts";

const me = (overrides: Partial<MeView> = {}): MeView => ({
  ID: 1,
  company_id: 7,
  is_approved_by_superadmin: true,
  first_name: "Бат",
  last_name: "Дорж",
  user_name: "Бат Дорж",
  email: "bat@x.mn",
  phone: null,
  role: "admin",
  locale: "mn",
  permissions: [],
  is_owner: true,
  is_company_creator: true,
  can_delete_company: true,
  is_platform_admin: false,
  needs_password: false,
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
  photo_url: null,
  company: { id: 7, name: "Номин", logo_url: null },
  ...overrides,
});
const decide = (input: Partial<GuardInput>) =>
  decideGuard({ pathname: "/interacts", search: "", hash: "", me: me(), trialCookie: false, routeMatched: true, ...input });

describe("auth guard (spec §2)", () => {
  it("rule 1: /, /webchat and /webchat/test are public, with or without a trailing slash", () => {
    for (const pathname of ["/webchat", "/webchat/", "/webchat/test", "/webchat/test/"]) expect(decide({ pathname, me: null })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/", me: null })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/webchat", me: "error" })).toEqual({ kind: "allow" });
  });

  it("rule 2: token, userID and email together hand off and reload the same path without them", () => {
    const decision = decide({ pathname: "/settings/user", search: "?tab=2&token=abc&userID=5&email=a%40b.mn", hash: "#roles", me: null });
    expect(decision).toEqual({ kind: "handoff", token: "abc", userID: "5", email: "a@b.mn", cleanPath: "/settings/user?tab=2#roles" });
    expect(decide({ pathname: "/interacts", search: "?token=t&userID=1&email=a%40b.mn", me: me() })).toMatchObject({
      kind: "handoff",
      cleanPath: "/interacts",
    });
    expect(decide({ pathname: "/settings/user", search: "?token=abc&userID=5", me: null })).toEqual({ kind: "redirect", to: "/pub/login" });
  });

  it("rule 3: when loading the user fails, go to /pub/login", () => {
    expect(decide({ me: "error" })).toEqual({ kind: "redirect", to: "/pub/login" });
  });

  it("rule 4: paths containing servicerate skip the remaining rules", () => {
    expect(decide({ pathname: "/servicerate/xyz", me: null, routeMatched: true })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/servicerate/xyz", me: me({ company_id: 0 }) })).toEqual({ kind: "allow" });
  });

  it("rule 5: a logged-in user at the root goes to /interacts", () => {
    expect(decide({ pathname: "/" })).toEqual({ kind: "redirect", to: "/interacts" });
  });

  it("rule 6: a user who is not logged in goes to /pub/login", () => {
    expect(decide({ pathname: "/settings", me: null })).toEqual({ kind: "redirect", to: "/pub/login" });
    expect(decide({ pathname: "/pub/login", me: null })).toEqual({ kind: "allow" });
  });

  it("rule 7: company_id 0 goes to /onboarding, or to /onboarding/progress when approved with the trial cookie", () => {
    expect(decide({ me: me({ company_id: 0 }) })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decide({ me: me({ company_id: 0 }), trialCookie: true })).toEqual({ kind: "redirect", to: "/onboarding/progress" });
    expect(decide({ me: me({ company_id: 0, is_approved_by_superadmin: false }), trialCookie: true })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decide({ pathname: "/onboarding", me: me({ company_id: 0 }) })).toEqual({ kind: "allow" });
  });

  it("the platform admin reaches /admin without a company; other people without one still onboard", () => {
    const root = me({ company_id: 0, company: null, is_platform_admin: true });
    expect(decide({ pathname: "/admin", me: root })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/interacts", me: root })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decide({ pathname: "/admin", me: me({ company_id: 0, company: null }) })).toEqual({ kind: "redirect", to: "/onboarding" });
  });

  it("rule 8: a user with a company who opens /onboarding goes to /interacts", () => {
    expect(decide({ pathname: "/onboarding" })).toEqual({ kind: "redirect", to: "/interacts" });
    expect(decide({ pathname: "/onboarding/progress" })).toEqual({ kind: "redirect", to: "/interacts" });
  });

  it("rule 9: an unmatched route is a 404", () => {
    expect(decide({ pathname: "/no-such-page", routeMatched: false })).toEqual({ kind: "notFound" });
  });

  it("sign-in pages are open without a session and send a logged-in user to the inbox; a reset link opens for anyone", () => {
    for (const pathname of ["/login", "/pub/login", "/pub/login/"]) {
      expect(decide({ pathname, me: null })).toEqual({ kind: "allow" });
      expect(decide({ pathname })).toEqual({ kind: "redirect", to: "/interacts" });
    }
    expect(decide({ pathname: "/pub/login", me: "error" })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/pub/reset-password", search: "?token=abc", me: null })).toEqual({ kind: "allow" });
    expect(decide({ pathname: "/pub/reset-password", search: "?token=abc" })).toEqual({ kind: "allow" });
  });
});
