import type { ChannelView, CompanyView, ContactView, InteractionEventView, InteractionView, MessageView, ServiceRatingView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, unique, visitor, webchatCompany } from "../../../test/factories.ts";
import { ctiCompany, randomPhone } from "../../../test/call-center.ts";
import { insertIdentity } from "../contacts/contacts.repo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = { items: InteractionView[]; total: number };

describe("auto-assignment", () => {
  it("gives a new interaction to an online agent under the limit, else the queue", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const agent = await colleague(t, company.client, "agent");
    const first = await (await visitor(t, company.channel)).send("Сайн уу");
    const assigned = (await company.client.get<InteractionView>(`/api/interactions/${first.body.interaction_id}`)).body;
    expect(assigned).toMatchObject({ owner_type: "user", assignee: { id: agent.me.ID } });

    await company.client.put("/api/me/presence", { presence: "away" });
    await agent.client.put("/api/me/presence", { presence: "away" });
    const second = await (await visitor(t, company.channel)).send("Сайн уу");
    expect((await company.client.get<InteractionView>(`/api/interactions/${second.body.interaction_id}`)).body.owner_type).toBe("queue");
  });

  it("never gives an agent more open interactions than the company's limit", async () => {
    const company = await webchatCompany(t);
    const settings = (await company.client.get<CompanyView>("/api/company")).body;
    const edit = { name: settings.name, contact_email: "info@shop.mn", phone: "99112233", sector: "commerce", employee_range: "11-50" };
    expect(fieldCode(await company.client.put("/api/company", { ...edit, max_open_per_agent: 0 }), "max_open_per_agent")).toBe("invalid_parameters");
    expect((await company.client.put<CompanyView>("/api/company", { ...edit, max_open_per_agent: 1 })).body.max_open_per_agent).toBe(1);
    await company.client.put("/api/me/presence", { presence: "away" });
    const agent = await colleague(t, company.client, "agent");
    const owners = [];
    for (let i = 0; i < 2; i++) {
      const sent = await (await visitor(t, company.channel)).send("Сайн уу");
      owners.push((await company.client.get<InteractionView>(`/api/interactions/${sent.body.interaction_id}`)).body);
    }
    expect(owners.map((o) => o.owner_type)).toEqual(["user", "queue"]);
    expect(owners[0]?.assignee?.id).toBe(agent.me.ID);
  });
});

describe("what a conversation's life records as domain events", () => {
  it("records conversation.opened, .assigned and .closed with the changes that cause them", async () => {
    const company = await webchatCompany(t);
    const agent = await colleague(t, company.client, "agent");
    await agent.client.put("/api/me/presence", { presence: "away" });
    const record = vi.spyOn(t.app.events, "record");
    try {
      const sent = await (await visitor(t, company.channel)).send("Сайн уу");
      const id = sent.body.interaction_id;
      await company.client.post(`/api/interactions/${id}/assign`, { user_id: agent.me.ID });
      await agent.client.post(`/api/interactions/${id}/close`, {});
      const mine = record.mock.calls
        .map(([, name, payload]) => ({ name, payload: payload as { interaction_id?: number } }))
        .filter((event) => event.payload.interaction_id === id);
      expect(mine.map((event) => event.name)).toEqual([
        "conversation.opened",
        "conversation.assigned",
        "message.received",
        "conversation.assigned",
        "conversation.closed",
      ]);
      expect(mine[1]?.payload).toEqual({ company_id: company.me.company_id, interaction_id: id, owner_type: "user", assignee_user_id: company.me.ID });
      expect(mine[3]?.payload).toEqual({ company_id: company.me.company_id, interaction_id: id, owner_type: "user", assignee_user_id: agent.me.ID });
    } finally {
      record.mockRestore();
    }
  });
});

