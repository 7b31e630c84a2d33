import type { ContactTypeView, ContactView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("contact types", () => {
  it("CRUD with a unique name per company; deleting a type clears it from contacts", async () => {
    const admin = await companyAdmin(t);
    const vip = await admin.client.post<ContactTypeView>("/api/contact-types", { name: "VIP", description: "Онцгой" });
    expect(vip.body).toMatchObject({ name: "VIP", description: "Онцгой" });
    const duplicate = await admin.client.post("/api/contact-types", { name: "vip" });
    expect(duplicate.status).toBe(409);
    expect(fieldCode(duplicate, "name")).toBe("contact_type_exists");
    expect(fieldCode(await admin.client.post("/api/contact-types", { name: " " }), "name")).toBe("required");
    const edited = await admin.client.put<ContactTypeView>(`/api/contact-types/${vip.body.id}`, { name: "Алтан", description: "" });
    expect(edited.body.name).toBe("Алтан");
    const contact = await admin.client.post<ContactView>("/api/contacts", { first_name: "Болд", phone: "99001122", type_id: vip.body.id });
    expect((await admin.client.del(`/api/contact-types/${vip.body.id}`)).status).toBe(200);
    expect((await admin.client.get<ContactView>(`/api/contacts/${contact.body.id}`)).body.type).toBeNull();
    // Another company may use the same name.
    expect((await (await companyAdmin(t)).client.post("/api/contact-types", { name: "Алтан" })).status).toBe(200);
  });

  it("members read them, only settings.edit changes them, other companies never see or change them", async () => {
    const admin = await companyAdmin(t);
    const type = await admin.client.post<ContactTypeView>("/api/contact-types", { name: "Бөөний" });
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<{ items: ContactTypeView[] }>("/api/contact-types")).body.items).toHaveLength(1);
    expect(errorCode(await agent.client.post("/api/contact-types", { name: "Жижиг" }))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<{ items: ContactTypeView[] }>("/api/contact-types")).body.items).toHaveLength(0);
    expect((await other.client.put(`/api/contact-types/${type.body.id}`, { name: "hack" })).status).toBe(404);
    expect((await other.client.del(`/api/contact-types/${type.body.id}`)).status).toBe(404);
  });
});
