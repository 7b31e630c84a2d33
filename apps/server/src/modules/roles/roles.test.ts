import type { MeView, RoleMatrixView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("role settings", () => {
  it("admins edit a role's permissions and members feel it at once", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get("/api/users")).status).toBe(403);
    const updated = await admin.client.put<RoleMatrixView>("/api/roles/agent", { permissions: ["settings.view", "interaction.start"] });
    expect(updated.body.roles.agent).toEqual(["interaction.start", "settings.view"]);
    expect((await agent.client.get<MeView>("/api/me")).body.permissions.sort()).toEqual(["interaction.start", "settings.view"]);
    expect((await agent.client.get("/api/users")).status).toBe(200);
    await admin.client.put("/api/roles/agent", { permissions: [] });
    expect((await agent.client.get<MeView>("/api/me")).body.permissions).toEqual([]);
  });

  it("the admin role is not editable and unknown permissions are rejected", async () => {
    const admin = await companyAdmin(t);
    expect(errorCode(await admin.client.put("/api/roles/admin", { permissions: [] }))).toBe("role_invalid");
    expect(errorCode(await admin.client.put("/api/roles/guest", { permissions: ["everything"] }))).toBe("invalid_parameters");
  });

  it("a manager with settings.view cannot edit roles, not even their own", async () => {
    const admin = await companyAdmin(t);
    const manager = await colleague(t, admin.client, "manager");
    expect((await manager.client.get("/api/roles")).status).toBe(200);
    expect(
      (await manager.client.put("/api/roles/manager", { permissions: [...(await manager.client.get<MeView>("/api/me")).body.permissions, "settings.edit"] }))
        .status,
    ).toBe(403);
    expect((await manager.client.put("/api/roles/guest", { permissions: [] })).status).toBe(403);
  });

  it("a guest sees no settings and cannot invite", async () => {
    const admin = await companyAdmin(t);
    const guest = await colleague(t, admin.client, "guest");
    const me = (await guest.client.get<MeView>("/api/me")).body;
    expect(me.permissions).not.toContain("settings.view");
    for (const [method, path] of [
      ["GET", "/api/roles"],
      ["GET", "/api/company/mail-domains"],
      ["GET", "/api/outbox"],
    ] as const) {
      expect((await guest.client.request(method, path)).status, path).toBe(403);
    }
    const invite = await guest.client.post("/api/users/invite", { first_name: "Сараа", last_name: "Бат", email: "a@b.mn", role: "admin" });
    expect(errorCode(invite)).toBe("forbidden");
  });

  it("a user without a company reaches no company endpoint", async () => {
    const { client } = await (await import("../../../test/factories.ts")).signUp(t);
    expect(errorCode(await client.get("/api/company"))).toBe("forbidden");
    expect(errorCode(await client.get("/api/users"))).toBe("forbidden");
  });
});