describe("starting a conversation", () => {
  it("reaches a contact on a channel they use; the person owns it and the visitor receives the first message", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const first = await v.send("Сайн уу");
    const contactId = (await company.client.get<InteractionView>(`/api/interactions/${first.body.interaction_id}`)).body.contact.id;
    const start = (extra: Record<string, unknown> = {}) =>
      company.client.post<InteractionView>("/api/interactions", {
        contact_id: contactId,
        channel_id: company.channel.id,
        title: "Захиалгын тухай",
        text: "Таны захиалга бэлэн боллоо.",
        client_id: unique("s-"),
        ...extra,
      });
    const busy = await start();
    expect(errorCode(busy)).toBe("interaction_already_open");
    await company.client.post(`/api/interactions/${first.body.interaction_id}/close`, {});
    expect(fieldCode(await start({ title: "  " }), "title")).toBe("interaction_title_required");
    const started = await start();
    expect(started.body).toMatchObject({ status: "open", owner_type: "user", assignee: { id: company.me.ID }, title: "Захиалгын тухай" });
    const events = (await v.events(started.body.id)).body.items;
    expect(events.map((e) => (e.payload.message as MessageView | undefined)?.text)).toContain("Таны захиалга бэлэн боллоо.");

    const stranger = (await company.client.post<{ id: number }>("/api/contacts", { first_name: "Болд", phone: "99112233" })).body;
    expect(errorCode(await start({ contact_id: stranger.id }))).toBe("contact_not_on_channel");
    const guest = await colleague(t, company.client, "guest");
    expect((await guest.client.post("/api/interactions", { contact_id: contactId, channel_id: company.channel.id, title: "x" })).status).toBe(403);
    const outsider = await webchatCompany(t);
    expect(errorCode(await outsider.client.post("/api/interactions", { contact_id: contactId, channel_id: outsider.channel.id, title: "x" }))).toBe(
      "contact_not_found",
    );
  });
});

describe("starting a conversation where it cannot go", () => {
  it("names the open conversation a contact already has, and refuses a phone line, which carries no messages", async () => {
    const company = await webchatCompany(t);
    const first = await (await visitor(t, company.channel)).send("Сайн уу");
    const open = (await company.client.get<InteractionView>(`/api/interactions/${first.body.interaction_id}`)).body;
    const busy = await company.client.post("/api/interactions", {
      contact_id: open.contact.id,
      channel_id: company.channel.id,
      title: "Захиалгын тухай",
      text: "Таны захиалга бэлэн боллоо.",
    });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ error: { code: "interaction_already_open", details: { interaction_id: open.id } } });

    const { admin } = await ctiCompany(t);
    const channels = (await admin.client.get<{ items: ChannelView[] }>(`/api/company/${admin.me.company_id}/channel`)).body.items;
    const line = channels.find((channel) => channel.type === "voice");
    expect(line).toBeDefined();
    const phone = randomPhone();
    const caller = (await admin.client.post<ContactView>("/api/contacts", { first_name: "Болд", phone })).body;
    await insertIdentity(t.database.db, { companyId: admin.me.company_id, contactId: caller.id, channelId: line!.id, externalId: phone, verified: true });
    const byPhone = await admin.client.post("/api/interactions", { contact_id: caller.id, channel_id: line!.id, title: "Захиалга", text: "Сайн байна уу" });
    expect(byPhone.status).toBe(400);
    expect(fieldCode(byPhone, "channel_id")).toBe("channel_not_for_messages");
    expect((await admin.client.get<{ total: number }>("/api/interactions?status=open")).body.total).toBe(0);
  });
});

