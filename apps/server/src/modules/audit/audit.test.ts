import type { AuditEntryView, AuditFields, ContactView, ListResponse, WebchatChannelView } from "@holboo/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema.ts";
import { Client, errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, withheldLink, unique, webchatInput } from "../../../test/factories.ts";
import { recordAudit } from "./audit.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Admin = Awaited<ReturnType<typeof companyAdmin>>;

async function entries(client: Client, query = "") {
  const response = await client.get<ListResponse<AuditEntryView>>(`/api/audit?page_size=100${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

/** The entries of one action, newest first, read through the API. */
const ofAction = async (admin: Admin, action: string) => entries(admin.client, `&action=${action}`);
const rowsOf = (companyId: number) => t.database.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));

describe("what is recorded", () => {
  it("users: invite, profile and role changes, deactivation, deletion and a password reset, with actor, time and address", async () => {
    const admin = await companyAdmin(t);
    const before = Date.now();
    const agent = await colleague(t, admin.client, "agent");
    const [invite] = await ofAction(admin, "user.invite");
    expect(invite).toMatchObject({
      actor: { id: admin.me.ID, name: "Батбаяр Дорж" },
      target_type: "user",
      target_id: String(agent.user.ID),
      after: { email: agent.email, role: "agent" },
      ip: "127.0.0.1",
    });
    expect(new Date(invite!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    await admin.client.put(`/api/users/${agent.user.ID}`, { first_name: "Сарнай" });
    await admin.client.put(`/api/users/${agent.user.ID}`, { role: "manager" });
    expect((await ofAction(admin, "user.update"))[0]).toMatchObject({ before: { first_name: "Сараа" }, after: { first_name: "Сарнай" } });
    expect((await ofAction(admin, "user.role_change"))[0]).toMatchObject({ before: { role: "agent" }, after: { role: "manager" } });

    expect((await admin.client.post("/api/password/forgot", { email: agent.email })).status).toBe(200);
    const token = withheldLink(t, agent.email).searchParams.get("token");
    expect((await new Client(t.url).post("/api/password/reset", { token, password: "new-password-77" })).status).toBe(200);
    expect((await ofAction(admin, "user.password_reset"))[0]).toMatchObject({ actor: { id: agent.user.ID }, target_id: String(agent.user.ID) });

    await admin.client.put(`/api/users/${agent.user.ID}/status`, { user_status: "inactive" });
    expect((await ofAction(admin, "user.deactivate"))[0]).toMatchObject({ before: { status: "active" }, after: { status: "inactive" } });
    await admin.client.del(`/api/users/${agent.user.ID}`);
    expect((await ofAction(admin, "user.delete"))[0]).toMatchObject({ target_id: String(agent.user.ID), before: { email: agent.email } });
  });

  it("roles, company settings, channels, the model provider, a contacts export and a contact's deletion", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/roles/agent", { permissions: ["interaction.start", "audit.view"] });
    expect((await ofAction(admin, "role.permissions_change"))[0]).toMatchObject({
      target_type: "role",
      target_id: "agent",
      before: { permissions: ["interaction.start", "interaction.edit", "issue.edit", "contact.edit", "call.make"] },
      after: { permissions: ["interaction.start", "audit.view"] },
    });

    const name = `Голомт ${unique()}`;
    await admin.client.put("/api/company", { name, contact_email: "info@nomin.mn", phone: "+97699112233", sector: "finance", employee_range: "51-200" });
    expect((await ofAction(admin, "company.update"))[0]).toMatchObject({ target_type: "company", after: { name, sector: "finance" } });

    const input = webchatInput();
    const channel = await admin.client.post<WebchatChannelView>("/api/webchat-channels", input);
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    const channelId = String(channel.body.id);
    await admin.client.put(`/api/webchat-channels/${channelId}`, { ...input, name: "Шинэ нэр" });
    await admin.client.put(`/api/channels/${channelId}/active`, { active: false });
    expect((await admin.client.del(`/api/channels/${channelId}`)).status).toBe(200);
    const channelEntries = (await entries(admin.client)).filter((entry) => entry.target_type === "channel");
    expect(channelEntries.map((entry) => [entry.action, entry.target_id])).toEqual([
      ["channel.disconnect", channelId],
      ["channel.update", channelId],
      ["channel.update", channelId],
      ["channel.create", channelId],
    ]);
    expect(channelEntries[2]).toMatchObject({ before: { name: "Вэб чат" }, after: { name: "Шинэ нэр" } });

    const key = "sk-very-secret-key-123456";
    await admin.client.put("/api/settings/model-provider", { base_url: "https://models.invalid/v1", api_key: key, chat_model: "gpt-x", embedding_model: "" });
    await admin.client.del("/api/settings/model-provider");
    const provider = (await entries(admin.client)).filter((entry) => entry.target_type === "model_provider");
    expect(provider.map((entry) => entry.action)).toEqual(["model_provider.remove", "model_provider.update"]);
    expect(provider[1]!.after).toMatchObject({ base_url: "https://models.invalid/v1", chat_model: "gpt-x", new_key: true });
    expect(JSON.stringify(await rowsOf(admin.me.company_id))).not.toContain(key);

    const contact = await admin.client.post<ContactView>("/api/contacts", { first_name: "Болд", last_name: "Бат", phone: "99112233" });
    expect((await admin.client.get("/api/contacts/export?format=csv")).status).toBe(200);
    expect((await ofAction(admin, "contact.export"))[0]).toMatchObject({ target_type: "export", after: { format: "csv", rows: 1 } });
    expect((await admin.client.del(`/api/contacts/${contact.body.id}`)).status).toBe(200);
    expect((await ofAction(admin, "contact.delete"))[0]).toMatchObject({ target_id: String(contact.body.id), before: { name: "Болд Бат" } });
  });
});

describe("what the log missed before", () => {
  const upload = (client: Client, csv: string) => {
    const form = new FormData();
    form.append("mapping", JSON.stringify({ first_name: 0, email: 1 }));
    form.append("file", new Blob([csv]), "contacts.csv");
    return client.request<{ imported: number }>("POST", "/api/contacts/import", undefined, { raw: form });
  };

  it("a contact import and merge, mail-domain changes, issue settings and knowledge folders, each in its change's transaction", async () => {
    const admin = await companyAdmin(t);
    const imported = await upload(admin.client, "name,email\nБолд,bold@example.mn\nСараа,saraa@example.mn\n");
    expect(imported.body.imported).toBe(2);
    expect((await ofAction(admin, "contact.import"))[0]).toMatchObject({
      actor: { id: admin.me.ID },
      target_type: "contact",
      after: { format: "csv", rows: 2 },
    });

    const contacts = (await admin.client.get<ListResponse<ContactView>>("/api/contacts")).body.items;
    const [kept, removed] = [contacts.find((c) => c.first_name === "Болд")!, contacts.find((c) => c.first_name === "Сараа")!];
    expect((await admin.client.post("/api/contacts/merge", { keep_id: kept.id, remove_id: removed.id })).status).toBe(200);
    expect((await ofAction(admin, "contact.merge"))[0]).toMatchObject({
      target_id: String(kept.id),
      after: { name: "Болд", removed_name: "Сараа", removed_id: removed.id },
    });

    const domain = await admin.client.post<{ id: number }>("/api/company/mail-domains", { domain: `${unique()}.mn`, description: "Үндсэн" });
    await admin.client.put(`/api/company/mail-domains/${domain.body.id}`, { domain: "nomin.mn", description: "Үндсэн", status: "inactive" });
    expect((await admin.client.del(`/api/company/mail-domains/${domain.body.id}`)).status).toBe(200);
    const domains = (await entries(admin.client)).filter((entry) => entry.target_type === "mail_domain");
    expect(domains.map((entry) => entry.action)).toEqual(["mail_domain.delete", "mail_domain.update", "mail_domain.create"]);
    expect(domains[1]).toMatchObject({ after: { domain: "nomin.mn", status: "inactive" }, before: { status: "active" } });

    const tag = await admin.client.post<{ id: number }>("/api/issue-tags", { name: "Хүргэлт", description: "", color: "#fa5252" });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    await admin.client.put(`/api/issue-tags/${tag.body.id}`, { name: "Хүргэлт удаан", description: "", color: "#fa5252" });
    expect((await admin.client.del(`/api/issue-tags/${tag.body.id}`)).status).toBe(200);
    const settings = (await entries(admin.client)).filter((entry) => entry.target_type === "issue_setting");
    expect(settings.map((entry) => entry.action)).toEqual(["issue_setting.delete", "issue_setting.update", "issue_setting.create"]);
    expect(settings[2]).toMatchObject({ after: { kind: "tag", name: "Хүргэлт", color: "#fa5252" } });
    expect(settings[1]).toMatchObject({ before: { name: "Хүргэлт" }, after: { name: "Хүргэлт удаан" } });

    const folder = await admin.client.post<{ id: number; agent_ids: number[] }>("/api/knowledge/folders", { name: "Хүргэлт" });
    expect(folder.status, JSON.stringify(folder.body)).toBe(200);
    await admin.client.put(`/api/knowledge/folders/${folder.body.id}`, { name: "Хүргэлт ба буцаалт", parent_id: null });
    expect((await admin.client.del(`/api/knowledge/folders/${folder.body.id}`, { confirm_word: "устгах" })).status).toBe(200);
    const folders = (await entries(admin.client)).filter((entry) => entry.target_type === "knowledge_folder");
    expect(folders.map((entry) => entry.action)).toEqual(["knowledge_folder.delete", "knowledge_folder.update", "knowledge_folder.create"]);
    expect(folders[2]).toMatchObject({ after: { name: "Хүргэлт", parent_id: null, agent_ids: folder.body.agent_ids.map(String) } });
    expect(folders[1]).toMatchObject({ before: { name: "Хүргэлт" }, after: { name: "Хүргэлт ба буцаалт" } });

    // A refused change writes no entry: a duplicate tag name.
    await admin.client.post("/api/issue-tags", { name: "Давхар", description: "", color: "#fa5252" });
    expect(errorCode(await admin.client.post("/api/issue-tags", { name: "Давхар", description: "", color: "#fa5252" }))).toBe("issue_setting_exists");
    expect((await ofAction(admin, "issue_setting.create")).filter((entry) => entry.after?.name === "Давхар")).toHaveLength(1);
  });
});

describe("what is recorded beside them", () => {
  it("virtual agents added, edited and deleted, a plan bought and its extension switched, and a dashboard export", async () => {
    const admin = await companyAdmin(t);
    const agent = await admin.client.post<{ id: number }>("/api/virtual-agents", { name: "Туслах", agent_type: "social_agent", channels: [], folder_ids: [] });
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    const edited = { name: "Туслах 2", agent_type: "social_agent", active: false, channels: [], folder_ids: [] };
    expect((await admin.client.put(`/api/virtual-agents/${agent.body.id}`, edited)).status).toBe(200);
    expect((await admin.client.del(`/api/virtual-agents/${agent.body.id}`, { transfer_to: null })).status).toBe(200);
    const [created] = await ofAction(admin, "virtual_agent.create");
    expect(created).toMatchObject({ target_type: "virtual_agent", target_id: String(agent.body.id), after: { name: "Туслах" } });
    const [update] = await ofAction(admin, "virtual_agent.update");
    expect(update).toMatchObject({ before: { name: "Туслах", active: true }, after: { name: "Туслах 2", active: false } });
    expect((await ofAction(admin, "virtual_agent.delete"))[0]).toMatchObject({ before: { name: "Туслах 2" }, after: null });

    const bought = await admin.client.post("/api/billing/purchase", { plan: "business", term: "month", auto_extend: true, agree_terms: true });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await ofAction(admin, "billing.purchase"))[0]).toMatchObject({ target_type: "subscription", after: { plan: "business", term: "month" } });

    const exported = await admin.client.get("/api/dashboard/export?period=7_day&format=csv");
    expect(exported.status).toBe(200);
    expect((await ofAction(admin, "dashboard.export"))[0]).toMatchObject({ target_type: "export", after: { format: "csv" } });
  });
});

describe("written with the change", () => {
  it("a change that fails leaves no entry", async () => {
    const admin = await companyAdmin(t);
    const input = webchatInput();
    expect((await admin.client.post("/api/webchat-channels", input)).status).toBe(200);
    const other = await companyAdmin(t);
    // The domain is taken: the channel's insert passed, its site's failed, and the whole transaction with it.
    const taken = await other.client.post("/api/webchat-channels", input);
    expect(errorCode(taken)).toBe("webchat_domain_taken");
    expect(await rowsOf(other.me.company_id)).toEqual([]);
    const agent = await colleague(t, admin.client, "agent");
    const count = (await rowsOf(admin.me.company_id)).length;
    expect(errorCode(await agent.client.put(`/api/users/${admin.me.ID}`, { role: "agent" }))).toBe("forbidden");
    expect(errorCode(await admin.client.put(`/api/users/${admin.me.ID}/status`, { user_status: "inactive" }))).toBeTruthy();
    expect(await rowsOf(admin.me.company_id)).toHaveLength(count);
  });

  it("recordAudit writes in the caller's transaction: a rollback takes the entry with it", async () => {
    const admin = await companyAdmin(t);
    const actor = { userId: admin.me.ID, companyId: admin.me.company_id, ip: "192.0.2.1" };
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { action: "company.update", targetType: "company", targetId: admin.me.company_id, after: { name: "x" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsOf(admin.me.company_id)).toEqual([]);
    // A field core does not list cannot be written (a type error); one that slips through looking like a secret is dropped.
    const slipped = { name: "y", api_key: "hidden", token: "t" } as AuditFields;
    await recordAudit(t.database.db, actor, { action: "company.update", targetType: "company", after: slipped });
    expect((await rowsOf(admin.me.company_id)).map((row) => row.after)).toEqual([{ name: "y" }]);
  });
});

describe("reading it", () => {
  it("only with audit.view (admins by default), only the own company's, and filtered by actor, action and dates", async () => {
    const admin = await companyAdmin(t);
    const manager = await colleague(t, admin.client, "manager");
    const other = await companyAdmin(t);
    await other.client.put("/api/roles/guest", { permissions: [] });

    expect(errorCode(await manager.client.get("/api/audit"))).toBe("forbidden");
    expect((await entries(other.client)).map((entry) => entry.action)).toEqual(["role.permissions_change"]);
    // Another company's actor, as a filter, finds nothing of theirs.
    expect(await entries(admin.client, `&actor_id=${other.me.ID}`)).toEqual([]);

    await admin.client.put("/api/roles/manager", { permissions: ["settings.view", "audit.view"] });
    const byManager = await entries(manager.client);
    expect(byManager.map((entry) => entry.action)).toEqual(["role.permissions_change", "user.invite"]);
    expect(await entries(manager.client, `&actor_id=${manager.me.ID}`)).toEqual([]);
    expect((await entries(manager.client, `&actor_id=${admin.me.ID}&action=user.invite`)).map((entry) => entry.target_id)).toEqual([String(manager.user.ID)]);
    const at = (ms: number) => encodeURIComponent(new Date(Date.now() + ms).toISOString());
    expect(await entries(admin.client, `&from=${at(-3_600_000)}&to=${at(60_000)}`)).toHaveLength(2);
    expect(await entries(admin.client, `&from=${at(60_000)}`)).toEqual([]);
    expect(await entries(admin.client, `&to=${at(-3_600_000)}`)).toEqual([]);
    expect((await admin.client.get("/api/audit?from=yesterday")).status).toBe(400);
    expect((await admin.client.get("/api/audit?action=user.nothing")).status).toBe(400);
  });

  it("cannot be edited or deleted: there is no such route, and the table refuses an UPDATE", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/roles/guest", { permissions: [] });
    const [entry] = await entries(admin.client);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await admin.client.request(method, `/api/audit/${entry!.id}`, { action: "user.invite" })).status).toBe(404);
    }
    expect((await admin.client.request("DELETE", "/api/audit")).status).toBe(404);
    await expect(t.database.db.update(auditLog).set({ action: "user.invite" }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    expect((await entries(admin.client))[0]).toEqual(entry);
  });
});
