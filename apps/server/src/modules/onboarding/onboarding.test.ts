import type { MeView, RoleMatrixView, VirtualAgentView } from "@holboo/core";
import { DEFAULT_ROLE_PERMISSIONS } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { PASSWORD, companyAdmin, signUp, unique } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const input = () => ({ company_name: `Номин ${unique()}`, sector: "technology", employee_range: "1-10", agent_name: "Номин бот" });

describe("onboarding", () => {
  it("creates the company with the user as creator, owner and admin, and a primary social agent", async () => {
    const { client } = await signUp(t);
    const response = await client.post<MeView>("/api/onboarding", input());
    expect(response.status).toBe(200);
    expect(response.body.company_id).toBeGreaterThan(0);
    expect(response.body.role).toBe("admin");
    expect(response.body.is_owner).toBe(true);
    expect(response.body.is_company_creator).toBe(true);
    expect(response.body.permissions).toContain("user.manage");
    const agents = await client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents");
    expect(agents.body.items).toEqual([expect.objectContaining({ name: "Номин бот", agent_type: "social_agent", is_primary: true, active: true })]);
    const roles = await client.get<RoleMatrixView>("/api/roles");
    expect(roles.body.roles.agent).toEqual([...DEFAULT_ROLE_PERMISSIONS.agent]);
  });

  it("requires texts longer than 3 characters and a known sector and range", async () => {
    const { client } = await signUp(t);
    const response = await client.post("/api/onboarding", { company_name: "Абв", sector: "mining", employee_range: "lots", agent_name: "Бот" });
    expect(response.status).toBe(400);
    expect(fieldCode(response, "company_name")).toBe("onboarding_text_too_short");
    expect(fieldCode(response, "agent_name")).toBe("onboarding_text_too_short");
    expect(fieldCode(response, "sector")).toBe("sector_invalid");
    expect(fieldCode(response, "employee_range")).toBe("employee_range_invalid");
    expect((await client.get<MeView>("/api/me")).body.company_id).toBe(0);
  });

  it("refuses a company name that exists and a second company for the same user", async () => {
    const first = await signUp(t);
    const body = input();
    expect((await first.client.post("/api/onboarding", body)).status).toBe(200);
    const again = await first.client.post("/api/onboarding", input());
    expect(errorCode(again)).toBe("already_in_company");
    const second = await signUp(t);
    const taken = await second.client.post("/api/onboarding", { ...input(), company_name: body.company_name.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(fieldCode(taken, "company_name")).toBe("company_exists");
  });

  it("needs a signed-in user", async () => {
    expect((await new Client(t.url).post("/api/onboarding", input())).status).toBe(401);
  });
});

describe("sign-up approval by the platform admin", () => {
  it("holds onboarding until the platform admin approves", async () => {
    const strict = await startTestApp({ SIGNUP_APPROVAL_REQUIRED: "true" });
    try {
      const { client, me } = await signUp(strict);
      expect(me.is_approved_by_superadmin).toBe(false);
      expect(errorCode(await client.post("/api/onboarding", input()))).toBe("signup_not_approved");

      const platform = new Client(strict.url);
      const login = await platform.post("/api/login", { email: "root-admin@holboo.test", password: PASSWORD });
      if (login.status !== 200)
        await platform.post("/api/signup", { first_name: "Платформ", last_name: "Админ", email: "root-admin@holboo.test", password: PASSWORD });
      expect((await client.post(`/api/admin/users/${me.ID}/approve`)).status).toBe(403);
      const pending = await platform.get<{ items: Array<{ ID: number }> }>("/api/admin/users?approval=pending&page_size=100");
      expect(pending.body.items.map((u) => u.ID)).toContain(me.ID);
      expect((await platform.post(`/api/admin/users/${me.ID}/approve`)).status).toBe(200);
      expect((await client.post("/api/onboarding", input())).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("platform admin panel", () => {
  it("lists companies and users to the platform admin only", async () => {
    const admin = await companyAdmin(t);
    expect(errorCode(await admin.client.get("/api/admin/companies"))).toBe("platform_admin_only");
    const platform = new Client(t.url);
    const login = await platform.post("/api/login", { email: "root-admin@holboo.test", password: PASSWORD });
    if (login.status !== 200)
      await platform.post("/api/signup", { first_name: "Платформ", last_name: "Админ", email: "root-admin@holboo.test", password: PASSWORD });
    expect((await platform.get<MeView>("/api/me")).body.is_platform_admin).toBe(true);
    const companies = await platform.get<{ items: Array<{ id: number; user_count: number }>; total: number }>(`/api/admin/companies?page_size=100`);
    expect(companies.body.items.find((c) => c.id === admin.me.company_id)?.user_count).toBe(1);
    const handoff = await platform.post<{ url: string }>(`/api/admin/users/${admin.me.ID}/handoff`);
    const link = new URL(handoff.body.url);
    const support = new Client(t.url);
    const me = await support.post<MeView>("/api/auth/handoff", {
      token: link.searchParams.get("token"),
      userID: Number(link.searchParams.get("userID")),
      email: link.searchParams.get("email"),
    });
    expect(me.body.ID).toBe(admin.me.ID);
  });
});
