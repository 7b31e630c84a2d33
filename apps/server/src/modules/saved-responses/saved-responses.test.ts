import type { SavedResponseView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = { items: SavedResponseView[]; total: number };

describe("saved responses", () => {
  it("creates with the author and date, searches by key or text, edits and deletes", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<SavedResponseView>("/api/saved-responses", { key: "/hello", text: "Сайн байна уу! Танд юугаар туслах вэ?" });
    expect(created.body).toMatchObject({ key: "hello", created_by: { id: admin.me.ID, name: "Батбаяр Дорж" } });
    await admin.client.post("/api/saved-responses", { key: "hours", text: "Бид 09:00-18:00 цагт ажилладаг." });
    expect((await admin.client.get<List>("/api/saved-responses?search=/hel")).body.items.map((r) => r.key)).toEqual(["hello"]);
    expect((await admin.client.get<List>("/api/saved-responses?search=ажилладаг")).body.items.map((r) => r.key)).toEqual(["hours"]);
    const edited = await admin.client.put<SavedResponseView>(`/api/saved-responses/${created.body.id}`, { key: "hi", text: "Сайн уу" });
    expect(edited.body.key).toBe("hi");
    expect((await admin.client.del(`/api/saved-responses/${created.body.id}`)).status).toBe(200);
    expect((await admin.client.get<List>("/api/saved-responses")).body.total).toBe(1);
  });

  it("keys are unique (case-insensitively) and have no spaces; text is required", async () => {
    const admin = await companyAdmin(t);
    await admin.client.post("/api/saved-responses", { key: "thanks", text: "Баярлалаа" });
    const duplicate = await admin.client.post("/api/saved-responses", { key: "THANKS", text: "Баярлалаа!" });
    expect(duplicate.status).toBe(409);
    expect(fieldCode(duplicate, "key")).toBe("saved_response_key_duplicate");
    const spaced = await admin.client.post("/api/saved-responses", { key: "two words", text: "" });
    expect(fieldCode(spaced, "key")).toBe("saved_response_key_invalid");
    expect(fieldCode(spaced, "text")).toBe("required");
  });

  it("agents read them; only settings.edit changes them; other companies see none", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<SavedResponseView>("/api/saved-responses", { key: "bye", text: "Баяртай" });
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<List>("/api/saved-responses")).body.total).toBe(1);
    expect(errorCode(await agent.client.post("/api/saved-responses", { key: "x", text: "y" }))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<List>("/api/saved-responses")).body.total).toBe(0);
    expect((await other.client.put(`/api/saved-responses/${created.body.id}`, { key: "hack", text: "x" })).status).toBe(404);
    expect((await other.client.del(`/api/saved-responses/${created.body.id}`)).status).toBe(404);
  });
});
