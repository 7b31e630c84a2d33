import type { CompanyView, MailDomainView, MeView, UserView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5fb5ec30000000049454e44ae426082",
  "hex",
);

function upload(
  client: { request: (m: string, p: string, b?: unknown, o?: { raw?: RequestInit["body"] }) => Promise<{ status: number; body: unknown }> },
  data: Buffer,
  name = "logo.png",
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return client.request("POST", "/api/company/logo", undefined, { raw: form });
}

const validCompany = (name: string) => ({ name, contact_email: "info@nomin.mn", phone: "+97699112233", sector: "finance", employee_range: "51-200" });

describe("company settings", () => {
  it("reads and updates the company with validation", async () => {
    const admin = await companyAdmin(t);
    const name = `Голомт ${unique()}`;
    const updated = await admin.client.put<CompanyView>("/api/company", validCompany(name));
    expect(updated.body).toMatchObject({ name, sector: "finance", employee_range: "51-200", owner_id: admin.me.ID, owner_name: "Батбаяр Дорж" });
    const bad = await admin.client.put("/api/company", { name: "", contact_email: "nope", phone: "12", sector: "x", employee_range: "y" });
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "name")).toBe("name_empty");
    expect(fieldCode(bad, "contact_email")).toBe("email_invalid");
    expect(fieldCode(bad, "phone")).toBe("phone_invalid");
    expect(fieldCode(bad, "sector")).toBe("sector_invalid");
    expect((await admin.client.get<CompanyView>("/api/company")).body.name).toBe(name);
  });

  it("refuses a name another company has", async () => {
    const first = await companyAdmin(t);
    const second = await companyAdmin(t);
    const firstName = (await first.client.get<CompanyView>("/api/company")).body.name;
    expect(errorCode(await second.client.put("/api/company", validCompany(firstName)))).toBe("company_exists");
  });

  it("needs settings.edit to change it", async () => {
    const admin = await companyAdmin(t);
    const manager = await colleague(t, admin.client, "manager");
    expect((await manager.client.get("/api/company")).status).toBe(200);
    expect((await manager.client.put("/api/company", validCompany(`Х ${unique()}`))).status).toBe(403);
  });

  it("accepts an image logo up to 1 MB, checked by content", async () => {
    const admin = await companyAdmin(t);
    const ok = await upload(admin.client, PNG);
    expect(ok.status).toBe(200);
    expect((ok.body as CompanyView).logo_url).toMatch(/^\/api\/company\/logo/);
    const logo = await admin.client.get("/api/company/logo");
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(errorCode((await upload(admin.client, Buffer.from("<svg onload=alert(1)>"), "logo.png")) as never)).toBe("logo_not_image");
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(errorCode((await upload(admin.client, big)) as never)).toBe("logo_too_large");
  });
});

describe("mail domains", () => {
  it("adds, edits and deletes domains; rejects duplicates and invalid ones", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<MailDomainView>("/api/company/mail-domains", { domain: "Nomin.MN", description: "Үндсэн домэйн" });
    expect(created.body).toMatchObject({ domain: "nomin.mn", status: "active" });
    expect(errorCode(await admin.client.post("/api/company/mail-domains", { domain: "nomin.mn" }))).toBe("mail_domain_duplicate");
    expect(errorCode(await admin.client.post("/api/company/mail-domains", { domain: "not a domain" }))).toBe("mail_domain_invalid");
    const edited = await admin.client.put<MailDomainView>(`/api/company/mail-domains/${created.body.id}`, { domain: "nomin.mn", status: "inactive" });
    expect(edited.body.status).toBe("inactive");
    const list = await admin.client.get<{ items: MailDomainView[]; total: number }>("/api/company/mail-domains");
    expect(list.body.total).toBe(1);
    expect((await admin.client.del(`/api/company/mail-domains/${created.body.id}`)).status).toBe(200);
    expect((await admin.client.del(`/api/company/mail-domains/${created.body.id}`)).status).toBe(404);
  });

  it("two companies may each register the same domain", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    expect((await a.client.post("/api/company/mail-domains", { domain: "shared.mn" })).status).toBe(200);
    expect((await b.client.post("/api/company/mail-domains", { domain: "shared.mn" })).status).toBe(200);
  });
});