describe("staff replies", () => {
  it("a reply takes the interaction from the queue, and a retried reply is stored once", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const v = await visitor(t, company.channel);
    const id = (await v.send("Сайн уу")).body.interaction_id;
    const body = { client_id: unique("reply-"), text: "Сайн байна уу! :)" };
    const [a, b] = await Promise.all([
      company.client.post<MessageView>(`/api/interactions/${id}/messages`, body),
      company.client.post<MessageView>(`/api/interactions/${id}/messages`, body),
    ]);
    expect(a.body.id).toBe(b.body.id);
    const interaction = (await company.client.get<InteractionView>(`/api/interactions/${id}`)).body;
    expect(interaction).toMatchObject({ owner_type: "user", assignee: { id: company.me.ID } });
    expect(interaction.first_response_at).not.toBeNull();
    const events = (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${id}/events`)).body.items;
    expect(events.map((e) => e.type)).toEqual(["message.created", "ownership.changed", "message.created"]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("needs interaction.edit; a guest cannot reply", async () => {
    const company = await webchatCompany(t);
    const guest = await colleague(t, company.client, "guest");
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    expect((await guest.client.post(`/api/interactions/${id}/messages`, { client_id: unique("g-"), text: "x" })).status).toBe(403);
  });

  it("loads a long history backwards, page by page", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    let id = 0;
    for (let i = 1; i <= 7; i++) id = (await v.send(`Мессеж ${i}`)).body.interaction_id;
    const newest = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages?limit=3`)).body.items;
    expect(newest.map((m) => m.text)).toEqual(["Мессеж 7", "Мессеж 6", "Мессеж 5"]);
    const older = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages?limit=3&before=${newest[2]?.seq}`)).body.items;
    expect(older.map((m) => m.text)).toEqual(["Мессеж 4", "Мессеж 3", "Мессеж 2"]);
  });

  it("names a customer's messages in the history after the conversation's contact, as the live push does", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const id = (await v.send("Сайн уу")).body.interaction_id;
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    const contactId = (await company.client.get<InteractionView>(`/api/interactions/${id}`)).body.contact.id;
    expect((await company.client.put(`/api/contacts/${contactId}`, { first_name: "Сарнай", phone: "+976 8811 2244", special: false })).status).toBe(200);
    const history = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;
    expect(history.find((m) => m.sender_type === "contact")?.sender.name).toBe("Сарнай");
  });
});

describe("ownership", () => {
  it("assign, take over, hand back to the AI agent and escalate are events in the thread", async () => {
    const company = await webchatCompany(t);
    const agent = await colleague(t, company.client, "agent");
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    await company.client.post(`/api/interactions/${id}/assign`, { user_id: company.me.ID });
    expect(errorCode(await company.client.post(`/api/interactions/${id}/escalate`))).toBe("escalate_failed");
    const back = await company.client.post<InteractionView>(`/api/interactions/${id}/hand-back`);
    expect(back.body).toMatchObject({ owner_type: "ai", assignee: null });
    await company.client.put("/api/me/presence", { presence: "away" });
    const escalated = await company.client.post<InteractionView>(`/api/interactions/${id}/escalate`);
    expect(escalated.body).toMatchObject({ owner_type: "user", assignee: { id: agent.me.ID } });
    const taken = await company.client.post<InteractionView>(`/api/interactions/${id}/take-over`);
    expect(taken.body).toMatchObject({ owner_type: "user", assignee: { id: company.me.ID } });
    expect(fieldCode(await company.client.post(`/api/interactions/${id}/assign`, { user_id: 999999 }), "user_id")).toBe("assignee_invalid");
    const reasons = (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${id}/events`)).body.items
      .filter((e) => e.type === "ownership.changed")
      .map((e) => e.payload.reason);
    expect(reasons).toContain("handed_back");
    expect(reasons).toContain("escalated");
    expect(reasons.at(-1)).toBe("taken_over");
  });

  it("an agent without 'view all' sees their own and the queue, not a colleague's", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const a = await colleague(t, company.client, "agent");
    const b = await colleague(t, company.client, "agent");
    await a.client.put("/api/me/presence", { presence: "away" });
    await b.client.put("/api/me/presence", { presence: "away" });
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    expect((await b.client.get<List>("/api/interactions")).body.items.map((i) => i.id)).toContain(id);
    await a.client.post(`/api/interactions/${id}/take-over`);
    expect((await b.client.get<List>("/api/interactions")).body.items.map((i) => i.id)).not.toContain(id);
    expect((await b.client.get(`/api/interactions/${id}`)).status).toBe(404);
    expect((await b.client.post(`/api/interactions/${id}/messages`, { client_id: unique("x-"), text: "x" })).status).toBe(404);
    expect((await company.client.get(`/api/interactions/${id}`)).status).toBe(200);
  });
});

