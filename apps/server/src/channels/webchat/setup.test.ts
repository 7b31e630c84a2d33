import type { ChannelView, VirtualAgentView, WebchatChannelView, WebchatSessionView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const webchatInput = (domain = `${unique("shop")}.mn`) => ({
  name: "Вэб чат",
  description: "Манай вэбсайтын чат",
  domain: `https://${domain}/contact?x=1`,
  name_mn: "Номин туслах",
  name_en: "Nomin helper",
  greeting_mn: "Сайн байна уу! Бид танд туслахад бэлэн.",
  greeting_en: "Hello! How can we help?",
  brand_color: "#0ca678",
  faq: [{ question_mn: "Хүргэлт хэд хоног вэ?", answer_mn: "2-3 хоног." }],
});

describe("web-chat channels", () => {
  it("creates a channel with its settings, keys and the embed snippet", async () => {
    const admin = await companyAdmin(t);
    const input = webchatInput();
    const created = await admin.client.post<WebchatChannelView>("/api/webchat-channels", input);
    expect(created.status).toBe(200);
    const domain = new URL(input.domain).hostname;
    expect(created.body).toMatchObject({ type: "webchat", domain, brand_color: "#0CA678", text_color: "#FFFFFF", language: "mn", active: true });
    expect(created.body.public_key.length).toBeGreaterThan(15);
    expect(created.body.embed_snippet).toContain(`data-holboo-key="${created.body.public_key}"`);
    expect(created.body.faq[0]).toMatchObject({ question_mn: "Хүргэлт хэд хоног вэ?", question_en: "" });
    const list = await admin.client.get<{ items: ChannelView[] }>(`/api/company/${admin.me.company_id}/channel`);
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, type: "webchat", number: domain })]);
  });

  it("requires the domain and a non-empty description, limits greetings, and keeps domains unique", async () => {
    const admin = await companyAdmin(t);
    const bad = await admin.client.post("/api/webchat-channels", {
      ...webchatInput(),
      domain: "",
      description: "  ",
      greeting_mn: "а".repeat(301),
      brand_color: "green",
    });
    expect(fieldCode(bad, "domain")).toBe("required");
    expect(fieldCode(bad, "description")).toBe("required");
    expect(fieldCode(bad, "greeting_mn")).toBe("text_too_long");
    expect(fieldCode(bad, "brand_color")).toBe("color_invalid");
    const domain = `${unique("dup")}.mn`;
    expect((await admin.client.post("/api/webchat-channels", webchatInput(domain))).status).toBe(200);
    const other = await companyAdmin(t);
    const taken = await other.client.post("/api/webchat-channels", webchatInput(domain.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(fieldCode(taken, "domain")).toBe("webchat_domain_taken");
  });

  it("edits, deactivates and deletes", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<WebchatChannelView>("/api/webchat-channels", webchatInput());
    const edited = await admin.client.put<WebchatChannelView>(`/api/webchat-channels/${created.body.id}`, { ...webchatInput(), language: "en", faq: [] });
    expect(edited.body).toMatchObject({ language: "en", faq: [], public_key: created.body.public_key });
    expect((await admin.client.put<ChannelView>(`/api/channels/${created.body.id}/active`, { active: false })).body.active).toBe(false);
    expect((await admin.client.del(`/api/channels/${created.body.id}`)).status).toBe(200);
    expect(errorCode(await admin.client.get(`/api/webchat-channels/${created.body.id}`))).toBe("channel_not_found");
  });

  it("is tenant-scoped and permission-checked", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<WebchatChannelView>("/api/webchat-channels", webchatInput());
    const other = await companyAdmin(t);
    expect((await other.client.get(`/api/company/${admin.me.company_id}/channel`)).status).toBe(404);
    expect((await other.client.get(`/api/webchat-channels/${created.body.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/webchat-channels/${created.body.id}`, webchatInput())).status).toBe(404);
    expect((await other.client.put(`/api/channels/${created.body.id}/active`, { active: false })).status).toBe(404);
    expect((await other.client.del(`/api/channels/${created.body.id}`)).status).toBe(404);
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<{ items: unknown[] }>(`/api/company/${admin.me.company_id}/channel`)).body.items).toHaveLength(1);
    expect((await agent.client.get(`/api/webchat-channels/${created.body.id}`)).status).toBe(403);
    expect((await agent.client.post("/api/webchat-channels", webchatInput())).status).toBe(403);
  });

  it("takes a logo image of at most 1 MB that the widget loads publicly, and only the company's admins change it", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<WebchatChannelView>("/api/webchat-channels", webchatInput());
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const upload = (client: typeof admin.client, data: Uint8Array, name = "logo.png") => {
      const form = new FormData();
      form.append("file", new Blob([data]), name);
      return client.request<WebchatChannelView>("POST", `/api/webchat-channels/${created.body.id}/logo`, undefined, { raw: form });
    };
    expect(errorCode(await upload(admin.client, new TextEncoder().encode("not an image"), "logo.txt"))).toBe("logo_not_image");
    expect(errorCode(await upload(admin.client, new Uint8Array(1024 * 1024 + 1)))).toBe("logo_too_large");
    const other = await companyAdmin(t);
    expect(errorCode(await upload(other.client, png))).toBe("channel_not_found");
    const agent = await colleague(t, admin.client, "agent");
    expect((await upload(agent.client, png)).status).toBe(403);

    const withLogo = await upload(admin.client, png);
    expect(withLogo.body.logo_url).toMatch(new RegExp(`^/api/webchat/logo/${created.body.public_key}\\?v=`));
    const image = await fetch(`${t.url}${withLogo.body.logo_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const removed = await admin.client.del<WebchatChannelView>(`/api/webchat-channels/${created.body.id}/logo`);
    expect(removed.body.logo_url).toBeNull();
    expect((await fetch(`${t.url}/api/webchat/logo/${created.body.public_key}`)).status).toBe(404);
  });

  it("is served by one of the company's own virtual agents, which once switched on can answer when no person is online", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/me/presence", { presence: "away" });
    const other = await companyAdmin(t);
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const [foreign] = (await other.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    if (!agent || !foreign) throw new Error("onboarding creates the primary agent");
    const input = webchatInput();
    expect(fieldCode(await admin.client.post("/api/webchat-channels", { ...input, agent_active: true }), "agent_id")).toBe("virtual_agent_required");
    expect(fieldCode(await admin.client.post("/api/webchat-channels", { ...input, agent_id: foreign.id, agent_active: true }), "agent_id")).toBe(
      "virtual_agent_not_found",
    );
    const created = await admin.client.post<WebchatChannelView>("/api/webchat-channels", { ...input, agent_id: agent.id });
    expect(created.body).toMatchObject({ agent_id: agent.id, agent_active: false });
    const session = async () =>
      (
        await new Client(t.url).post<WebchatSessionView>("/api/webchat/session", {
          public_key: created.body.public_key,
          host_origin: `https://${created.body.domain}`,
        })
      ).body;
    expect((await session()).online).toBe(false);
    const switchedOn = await admin.client.put<WebchatChannelView>(`/api/webchat-channels/${created.body.id}`, {
      ...input,
      agent_id: agent.id,
      agent_active: true,
    });
    expect(switchedOn.body.agent_active).toBe(true);
    expect((await session()).online).toBe(true);
  });
});
