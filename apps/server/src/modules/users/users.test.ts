import type { MeView, UserAction, UserView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { PASSWORD, colleague, companyAdmin, unique } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = { items: UserView[]; total: number };

describe("GET /api/users", () => {
  it("lists the company's users with items and total, filtered by type, status and role", async () => {
    const admin = await companyAdmin(t);
    await colleague(t, admin.client, "agent");
    const all = await admin.client.get<List>("/api/users");
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((u) => u.user_type).sort()).toEqual(["human", "human", "virtual_agent"]);
    expect((await admin.client.get<List>("/api/users?user_type=human")).body.total).toBe(2);
    expect((await admin.client.get<List>("/api/users?user_type=virtual_agent")).body.items[0]?.user_name).toBe("Туслах бот");
    const agents = await admin.client.get<List>("/api/users?role=agent&user_type=human");
    expect(agents.body.items).toHaveLength(1);
    expect((await admin.client.get<List>("/api/users?user_status=inactive")).body.total).toBe(0);
    expect((await admin.client.get<List>("/api/users?search=САРАА")).body.total).toBe(1);
    const owner = all.body.items.find((u) => u.ID === admin.me.ID);
    expect(owner).toMatchObject({ is_owner: true, user_name: "Батбаяр Дорж", presence: "online", user_status: "active" });
  });

  it("rejects unknown filter values", async () => {
    const admin = await companyAdmin(t);
    expect(errorCode(await admin.client.get("/api/users?role=king"))).toBe("role_invalid");
    expect((await admin.client.get("/api/users?user_status=sleeping")).status).toBe(400);
  });

  it("paginates", async () => {
    const admin = await companyAdmin(t);
    await colleague(t, admin.client, "agent");
    await colleague(t, admin.client, "guest");
    const page = await admin.client.get<List>("/api/users?page=2&page_size=2");
    expect(page.body.total).toBe(4);
    expect(page.body.items).toHaveLength(2);
  });
});

describe("invitations", () => {
  it("validates names, e-mail, role and phone", async () => {
    const admin = await companyAdmin(t);
    const response = await admin.client.post("/api/users/invite", { first_name: "Бо", last_name: "а".repeat(60), email: "x@", role: "", phone: "123" });
    expect(response.status).toBe(400);
    expect(fieldCode(response, "first_name")).toBe("name_too_short");
    expect(fieldCode(response, "last_name")).toBe("name_too_long");
    expect(fieldCode(response, "email")).toBe("email_invalid");
    expect(fieldCode(response, "role")).toBe("role_empty");
    expect(fieldCode(response, "phone")).toBe("phone_invalid");
    const ok = await admin.client.post<UserView>("/api/users/invite", {
      first_name: "Сараа",
      last_name: "Бат",
      email: `${unique()}@x.mn`,
      role: "guest",
      phone: "+976 9911 2233",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role: "guest", has_password: false, phone: "+976 9911 2233" });
  });

  it("refuses an e-mail that already has an account", async () => {
    const admin = await companyAdmin(t);
    const other = await companyAdmin(t);
    const response = await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email: other.email, role: "agent" });
    expect(response.status).toBe(409);
    expect(errorCode(response)).toBe("user_exists");
  });

  it("enforces the mail-domain rule: 'Unregistered domain' outside the allowed domains", async () => {
    const admin = await companyAdmin(t);
    const company = (await admin.client.get<{ name: string }>("/api/company")).body;
    await admin.client.put("/api/company", {
      name: company.name,
      contact_email: "info@nomin.mn",
      phone: "99112233",
      sector: "commerce",
      employee_range: "11-50",
      domain_rule_enabled: true,
    });
    await admin.client.post("/api/company/mail-domains", { domain: "nomin.mn", description: "Үндсэн" });
    const outside = await admin.client.post<{ error: { message: string } }>("/api/users/invite", {
      first_name: "Сараа",
      last_name: "Бат",
      email: `${unique()}@gmail.com`,
      role: "agent",
    });
    expect(errorCode(outside)).toBe("unregistered_domain");
    expect(outside.body.error.message).toBe("Бүртгэлгүй домэйн");
    const inside = await admin.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email: `${unique()}@nomin.mn`, role: "agent" });
    expect(inside.status).toBe(200);
  });

  it("an invited colleague signs in by the link and then with a password", async () => {
    const admin = await companyAdmin(t);
    const { email, me } = await colleague(t, admin.client, "manager");
    expect(me.role).toBe("manager");
    const login = await new Client(t.url).post<MeView>("/api/login", { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.needs_password).toBe(false);
  });
});