describe("closing, tags and filters", () => {
  it("closing records the closer, mood and rating; closed ones are listed apart and filterable", async () => {
    const company = await webchatCompany(t);
    const tag = (await company.client.post<{ id: number }>("/api/interaction-tags", { name: `Гомдол ${unique()}` })).body;
    const v = await visitor(t, company.channel);
    const id = (await v.send("Гомдол байна")).body.interaction_id;
    const tagged = await company.client.put<InteractionView>(`/api/interactions/${id}/tags`, { tag_ids: [tag.id] });
    expect(tagged.body.tags.map((x) => x.id)).toEqual([tag.id]);
    const closed = await company.client.post<InteractionView>(`/api/interactions/${id}/close`, { mood: "angry", rating: 2 });
    expect(closed.body).toMatchObject({ status: "closed", mood: "angry", rating: 2, closer: { id: company.me.ID } });
    expect(closed.body.duration_ms).toBeGreaterThanOrEqual(0);
    expect(errorCode(await company.client.post(`/api/interactions/${id}/close`, {}))).toBe("interaction_closed");
    const closedList = await company.client.get<List>(`/api/interactions?status=closed&tag_id=${tag.id}&mood=angry&rating=2`);
    expect(closedList.body.items.map((i) => i.id)).toEqual([id]);
    expect((await company.client.get<List>(`/api/interactions?status=closed&mood=grinning`)).body.total).toBe(0);
    expect((await company.client.get<List>(`/api/interactions?status=closed&search=гомдол`)).body.total).toBe(1);
    const next = await v.send("Дахиад асуулт байна");
    expect(next.body.interaction_id).not.toBe(id);
  });

  it("a channel with an open interaction cannot be deleted", async () => {
    const company = await webchatCompany(t);
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    expect(errorCode(await company.client.del(`/api/channels/${company.channel.id}`))).toBe("channel_has_open_interactions");
    await company.client.post(`/api/interactions/${id}/close`, {});
    expect((await company.client.del(`/api/channels/${company.channel.id}`)).status).toBe(200);
  });
});

describe("service rating", () => {
  it("the customer rates once through the public servicerate link and the rating lands on the interaction", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const id = (await v.send("Баярлалаа")).body.interaction_id;
    const { url } = (await company.client.post<{ url: string }>(`/api/interactions/${id}/rating-request`)).body;
    expect(url).toMatch(/\/servicerate\//);
    const visitorEvents = (await v.events(id)).body.items.map((e) => e.type);
    expect(visitorEvents).toContain("rating.requested");
    const token = url.split("/").pop();
    const anonymous = new Client(t.url);
    expect((await anonymous.get<ServiceRatingView>(`/api/public/servicerate/${token}`)).body).toMatchObject({ rated: false, title: "Баярлалаа" });
    expect(fieldCode(await anonymous.post(`/api/public/servicerate/${token}`, { rating: 6 }), "rating")).toBe("invalid_parameters");
    expect((await anonymous.post<ServiceRatingView>(`/api/public/servicerate/${token}`, { rating: 5, comment: "Маш сайн" })).body.rated).toBe(true);
    expect(errorCode(await anonymous.post(`/api/public/servicerate/${token}`, { rating: 1 }))).toBe("rating_already_given");
    expect((await company.client.get<InteractionView>(`/api/interactions/${id}`)).body).toMatchObject({
      customer_rating: 5,
      rating: null,
      rating_comment: "Маш сайн",
    });
    expect(errorCode(await anonymous.get(`/api/public/servicerate/${"x".repeat(32)}`))).toBe("rating_link_invalid");
  });

  it("keeps both the closer's rating and the customer's own stars, each filterable", async () => {
    const company = await webchatCompany(t);
    const id = (await (await visitor(t, company.channel)).send("Асуулт")).body.interaction_id;
    await company.client.post(`/api/interactions/${id}/close`, { mood: "normal", rating: 2 });
    const { url } = (await company.client.post<{ url: string }>(`/api/interactions/${id}/rating-request`)).body;
    expect((await new Client(t.url).post(`/api/public/servicerate/${url.split("/").pop()}`, { rating: 5 })).status).toBe(200);
    expect((await company.client.get<InteractionView>(`/api/interactions/${id}`)).body).toMatchObject({ rating: 2, customer_rating: 5 });
    const ids = async (query: string) => (await company.client.get<List>(`/api/interactions?status=closed&${query}`)).body.items.map((i) => i.id);
    expect(await ids("rating=2&customer_rating=5")).toEqual([id]);
    expect(await ids("customer_rating=2")).not.toContain(id);
    expect(await ids("rating=5")).not.toContain(id);
  });
});

