import type { ContactInteractionView, ContactListItem, ContactTypeView, ContactView, ListResponse } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type ApiResponse, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique, visitor, webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = ListResponse<ContactListItem>;
const person = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Болд",
  last_name: "Дорж",
  phone: `9${Math.floor(1000000 + Math.random() * 8999999)}`,
  ...overrides,
});
const details = (response: ApiResponse<unknown>) => (response.body as { error: { details?: Record<string, number> } }).error.details;

describe("contact fields and validation", () => {
  it("stores every spec field, normalises phones and e-mails, and shows the creator", async () => {
    const admin = await companyAdmin(t);
    const type = await admin.client.post<ContactTypeView>("/api/contact-types", { name: "VIP", description: "Онцгой харилцагч" });
    const created = await admin.client.post<ContactView>("/api/contacts", {
      first_name: " Сарнай ",
      last_name: "Бат",
      email: "Sarnai@Example.MN",
      email2: "s.bat@gmail.com",
      phone: "9911 2233",
      phone2: "+14155550123",
      company_name: "Номин ХХК",
      profession: "Нягтлан",
      city: "Улаанбаатар",
      district: "Сүхбаатар",
      subdistrict: "1-р хороо",
      address_detail: "Энхтайваны өргөн чөлөө 5",
      note: "Өглөө залгах",
      description: "Байнгын үйлчлүүлэгч",
      type_id: type.body.id,
      special: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      first_name: "Сарнай",
      email: "sarnai@example.mn",
      phone: "+97699112233",
      phone2: "+14155550123",
      city: "Улаанбаатар",
      type: { id: type.body.id, name: "VIP" },
      special: true,
      created_by: "user",
      created_by_user: { id: admin.me.ID },
      social_accounts: [],
    });
    const edited = await admin.client.put<ContactView>(`/api/contacts/${created.body.id}`, { first_name: "Сарнай", phone: "+976 8811 2233", special: false });
    expect(edited.body).toMatchObject({ phone: "+97688112233", email: null, special: false, type: null });
  });

  it("rejects bad input with catalogue codes and changes nothing", async () => {
    const admin = await companyAdmin(t);
    const bad = await admin.client.post("/api/contacts", {
      first_name: "",
      last_name: "Б",
      email: "not-an-email",
      phone: "12345",
      address_detail: "x".repeat(501),
      note: "x".repeat(1001),
    });
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "first_name")).toBe("name_empty");
    expect(fieldCode(bad, "last_name")).toBe("contact_surname_too_short");
    expect(fieldCode(bad, "email")).toBe("email_invalid");
    expect(fieldCode(bad, "phone")).toBe("phone_invalid");
    expect(fieldCode(bad, "address_detail")).toBe("contact_address_too_long");
    expect(fieldCode(bad, "note")).toBe("contact_note_too_long");
    expect(fieldCode(await admin.client.post("/api/contacts", { first_name: "x".repeat(61), phone: "99112233" }), "first_name")).toBe("name_too_long");
    expect(fieldCode(await admin.client.post("/api/contacts", { first_name: "Болд" }), "phone")).toBe("contact_phone_or_email_required");
    const otherType = await (await companyAdmin(t)).client.post<ContactTypeView>("/api/contact-types", { name: "Бусад" });
    expect(fieldCode(await admin.client.post("/api/contacts", person({ type_id: otherType.body.id })), "type_id")).toBe("contact_type_not_found");
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(0);
  });
});