describe("editing users", () => {
  it("admins change another user's names, phone and role", async () => {
    const admin = await companyAdmin(t);
    const { user } = await colleague(t, admin.client, "agent");
    const response = await admin.client.put<UserView>(`/api/users/${user.ID}`, { first_name: "Номин", role: "manager", phone: "88112233" });
    expect(response.body).toMatchObject({ first_name: "Номин", role: "manager", phone: "88112233" });
    expect(errorCode(await admin.client.put(`/api/users/${user.ID}`, { role: "emperor" }))).toBe("role_invalid");
  });

  it("nobody changes their own role, and non-admins change nobody", async () => {
    const admin = await companyAdmin(t);
    const manager = await colleague(t, admin.client, "manager");
    const second = await colleague(t, admin.client, "admin");
    expect(errorCode(await second.client.put(`/api/users/${second.me.ID}`, { role: "agent" }))).toBe("self_change_forbidden");
    const denied = await manager.client.put<{ error: { message: string } }>(`/api/users/${second.me.ID}`, { first_name: "Хакер" });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/админ/i);
  });

  it("the owner cannot be deactivated, deleted or have the role changed", async () => {
    const admin = await companyAdmin(t);
    const second = await colleague(t, admin.client, "admin");
    expect(errorCode(await second.client.put(`/api/users/${admin.me.ID}`, { role: "guest" }))).toBe("owner_protected");
    expect(errorCode(await second.client.put(`/api/users/${admin.me.ID}/status`, { user_status: "inactive" }))).toBe("owner_protected");
    expect(errorCode(await second.client.del(`/api/users/${admin.me.ID}`))).toBe("owner_protected");
    expect((await admin.client.get<MeView>("/api/me")).body.role).toBe("admin");
  });

  it("a deactivated user is signed out and cannot log in, with the contact-your-admin message", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    const response = await admin.client.put<UserView>(`/api/users/${agent.me.ID}/status`, { user_status: "inactive" });
    expect(response.body.user_status).toBe("inactive");
    expect((await agent.client.get("/api/me")).status).toBe(401);
    const login = await new Client(t.url).post<{ error: { code: string; message: string } }>("/api/login", { email: agent.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: "user_inactive", message: expect.stringMatching(/админд хандана уу/) });
    await admin.client.put(`/api/users/${agent.me.ID}/status`, { user_status: "active" });
    expect((await new Client(t.url).post("/api/login", { email: agent.email, password: PASSWORD })).status).toBe(200);
  });

  it("deletes a user", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    expect((await admin.client.del(`/api/users/${agent.me.ID}`)).status).toBe(200);
    expect(errorCode(await admin.client.get(`/api/users/${agent.me.ID}`))).toBe("user_not_found");
    expect((await agent.client.get("/api/me")).status).toBe(401);
  });
});

/** Tries `action` on `user` as `client` and undoes what it changed; whether the server allowed it. */
async function allowed(client: Client, user: UserView, action: UserAction): Promise<boolean> {
  const path = `/api/users/${user.ID}`;
  const ok = (response: { status: number }) => response.status === 200;
  switch (action) {
    case "edit":
      return ok(await client.put(path, { first_name: user.first_name }));
    case "change_role": {
      const changed = ok(await client.put(path, { role: user.role === "agent" ? "guest" : "agent" }));
      if (changed) await client.put(path, { role: user.role });
      return changed;
    }
    case "change_status": {
      const changed = ok(await client.put(`${path}/status`, { user_status: user.user_status === "active" ? "inactive" : "active" }));
      if (changed) await client.put(`${path}/status`, { user_status: user.user_status });
      return changed;
    }
    case "resend_invite":
      return ok(await client.post(`${path}/resend-invite`));
    case "delete":
      return ok(await client.del(path));
  }
}

/** Every row's `can` against what the server then does, deletions last (they cannot be undone). */
async function expectCanMatchesServer(client: Client) {
  const rows = (await client.get<List>("/api/users?page_size=100")).body.items;
  for (const action of ["edit", "change_role", "change_status", "resend_invite", "delete"] as const) {
    for (const row of rows)
      expect({ row: row.email ?? row.user_name, action, allowed: await allowed(client, row, action) }).toEqual({
        row: row.email ?? row.user_name,
        action,
        allowed: row.can[action],
      });
  }
  return rows;
}

describe("per-row abilities (`can`)", () => {
  it("say exactly what the server allows: for a manager nothing, for an admin all but the owner's and their own role, status and deletion", async () => {
    const owner = await companyAdmin(t);
    const manager = await colleague(t, owner.client, "manager");
    const admin = await colleague(t, owner.client, "admin");
    const pendingEmail = `${unique("invited")}@example.mn`;
    await owner.client.post("/api/users/invite", { first_name: "Туяа", last_name: "Бор", email: pendingEmail, role: "guest" });

    const seenByManager = await expectCanMatchesServer(manager.client);
    expect(seenByManager.every((row) => Object.values(row.can).every((can) => !can))).toBe(true);

    const seenByAdmin = await expectCanMatchesServer(admin.client);
    const canOf = (match: (row: UserView) => boolean) => seenByAdmin.find(match)?.can;
    const protectedRow = { edit: true, change_role: false, change_status: false, delete: false, resend_invite: false };
    expect(canOf((row) => row.is_owner)).toEqual(protectedRow);
    expect(canOf((row) => row.ID === admin.me.ID)).toEqual(protectedRow);
    expect(canOf((row) => row.ID === manager.me.ID)).toEqual({ edit: true, change_role: true, change_status: true, delete: true, resend_invite: false });
    expect(canOf((row) => row.email === pendingEmail)).toEqual({ edit: true, change_role: true, change_status: true, delete: true, resend_invite: true });
    expect(canOf((row) => row.user_type === "virtual_agent")).toEqual({
      edit: false,
      change_role: false,
      change_status: false,
      delete: false,
      resend_invite: false,
    });
    expect((await admin.client.get<List>("/api/users")).body.total).toBe(3);
  });

  it("come with a single user and with the answer to a change", async () => {
    const owner = await companyAdmin(t);
    const agent = await colleague(t, owner.client, "agent");
    expect((await owner.client.get<UserView>(`/api/users/${owner.me.ID}`)).body.can).toMatchObject({ edit: true, delete: false });
    expect((await owner.client.put<UserView>(`/api/users/${agent.me.ID}`, { first_name: "Номин" })).body.can).toMatchObject({
      change_role: true,
      delete: true,
    });
  });
});

describe("presence", () => {
  it("is online after login, away on request and offline after logout", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    const presenceOf = async () => (await admin.client.get<UserView>(`/api/users/${agent.me.ID}`)).body.presence;
    expect(await presenceOf()).toBe("online");
    await agent.client.put("/api/me/presence", { presence: "away" });
    expect(await presenceOf()).toBe("away");
    await agent.client.get("/api/logout");
    expect(await presenceOf()).toBe("offline");
  });
});