describe("read receipts", () => {
  it("staff reading marks the visitor's messages seen, and the visitor reading marks replies seen", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const inbound = await v.send("Сайн уу");
    const id = inbound.body.interaction_id;
    const reply = await company.client.post<MessageView>(`/api/interactions/${id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    await company.client.post(`/api/interactions/${id}/seen`, { up_to_seq: reply.body.seq });
    await v.seen(id, reply.body.seq);
    const statuses = (await v.events(id)).body.items.filter((e) => e.type === "message.status").map((e) => e.payload.message_ids);
    expect(statuses).toEqual([[inbound.body.id], [reply.body.id]]);
    const messages = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;
    expect(messages.every((m) => m.status === "seen")).toBe(true);
  });
});

describe("attachments", () => {
  it("accepts files up to 1 MB whose content is an allowed type", async () => {
    const company = await webchatCompany(t);
    const upload = (data: Uint8Array, name: string) => {
      const form = new FormData();
      form.append("file", new Blob([data]), name);
      return company.client.request<{ file_id: string; mime: string }>("POST", "/api/attachments", undefined, { raw: form });
    };
    const pdf = await upload(new TextEncoder().encode("%PDF-1.4 test"), "invoice.pdf");
    expect(pdf.body.mime).toBe("application/pdf");
    expect(errorCode(await upload(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]), "setup.exe"))).toBe("attachment_type_not_allowed");
    expect(errorCode(await upload(new Uint8Array(1024 * 1024 + 10).fill(65), "big.txt"))).toBe("attachment_too_large");
    const id = (await (await visitor(t, company.channel)).send("Файл илгээе")).body.interaction_id;
    const sent = await company.client.post<MessageView>(`/api/interactions/${id}/messages`, { client_id: unique("f-"), attachment_ids: [pdf.body.file_id] });
    expect(sent.body.attachments).toEqual([expect.objectContaining({ name: "invoice.pdf", mime: "application/pdf" })]);
    const file = await company.client.get(`/api/files/${pdf.body.file_id}`);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("lets a visitor download what was sent to them, never a private note's file nor another visitor's", async () => {
    const company = await webchatCompany(t);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([new TextEncoder().encode(`%PDF-1.4 ${name}`)]), name);
      return (await company.client.request<{ file_id: string }>("POST", "/api/attachments", undefined, { raw: form })).body.file_id;
    };
    const customer = await visitor(t, company.channel);
    const stranger = await visitor(t, company.channel);
    const id = (await customer.send("Нэхэмжлэх явуулна уу")).body.interaction_id;
    const invoice = await upload("invoice.pdf");
    const internal = await upload("internal.pdf");
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("f-"), attachment_ids: [invoice] });
    await company.client.post(`/api/interactions/${id}/messages`, { client_id: unique("n-"), attachment_ids: [internal], is_private: true });

    const download = await customer.file(invoice);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''invoice.pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(errorCode(await customer.file(internal))).toBe("file_not_found");
    expect(errorCode(await stranger.file(invoice))).toBe("file_not_found");
  });
});