describe("duplicates and retried adds", () => {
  it("a contact with the same e-mail or phone answers contact_exists with the existing id", async () => {
    const admin = await companyAdmin(t);
    const first = await admin.client.post<ContactView>("/api/contacts", person({ email: "dup@example.mn", phone: "88001122" }));
    const sameEmail = await admin.client.post("/api/contacts", { first_name: "Өөр", email: "DUP@example.mn" });
    expect(sameEmail.status).toBe(409);
    expect(fieldCode(sameEmail, "email")).toBe("contact_exists");
    expect(details(sameEmail)).toEqual({ contact_id: first.body.id });
    const samePhone = await admin.client.post("/api/contacts", { first_name: "Өөр", phone2: "+97688001122", email: "other@example.mn" });
    expect(fieldCode(samePhone, "phone2")).toBe("contact_exists");
    const second = await admin.client.post<ContactView>("/api/contacts", person());
    expect(errorCode(await admin.client.put(`/api/contacts/${second.body.id}`, person({ email: "dup@example.mn" })))).toBe("contact_exists");
    expect((await admin.client.put(`/api/contacts/${first.body.id}`, person({ email: "dup@example.mn", phone: "88001122" }))).status).toBe(200);
    // Another company may hold the same e-mail.
    expect((await (await companyAdmin(t)).client.post("/api/contacts", person({ email: "dup@example.mn" }))).status).toBe(200);
  });

  it("a retried add with the same idempotency key returns the first contact, also when both arrive together", async () => {
    const admin = await companyAdmin(t);
    const body = person({ idempotency_key: unique("add-") });
    const [a, b] = await Promise.all([admin.client.post<ContactView>("/api/contacts", body), admin.client.post<ContactView>("/api/contacts", body)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.id).toBe(b.body.id);
    expect((await admin.client.post<ContactView>("/api/contacts", body)).body.id).toBe(a.body.id);
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(1);
  });
});

describe("list, search and filters", () => {
  it("searches names, e-mails and phones and filters by type, special, creator, channel and date", async () => {
    const company = await webchatCompany(t);
    const admin = company.client;
    const vip = await admin.post<ContactTypeView>("/api/contact-types", { name: "VIP" });
    const a = await admin.post<ContactView>("/api/contacts", { first_name: "Тэмүүлэн", email: "temuulen@shop.mn", type_id: vip.body.id, special: true });
    const b = await admin.post<ContactView>("/api/contacts", { first_name: "Anna", last_name: "Smith", phone: "95551234" });
    await (await visitor(t, company.channel)).send("Сайн уу");
    const ids = async (query: string) => {
      const response = await admin.get<List>(`/api/contacts?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.items.map((c) => c.id);
    };
    expect(await ids("search=тэмүү")).toEqual([a.body.id]);
    expect(await ids("search=SMITH")).toEqual([b.body.id]);
    expect(await ids("search=5551")).toEqual([b.body.id]);
    expect(await ids("search=shop.mn")).toEqual([a.body.id]);
    expect(await ids(`type_id=${vip.body.id}`)).toEqual([a.body.id]);
    expect(await ids("special=true")).toEqual([a.body.id]);
    expect(await ids("created_by=me")).toEqual([b.body.id, a.body.id]);
    const visitors = (await admin.get<List>("/api/contacts?created_by=unregistered")).body.items;
    expect(visitors).toHaveLength(1);
    expect(await ids("channel_type=webchat")).toEqual([visitors[0]?.id]);
    expect(await ids(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    const paged = (await admin.get<List>("/api/contacts?page=2&page_size=2")).body;
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.items).toHaveLength(1);
  });

  it("without contact.view_all an agent sees, edits and merges only the contacts they registered", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    const adminsContact = await admin.client.post<ContactView>("/api/contacts", person());
    const agentsContact = await agent.client.post<ContactView>("/api/contacts", person());
    expect((await agent.client.get<List>("/api/contacts")).body.items.map((c) => c.id)).toEqual([agentsContact.body.id]);
    expect((await admin.client.get<List>("/api/contacts")).body.total).toBe(2);
    expect((await agent.client.get(`/api/contacts/${adminsContact.body.id}`)).status).toBe(404);
    expect((await agent.client.put(`/api/contacts/${adminsContact.body.id}`, person())).status).toBe(404);
    expect((await agent.client.post("/api/contacts/merge", { keep_id: agentsContact.body.id, remove_id: adminsContact.body.id })).status).toBe(404);
    expect(errorCode(await agent.client.del(`/api/contacts/${agentsContact.body.id}`))).toBe("forbidden");
    const guest = await colleague(t, admin.client, "guest");
    expect((await guest.client.get<List>("/api/contacts")).body.total).toBe(2);
    expect(errorCode(await guest.client.post("/api/contacts", person()))).toBe("forbidden");
  });
});

describe("per-contact abilities (`can`)", () => {
  it("say what the server does: an admin all, an agent edit and merge of their own, a guest nothing", async () => {
    const admin = await companyAdmin(t);
    const agent = await colleague(t, admin.client, "agent");
    const guest = await colleague(t, admin.client, "guest");
    const tryAll = async (client: typeof admin.client, owner: typeof admin.client) => {
      const made = async () => (await owner.post<ContactView>("/api/contacts", person())).body.id;
      const id = await made();
      const shown = (await client.get<ContactView>(`/api/contacts/${id}`)).body.can;
      const listed = (await client.get<List>("/api/contacts?page_size=100")).body.items.find((c) => c.id === id)?.can;
      expect(listed).toEqual(shown);
      const does = {
        edit: (await client.put(`/api/contacts/${id}`, person())).status === 200,
        merge: (await client.post("/api/contacts/merge", { keep_id: id, remove_id: await made() })).status === 200,
        delete: (await client.del(`/api/contacts/${id}`)).status === 200,
      };
      expect(does).toEqual(shown);
      return shown;
    };
    expect(await tryAll(admin.client, admin.client)).toEqual({ edit: true, merge: true, delete: true });
    expect(await tryAll(agent.client, agent.client)).toEqual({ edit: true, merge: true, delete: false });
    expect(await tryAll(guest.client, admin.client)).toEqual({ edit: false, merge: false, delete: false });
  });
});

describe("detail and delete", () => {
  it("shows the contact's channel identities and every interaction; open interactions block deletion", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const interactionId = (await v.send("Сайн байна уу")).body.interaction_id;
    const contactId = (await company.client.get<List>("/api/contacts?created_by=unregistered")).body.items[0]?.id ?? 0;
    const detail = (await company.client.get<ContactView>(`/api/contacts/${contactId}`)).body;
    expect(detail.social_accounts).toMatchObject([{ channel: { id: company.channel.id, type: "webchat" } }]);
    const history = (await company.client.get<{ items: ContactInteractionView[] }>(`/api/contacts/${contactId}/interactions`)).body.items;
    expect(history).toMatchObject([{ id: interactionId, status: "open", channel: { type: "webchat" } }]);

    const blocked = await company.client.del(`/api/contacts/${contactId}`);
    expect(blocked.status).toBe(409);
    expect(errorCode(blocked)).toBe("contact_has_open_work");
    await company.client.post(`/api/interactions/${interactionId}/close`, {});
    expect((await company.client.del(`/api/contacts/${contactId}`)).status).toBe(200);
    expect((await company.client.get(`/api/contacts/${contactId}`)).status).toBe(404);
  });

  it("another company never reads or changes a contact through any endpoint", async () => {
    const owner = await companyAdmin(t);
    const contact = await owner.client.post<ContactView>("/api/contacts", person({ email: "mine@example.mn" }));
    const spare = await owner.client.post<ContactView>("/api/contacts", person());
    const other = await companyAdmin(t);
    const own = await other.client.post<ContactView>("/api/contacts", person());
    const id = contact.body.id;
    expect((await other.client.get<List>("/api/contacts?search=mine")).body.total).toBe(0);
    expect((await other.client.get(`/api/contacts/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/contacts/${id}/interactions`)).status).toBe(404);
    expect((await other.client.put(`/api/contacts/${id}`, person())).status).toBe(404);
    expect((await other.client.del(`/api/contacts/${id}`)).status).toBe(404);
    expect((await other.client.post("/api/contacts/merge", { keep_id: own.body.id, remove_id: id })).status).toBe(404);
    expect((await other.client.post("/api/contacts/merge", { keep_id: id, remove_id: spare.body.id })).status).toBe(404);
    const exported = await other.client.get<string>("/api/contacts/export?format=csv");
    expect(exported.body).not.toContain("mine@example.mn");
    expect((await owner.client.get<ContactView>(`/api/contacts/${id}`)).body).toMatchObject({ email: "mine@example.mn", first_name: "Болд" });
    expect((await owner.client.get<List>("/api/contacts")).body.total).toBe(2);
  });
});
