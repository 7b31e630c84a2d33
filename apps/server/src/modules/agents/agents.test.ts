import type { AgentView, FlowView, FolderView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, webchatCompany } from "../../../test/factories.ts";
import { agentServesChannel, assertAgentRemovable, canRemoveAgent } from "./agents.policy.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5fb5ec30000000049454e44ae426082",
  "hex",
);
const path = "/api/virtual-agents";
type List = { items: AgentView[] };

function uploadPhoto(client: Client, id: number, data: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), "agent.png");
  return client.request<AgentView>("POST", `${path}/${id}/photo`, undefined, { raw: form });
}
const folder = async (client: Client, name: string) => (await client.post<FolderView>("/api/knowledge/folders", { name })).body;
const agents = async (client: Client) => (await client.get<List>(path)).body.items;
const primaryOf = async (client: Client) => (await agents(client)).find((a) => a.is_primary) as AgentView;

describe("virtual agents", () => {
  it("lists the primary agent, adds an additional one with a photo, channel and folder, and edits it", async () => {
    const admin = await webchatCompany(t);
    const [primary] = await agents(admin.client);
    expect(primary).toMatchObject({ is_primary: true, agent_type: "social_agent", active: true, removable: false });
    const faq = await folder(admin.client, "Түгээмэл асуулт");
    const created = await admin.client.post<AgentView>(path, {
      name: "  Сараа  ",
      agent_type: "social_agent",
      channels: [{ channel_id: admin.channel.id, active: false }],
      folder_ids: [faq.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      name: "Сараа",
      is_primary: false,
      active: true,
      photo_url: null,
      removable: true,
      channels: [{ id: admin.channel.id, active: false }],
      folders: [{ id: faq.id, name: "Түгээмэл асуулт" }],
      flows: [],
    });

    const photo = await uploadPhoto(admin.client, created.body.id, PNG);
    expect(photo.body.photo_url).toMatch(/^\/api\/files\//);
    const served = await admin.client.get(photo.body.photo_url ?? "");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(errorCode(await uploadPhoto(admin.client, created.body.id, Buffer.from("<svg onload=alert(1)>")))).toBe("agent_photo_not_image");
    expect(errorCode(await uploadPhoto(admin.client, created.body.id, Buffer.alloc(1024 * 1024 + 10, 1)))).toBe("agent_photo_too_large");

    const flow = await admin.client.post<FlowView>("/api/flows", { title: "Захиалга", agent_id: created.body.id });
    const edited = await admin.client.put<AgentView>(`${path}/${created.body.id}`, {
      name: "Сараа 2",
      agent_type: "social_agent",
      active: false,
      channels: [{ channel_id: admin.channel.id, active: true }],
      folder_ids: [],
    });
    expect(edited.body).toMatchObject({ name: "Сараа 2", active: false, channels: [{ id: admin.channel.id, active: true }], folders: [] });
    expect(edited.body.flows).toEqual([{ id: flow.body.id, title: "Захиалга", status: "draft" }]);
    // The channel now names this agent (the channel settings read the same column).
    const list = await agents(admin.client);
    expect(list.map((a) => a.name)).toEqual([primary?.name, "Сараа 2"]);
    expect(list[0]?.channels).toEqual([]);
  });

  it("keeps one active agent per channel: a channel another agent has started is refused until it is ended there", async () => {
    const admin = await webchatCompany(t);
    const primary = await primaryOf(admin.client);
    const input = { name: "Primary", agent_type: "social_agent", channels: [{ channel_id: admin.channel.id, active: true }], folder_ids: [] };
    expect((await admin.client.put(`${path}/${primary.id}`, input)).status).toBe(200);
    const second = await admin.client.post<AgentView>(path, { ...input, name: "Second" });
    expect(second.status).toBe(409);
    expect(fieldCode(second, "channels")).toBe("agent_channel_taken");
    expect((await agents(admin.client)).length).toBe(1);
    // Ended on the primary, the channel can be taken over; the primary no longer serves it.
    await admin.client.put(`${path}/${primary.id}`, { ...input, channels: [{ channel_id: admin.channel.id, active: false }] });
    const taken = await admin.client.post<AgentView>(path, { ...input, name: "Second" });
    expect(taken.body.channels).toEqual([{ id: admin.channel.id, name: admin.channel.name, type: "webchat", active: true }]);
    expect((await primaryOf(admin.client)).channels).toEqual([]);
  });

  it("adding an agent counts against the package: the trial's last place is taken, the next is refused and nothing is added", async () => {
    const admin = await companyAdmin(t);
    const input = { name: "Нэмэлт", agent_type: "social_agent", channels: [], folder_ids: [] };
    // The trial allows two agents: the primary made at onboarding and one more.
    expect((await admin.client.post<AgentView>(path, input)).status).toBe(200);
    const refused = await admin.client.post<AgentView>(path, { ...input, name: "Илүү" });
    expect(errorCode(refused)).toBe("agent_limit_exceeded");
    expect((await agents(admin.client)).map((a) => a.name)).not.toContain("Илүү");
  });

  it("a call operator serves voice channels only; bad input is refused and changes nothing", async () => {
    const admin = await webchatCompany(t);
    const operator = await admin.client.post(path, {
      name: "Оператор",
      agent_type: "call_operator",
      channels: [{ channel_id: admin.channel.id, active: true }],
    });
    expect(fieldCode(operator, "channels")).toBe("agent_channel_type_mismatch");
    const bad = await admin.client.post(path, { name: "   ", agent_type: "robot", active: "yes", folder_ids: [0] });
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "name")).toBe("required");
    expect(fieldCode(bad, "agent_type")).toBe("invalid_parameters");
    expect(fieldCode(await admin.client.post(path, { name: "x".repeat(61), agent_type: "social_agent" }), "name")).toBe("name_too_long");
    expect(fieldCode(await admin.client.post(path, { name: "A", agent_type: "social_agent", folder_ids: [999999] }), "folder_ids")).toBe(
      "agent_folders_invalid",
    );
    expect(
      fieldCode(await admin.client.post(path, { name: "A", agent_type: "social_agent", channels: [{ channel_id: 999999, active: true }] }), "channels"),
    ).toBe("channel_not_found");
    expect((await agents(admin.client)).length).toBe(1);
    expect(agentServesChannel("call_operator", "voice")).toBe(true);
    expect(agentServesChannel("social_agent", "voice")).toBe(false);
  });

  it("the primary cannot be removed; deleting an agent deletes its flows and transfers its folders when asked", async () => {
    const admin = await webchatCompany(t);
    const primary = await primaryOf(admin.client);
    const refused = await admin.client.del(`${path}/${primary.id}`, { transfer_to: null });
    expect(errorCode(refused)).toBe("primary_bot_cannot_be_removed");
    const kept = await folder(admin.client, "Хүргэлт");
    const make = async (name: string, folderIds: number[]) =>
      (
        await admin.client.post<AgentView>(path, {
          name,
          agent_type: "social_agent",
          channels: [{ channel_id: admin.channel.id, active: false }],
          folder_ids: folderIds,
        })
      ).body;
    const first = await make("Нэг", [kept.id]);
    const flow = await admin.client.post<FlowView>("/api/flows", { title: "Хүргэлт", agent_id: first.id });
    expect(fieldCode(await admin.client.del(`${path}/${first.id}`, { transfer_to: first.id }), "transfer_to")).toBe("agent_transfer_invalid");
    expect((await admin.client.del(`${path}/${first.id}`, { transfer_to: primary.id })).status).toBe(200);
    expect((await admin.client.get(`/api/flows/${flow.body.id}`)).status).toBe(404);
    const after = await primaryOf(admin.client);
    expect(after.folders.map((f) => f.id)).toContain(kept.id);
    expect((await admin.client.get(`${path}/${first.id}`)).status).toBe(404);

    const second = await make("Хоёр", []);
    // A folder only this agent answers from.
    const dropped = (await admin.client.post<FolderView>("/api/knowledge/folders", { name: "Буцаалт", agent_ids: [second.id] })).body;
    expect(dropped.agent_ids).toEqual([second.id]);
    expect((await admin.client.del(`${path}/${second.id}`, { transfer_to: null })).status).toBe(200);
    const folders = (await admin.client.get<{ items: FolderView[] }>("/api/knowledge/folders")).body.items;
    expect(folders.find((f) => f.id === dropped.id)?.agent_ids).toEqual([]);
    expect((await primaryOf(admin.client)).folders.map((f) => f.id)).not.toContain(dropped.id);
    // The channel it served is free again.
    const channel = (await admin.client.get<{ agent_id: number | null }>(`/api/webchat-channels/${admin.channel.id}`)).body;
    expect(channel.agent_id).toBeNull();
  });

  it("neither the primary nor an additional agent billing holds until the next invoice can be removed", () => {
    expect(canRemoveAgent({ isPrimary: false }, false)).toBe(true);
    expect(canRemoveAgent({ isPrimary: false }, true)).toBe(false);
    expect(canRemoveAgent({ isPrimary: true }, false)).toBe(false);
    expect(() => assertAgentRemovable({ isPrimary: false }, true)).toThrow(expect.objectContaining({ code: "agent_remove_before_invoice" }));
    expect(() => assertAgentRemovable({ isPrimary: false }, false)).not.toThrow();
    expect(() => assertAgentRemovable({ isPrimary: true }, false)).toThrow(expect.objectContaining({ code: "primary_bot_cannot_be_removed" }));
  });

  it("making another agent primary moves the primary role; the former primary becomes removable", async () => {
    const admin = await companyAdmin(t);
    const primary = await primaryOf(admin.client);
    const other = (await admin.client.post<AgentView>(path, { name: "Шинэ", agent_type: "social_agent" })).body;
    const promoted = await admin.client.put<AgentView>(`${path}/${other.id}`, { name: "Шинэ", agent_type: "social_agent", is_primary: true });
    expect(promoted.body).toMatchObject({ is_primary: true, removable: false });
    const list = await agents(admin.client);
    expect(list.filter((a) => a.is_primary).map((a) => a.id)).toEqual([other.id]);
    expect(list.find((a) => a.id === primary.id)?.removable).toBe(true);
  });

  it("only settings.edit changes agents; another company sees and changes none of them", async () => {
    const admin = await webchatCompany(t);
    const created = (await admin.client.post<AgentView>(path, { name: "Тусгай", agent_type: "social_agent" })).body;
    const manager = await colleague(t, admin.client, "manager");
    expect((await manager.client.get<List>(path)).body.items.length).toBe(2);
    expect(errorCode(await manager.client.post(path, { name: "x", agent_type: "social_agent" }))).toBe("forbidden");
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await agent.client.get(path))).toBe("forbidden");

    const other = await webchatCompany(t);
    expect((await agents(other.client)).map((a) => a.id)).not.toContain(created.id);
    expect((await other.client.get(`${path}/${created.id}`)).status).toBe(404);
    expect((await other.client.put(`${path}/${created.id}`, { name: "hack", agent_type: "social_agent" })).status).toBe(404);
    expect((await uploadPhoto(other.client, created.id, PNG)).status).toBe(404);
    expect((await other.client.del(`${path}/${created.id}`, { transfer_to: null })).status).toBe(404);
    // Nor can they hand it their channel or folder, or give theirs to it.
    const theirFolder = await folder(other.client, "Тэдний");
    expect((await admin.client.put(`${path}/${created.id}`, { name: "Тусгай", agent_type: "social_agent", folder_ids: [theirFolder.id] })).status).toBe(400);
    expect(
      (
        await admin.client.put(`${path}/${created.id}`, {
          name: "Тусгай",
          agent_type: "social_agent",
          channels: [{ channel_id: other.channel.id, active: true }],
        })
      ).status,
    ).toBe(404);
    const otherPrimary = await primaryOf(other.client);
    expect((await admin.client.del(`${path}/${created.id}`, { transfer_to: otherPrimary.id })).status).toBe(400);
    expect((await agents(admin.client)).find((a) => a.id === created.id)?.name).toBe("Тусгай");
  });
});
