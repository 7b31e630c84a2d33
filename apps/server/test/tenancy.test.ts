import type { CompanyView, MailDomainView, RoleMatrixView, UserView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.ts";
import { colleague, companyAdmin } from "./factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5fb5ec30000000049454e44ae426082",
  "hex",
);

describe("tenant isolation: a user of company A never reads or changes company B's data", () => {
  it("every endpoint that takes an id answers 404 for another company's resource and changes nothing", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    const bAgent = await colleague(t, b.client, "agent");
    const bDomain = (await b.client.post<MailDomainView>("/api/company/mail-domains", { domain: "b-company.mn" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)]), "logo.png");
    const bLogo = (await b.client.request<CompanyView>("POST", "/api/company/logo", undefined, { raw: form })).body.logo_url ?? "";
    const bFileId = new URL(bLogo, "http://x").searchParams.get("v");

    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/api/users/${bAgent.me.ID}`],
      ["PUT", `/api/users/${bAgent.me.ID}`, { first_name: "Хакер" }],
      ["PUT", `/api/users/${bAgent.me.ID}/status`, { user_status: "inactive" }],
      ["DELETE", `/api/users/${bAgent.me.ID}`],
      ["POST", `/api/users/${bAgent.me.ID}/resend-invite`, {}],
      ["PUT", `/api/company/mail-domains/${bDomain.id}`, { domain: "hacked.mn" }],
      ["DELETE", `/api/company/mail-domains/${bDomain.id}`],
      ["GET", `/api/files/${bFileId}`],
      ["POST", "/api/company/transfer-ownership", { user_id: bAgent.me.ID, confirm: true }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await a.client.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }

    const bUser = await b.client.get<UserView>(`/api/users/${bAgent.me.ID}`);
    expect(bUser.body).toMatchObject({ first_name: "Сараа", user_status: "active" });
    const bDomains = await b.client.get<{ items: MailDomainView[] }>("/api/company/mail-domains");
    expect(bDomains.body.items.map((d) => d.domain)).toEqual(["b-company.mn"]);
  });

  it("lists only show the caller's company", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    await colleague(t, b.client, "agent");
    await b.client.post("/api/company/mail-domains", { domain: "only-b.mn" });
    const users = await a.client.get<{ items: UserView[] }>("/api/users?page_size=100");
    expect(users.body.items.every((u) => u.ID === a.me.ID || u.user_type === "virtual_agent")).toBe(true);
    expect((await a.client.get<{ items: MailDomainView[] }>("/api/company/mail-domains")).body.items).toEqual([]);
    const outbox = await a.client.get<{ items: Array<{ to: string }> }>("/api/outbox?page_size=100");
    expect(outbox.body.items).toEqual([]);
    expect((await a.client.get<CompanyView>("/api/company")).body.id).toBe(a.me.company_id);
  });

  it("editing roles in A leaves B's matrix alone", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    const before = (await b.client.get<RoleMatrixView>("/api/roles")).body;
    await a.client.put("/api/roles/guest", { permissions: [] });
    await a.client.put("/api/roles/manager", { permissions: ["call.make"] });
    expect((await b.client.get<RoleMatrixView>("/api/roles")).body).toEqual(before);
  });
});