describe("ownership", () => {
  it("transfers once, irreversibly, and only to an admin", async () => {
    const owner = await companyAdmin(t);
    const agent = await colleague(t, owner.client, "agent");
    const admin = await colleague(t, owner.client, "admin");
    expect(errorCode(await owner.client.post("/api/company/transfer-ownership", { user_id: admin.me.ID }))).toBe("required");
    expect(errorCode(await owner.client.post("/api/company/transfer-ownership", { user_id: agent.me.ID, confirm: true }))).toBe("ownership_target_not_admin");
    expect(errorCode(await admin.client.post("/api/company/transfer-ownership", { user_id: admin.me.ID, confirm: true }))).toBe("only_owner_can_transfer");
    const done = await owner.client.post<CompanyView>("/api/company/transfer-ownership", { user_id: admin.me.ID, confirm: true });
    expect(done.body).toMatchObject({ owner_id: admin.me.ID, ownership_transferred: true });
    expect((await admin.client.get<MeView>("/api/me")).body.is_owner).toBe(true);
    expect(errorCode(await admin.client.post("/api/company/transfer-ownership", { user_id: owner.me.ID, confirm: true }))).toBe(
      "ownership_already_transferred",
    );
    // The new owner is now protected; the former owner is an ordinary admin.
    expect(errorCode(await owner.client.put(`/api/users/${admin.me.ID}/status`, { user_status: "inactive" }))).toBe("owner_protected");
    const former = await admin.client.put<UserView>(`/api/users/${owner.me.ID}`, { role: "manager" });
    expect(former.body.role).toBe("manager");
  });
});

describe("deleting the company", () => {
  it("only the owner (the creator until a transfer) may, after typing the company name; their account stays", async () => {
    const creator = await companyAdmin(t);
    const admin = await colleague(t, creator.client, "admin");
    const name = (await creator.client.get<CompanyView>("/api/company")).body.name;
    expect((await admin.client.get<MeView>("/api/me")).body.can_delete_company).toBe(false);
    expect((await creator.client.get<MeView>("/api/me")).body.can_delete_company).toBe(true);
    expect(errorCode(await admin.client.del("/api/company", { confirm_name: name }))).toBe("only_owner_can_delete_company");
    expect(fieldCode(await creator.client.del("/api/company", { confirm_name: "wrong" }), "confirm_name")).toBe("validation_failed");
    expect((await creator.client.del("/api/company", { confirm_name: name })).status).toBe(200);
    expect((await creator.client.get<MeView>("/api/me")).body.company_id).toBe(0);
    expect((await admin.client.get("/api/me")).status).toBe(401);
  });

  it("after a transfer, the new owner may and the creator (demoted to agent by them) may not", async () => {
    const creator = await companyAdmin(t);
    const heir = await colleague(t, creator.client, "admin");
    const name = (await creator.client.get<CompanyView>("/api/company")).body.name;
    expect((await creator.client.post("/api/company/transfer-ownership", { user_id: heir.me.ID, confirm: true })).status).toBe(200);
    expect((await heir.client.put(`/api/users/${creator.me.ID}`, { role: "agent" })).status).toBe(200);
    const demoted = (await creator.client.get<MeView>("/api/me")).body;
    expect(demoted).toMatchObject({ role: "agent", is_company_creator: true, can_delete_company: false });
    expect(errorCode(await creator.client.del("/api/company", { confirm_name: name }))).toBe("only_owner_can_delete_company");
    expect((await creator.client.get<CompanyView>("/api/company")).status).toBe(200);
    expect((await heir.client.get<MeView>("/api/me")).body.can_delete_company).toBe(true);
    expect((await heir.client.del("/api/company", { confirm_name: name })).status).toBe(200);
    expect((await heir.client.get<MeView>("/api/me")).body.company_id).toBe(0);
    expect((await creator.client.get("/api/me")).status).toBe(401);
  });
});
