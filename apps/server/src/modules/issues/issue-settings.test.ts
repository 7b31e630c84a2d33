import type { IssueSettingView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("issue settings: types, tags with colour, reasons", () => {
  it("names are required, at least 2 characters and unique per kind in the company", async () => {
    const admin = await companyAdmin(t);
    expect(fieldCode(await admin.client.post("/api/issue-types", { name: "" }), "name")).toBe("required");
    expect(fieldCode(await admin.client.post("/api/issue-reasons", { name: "А" }), "name")).toBe("name_too_short");
    const type = await admin.client.post<IssueSettingView>("/api/issue-types", { name: "Гомдол", description: "Хэрэглэгчийн гомдол" });
    expect(type.body).toMatchObject({ kind: "type", name: "Гомдол", description: "Хэрэглэгчийн гомдол", color: null });
    expect(errorCode(await admin.client.post("/api/issue-types", { name: "гомдол" }))).toBe("issue_setting_exists");
    // The same name is fine for another kind.
    expect((await admin.client.post("/api/issue-reasons", { name: "Гомдол" })).status).toBe(200);
    const other = await admin.client.post<IssueSettingView>("/api/issue-types", { name: "Хүсэлт" });
    expect(errorCode(await admin.client.put(`/api/issue-types/${other.body.id}`, { name: "ГОМДОЛ" }))).toBe("issue_setting_exists");
  });

  it("tags carry a valid colour", async () => {
    const admin = await companyAdmin(t);
    expect(fieldCode(await admin.client.post("/api/issue-tags", { name: "Төлбөр", color: "red" }), "color")).toBe("color_invalid");
    const tag = await admin.client.post<IssueSettingView>("/api/issue-tags", { name: "Төлбөр", color: "#ff0000" });
    expect(tag.body).toMatchObject({ kind: "tag", color: "#ff0000" });
    const edited = await admin.client.put<IssueSettingView>(`/api/issue-tags/${tag.body.id}`, { name: "Төлбөр", color: "#00ff00" });
    expect(edited.body.color).toBe("#00ff00");
  });

  it("members list them, settings.edit changes them, a kind's id is not another kind's, other companies get 404", async () => {
    const admin = await companyAdmin(t);
    const reason = await admin.client.post<IssueSettingView>("/api/issue-reasons", { name: "Буцаалт" });
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<{ total: number }>("/api/issue-reasons")).body.total).toBe(1);
    expect((await agent.client.post("/api/issue-reasons", { name: "Шинэ" })).status).toBe(403);
    expect((await agent.client.del(`/api/issue-reasons/${reason.body.id}`)).status).toBe(403);
    expect(errorCode(await admin.client.del(`/api/issue-types/${reason.body.id}`))).toBe("issue_type_not_found");
    const other = await companyAdmin(t);
    expect((await other.client.get<{ total: number }>("/api/issue-reasons")).body.total).toBe(0);
    expect(errorCode(await other.client.put(`/api/issue-reasons/${reason.body.id}`, { name: "Хак" }))).toBe("issue_reason_not_found");
    expect((await other.client.del(`/api/issue-reasons/${reason.body.id}`)).status).toBe(404);
    expect((await admin.client.get<{ items: IssueSettingView[] }>("/api/issue-reasons")).body.items[0]?.name).toBe("Буцаалт");
    expect((await admin.client.del(`/api/issue-reasons/${reason.body.id}`)).status).toBe(200);
  });
});
