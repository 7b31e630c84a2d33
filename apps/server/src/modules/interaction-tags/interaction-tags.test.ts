import type { InteractionTagView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("interaction tags", () => {
  it("names are non-empty, at least 2 characters and unique", async () => {
    const admin = await companyAdmin(t);
    expect(fieldCode(await admin.client.post("/api/interaction-tags", { name: "" }), "name")).toBe("required");
    expect(fieldCode(await admin.client.post("/api/interaction-tags", { name: "А" }), "name")).toBe("tag_name_too_short");
    const created = await admin.client.post<InteractionTagView>("/api/interaction-tags", {
      name: "Гомдол",
      description: "Хэрэглэгчийн гомдол",
      important: true,
    });
    expect(created.body).toMatchObject({ name: "Гомдол", important: true });
    expect(errorCode(await admin.client.post("/api/interaction-tags", { name: "гомдол" }))).toBe("tag_exists");
    const other = await admin.client.post<InteractionTagView>("/api/interaction-tags", { name: "Захиалга" });
    expect(errorCode(await admin.client.put(`/api/interaction-tags/${other.body.id}`, { name: "ГОМДОЛ" }))).toBe("tag_exists");
  });

  it("members list them, settings.edit changes them, other companies cannot touch them", async () => {
    const admin = await companyAdmin(t);
    const tag = await admin.client.post<InteractionTagView>("/api/interaction-tags", { name: "Буцаалт" });
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<{ total: number }>("/api/interaction-tags")).body.total).toBe(1);
    expect((await agent.client.del(`/api/interaction-tags/${tag.body.id}`)).status).toBe(403);
    const other = await companyAdmin(t);
    expect((await other.client.put(`/api/interaction-tags/${tag.body.id}`, { name: "Хак" })).status).toBe(404);
    expect((await other.client.del(`/api/interaction-tags/${tag.body.id}`)).status).toBe(404);
    expect((await admin.client.del(`/api/interaction-tags/${tag.body.id}`)).status).toBe(200);
  });
});
