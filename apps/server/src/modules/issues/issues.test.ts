import type { InteractionView, IssueCommentView, IssueDetailView, IssueNotification, IssueSettingView, IssueView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, visitor, webchatCompany } from "../../../test/factories.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List = { items: IssueView[]; total: number };

/** A company with a web chat, a customer who wrote in, and the input of an issue about them. */
async function issueCompany() {
  const company = await webchatCompany(t);
  const sent = await (await visitor(t, company.channel)).send("Захиалга ирээгүй байна");
  const interaction = (await company.client.get<InteractionView>(`/api/interactions/${sent.body.interaction_id}`)).body;
  const input = {
    name: "Захиалга хоцорсон",
    priority: "high",
    contact_id: interaction.contact.id,
    channel_id: company.channel.id,
    interaction_id: interaction.id,
    assignee_id: company.me.ID,
  };
  return { ...company, interaction, input };
}

describe("issues", () => {
  it("requires name, priority, customer, channel and assignee, and refuses a short name and bad dates", async () => {
    const c = await issueCompany();
    const missing = await c.client.post("/api/issues", {});
    for (const [field, code] of [
      ["name", "issue_name_empty"],
      ["priority", "issue_priority_invalid"],
      ["contact_id", "issue_contact_empty"],
      ["channel_id", "issue_channel_empty"],
      ["assignee_id", "issue_assignee_empty"],
    ]) {
      expect(fieldCode(missing, field as string), field).toBe(code);
    }
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, name: "Аа" }), "name")).toBe("issue_name_too_short");
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, status: "done" }), "status")).toBe("issue_status_invalid");
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, priority: "asap" }), "priority")).toBe("issue_priority_invalid");
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, due_at: "tomorrow" }), "due_at")).toBe("issue_due_date_invalid");
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, registered_at: "2026-13-45" }), "registered_at")).toBe("issue_created_date_invalid");
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, registered_at: future }), "registered_at")).toBe("issue_created_date_invalid");
    const registered = "2026-01-10T09:00:00.000Z";
    expect(fieldCode(await c.client.post("/api/issues", { ...c.input, registered_at: registered, due_at: "2026-01-09T09:00:00.000Z" }), "due_at")).toBe(
      "issue_due_date_invalid",
    );
    expect((await c.client.get<List>("/api/issues")).body.total).toBe(0);
  });

  it("numbers issues per company from 1 and stores every field with its references", async () => {
    const c = await issueCompany();
    const type = (await c.client.post<IssueSettingView>("/api/issue-types", { name: "Хүргэлт" })).body;
    const reason = (await c.client.post<IssueSettingView>("/api/issue-reasons", { name: "Хоцролт" })).body;
    const tag = (await c.client.post<IssueSettingView>("/api/issue-tags", { name: "Яаралтай", color: "#fa5252" })).body;
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("%PDF-1.4 receipt")]), "receipt.pdf");
    const file = (await c.client.request<{ file_id: string }>("POST", "/api/attachments", undefined, { raw: form })).body;
    const first = await c.client.post<IssueView>("/api/issues", {
      ...c.input,
      type_id: type.id,
      reason_id: reason.id,
      tag_ids: [tag.id],
      description: "Хоёр хоног хоцорсон",
      due_at: "2030-01-01T00:00:00.000Z",
      attachment_ids: [file.file_id],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      number: 1,
      status: "open",
      priority: "high",
      type: { id: type.id, name: "Хүргэлт" },
      reason: { id: reason.id },
      tags: [{ id: tag.id, color: "#fa5252" }],
      contact: { id: c.interaction.contact.id },
      channel: { id: c.channel.id },
      interaction_id: c.interaction.id,
      assignee: { id: c.me.ID },
      created_by: { id: c.me.ID },
      attachments: [{ file_id: file.file_id, mime: "application/pdf" }],
      ended_at: null,
    });
    const [second, third] = await Promise.all([c.client.post<IssueView>("/api/issues", c.input), c.client.post<IssueView>("/api/issues", c.input)]);
    expect([second.body.number, third.body.number].sort()).toEqual([2, 3]);
    const otherCompany = await issueCompany();
    expect((await otherCompany.client.post<IssueView>("/api/issues", otherCompany.input)).body.number).toBe(1);
  });

  it("refuses another company's contact, channel, interaction, type, tag, file and people", async () => {
    const a = await issueCompany();
    const b = await issueCompany();
    const bTag = (await b.client.post<IssueSettingView>("/api/issue-tags", { name: "Б шошго" })).body;
    const bType = (await b.client.post<IssueSettingView>("/api/issue-types", { name: "Б төрөл" })).body;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ contact_id: b.interaction.contact.id }, "contact_id", "issue_contact_not_found"],
      [{ channel_id: b.channel.id }, "channel_id", "channel_not_found"],
      [{ interaction_id: b.interaction.id }, "interaction_id", "interaction_not_found"],
      [{ tag_ids: [bTag.id] }, "tag_ids", "issue_tag_not_found"],
      [{ type_id: bType.id }, "type_id", "issue_type_not_found"],
      [{ assignee_id: b.me.ID }, "assignee_id", "assignee_invalid"],
    ];
    for (const [patch, field, code] of cases) expect(fieldCode(await a.client.post("/api/issues", { ...a.input, ...patch }), field), field).toBe(code);
    expect((await a.client.get<List>("/api/issues")).body.total).toBe(0);
  });

  it("moves along the lifecycle: end date on resolve, reopen clears it, closed cannot go to in_progress; history records who did what", async () => {
    const c = await issueCompany();
    const issue = (await c.client.post<IssueView>("/api/issues", c.input)).body;
    expect((await c.client.post<IssueView>(`/api/issues/${issue.id}/status`, { status: "in_progress" })).body.status).toBe("in_progress");
    const resolved = (await c.client.post<IssueView>(`/api/issues/${issue.id}/status`, { status: "resolved" })).body;
    expect(resolved.ended_at).not.toBeNull();
    expect((await c.client.post<IssueView>(`/api/issues/${issue.id}/status`, { status: "closed" })).body.ended_at).toBe(resolved.ended_at);
    expect(errorCode(await c.client.post(`/api/issues/${issue.id}/status`, { status: "in_progress" }))).toBe("issue_status_transition_invalid");
    expect(fieldCode(await c.client.post(`/api/issues/${issue.id}/status`, { status: "done" }), "status")).toBe("issue_status_invalid");
    const reopened = (await c.client.post<IssueView>(`/api/issues/${issue.id}/status`, { status: "open" })).body;
    expect(reopened).toMatchObject({ status: "open", ended_at: null });
    await c.client.put(`/api/issues/${issue.id}`, { ...c.input, name: "Захиалга алга болсон", priority: "urgent" });
    const detail = (await c.client.get<IssueDetailView>(`/api/issues/${issue.id}`)).body;
    expect(detail.history.map((e) => [e.type, e.payload])).toEqual([
      ["created", { number: 1 }],
      ["status_changed", { from: "open", to: "in_progress" }],
      ["status_changed", { from: "in_progress", to: "resolved" }],
      ["status_changed", { from: "resolved", to: "closed" }],
      ["status_changed", { from: "closed", to: "open" }],
      ["updated", { fields: ["name", "priority"] }],
    ]);
    expect(detail.history.every((e) => e.actor?.id === c.me.ID)).toBe(true);
  });

  it("view_all sees every issue; others only those assigned to or created by them; edit, assign and delete need their permissions", async () => {
    const c = await issueCompany();
    const agent = await colleague(t, c.client, "agent");
    const guest = await colleague(t, c.client, "guest");
    const mine = (await c.client.post<IssueView>("/api/issues", c.input)).body;
    const theirs = (await c.client.post<IssueView>("/api/issues", { ...c.input, assignee_id: agent.me.ID })).body;
    expect((await agent.client.get<List>("/api/issues")).body.items.map((i) => i.id)).toEqual([theirs.id]);
    expect((await agent.client.get(`/api/issues/${mine.id}`)).status).toBe(404);
    expect((await agent.client.post(`/api/issues/${mine.id}/status`, { status: "resolved" })).status).toBe(404);
    expect((await agent.client.post<IssueView>(`/api/issues/${theirs.id}/status`, { status: "resolved" })).body.status).toBe("resolved");
    // An agent (no issue.assign) may create an issue for themselves, not for someone else, and cannot reassign.
    expect((await agent.client.post<IssueView>("/api/issues", { ...c.input, assignee_id: agent.me.ID })).status).toBe(200);
    expect((await agent.client.post("/api/issues", { ...c.input, assignee_id: c.me.ID })).status).toBe(403);
    expect((await agent.client.post(`/api/issues/${theirs.id}/assign`, { assignee_id: c.me.ID })).status).toBe(403);
    expect((await agent.client.del(`/api/issues/${theirs.id}`)).status).toBe(403);
    // A guest views all (issue.view_all) but edits nothing.
    expect((await guest.client.get<List>("/api/issues")).body.total).toBe(3);
    expect((await guest.client.post("/api/issues", c.input)).status).toBe(403);
    expect((await guest.client.put(`/api/issues/${mine.id}`, c.input)).status).toBe(403);
    expect((await c.client.del(`/api/issues/${theirs.id}`)).status).toBe(200);
    expect((await c.client.get(`/api/issues/${theirs.id}`)).status).toBe(404);
  });

  it("filters by status, priority, type, tag, assignee, date range and search by name or #number, paginated", async () => {
    const c = await issueCompany();
    const tag = (await c.client.post<IssueSettingView>("/api/issue-tags", { name: "Төлбөр" })).body;
    const type = (await c.client.post<IssueSettingView>("/api/issue-types", { name: "Асуулт" })).body;
    const agent = await colleague(t, c.client, "agent");
    await c.client.post("/api/issues", { ...c.input, name: "Төлбөр буцаах", tag_ids: [tag.id], registered_at: "2026-01-05T00:00:00.000Z" });
    await c.client.post("/api/issues", { ...c.input, name: "Хаяг солих", priority: "low", type_id: type.id, assignee_id: agent.me.ID });
    const third = (await c.client.post<IssueView>("/api/issues", { ...c.input, name: "Нууц үг сэргээх" })).body;
    await c.client.post(`/api/issues/${third.id}/status`, { status: "resolved" });
    const names = async (query: string) => (await c.client.get<List>(`/api/issues?${query}`)).body.items.map((i) => i.name);
    expect(await names("status=resolved")).toEqual(["Нууц үг сэргээх"]);
    expect(await names("priority=low")).toEqual(["Хаяг солих"]);
    expect(await names(`type_id=${type.id}`)).toEqual(["Хаяг солих"]);
    expect(await names(`tag_id=${tag.id}`)).toEqual(["Төлбөр буцаах"]);
    expect(await names(`assignee_id=${agent.me.ID}`)).toEqual(["Хаяг солих"]);
    expect(await names("from=2026-01-01T00:00:00.000Z&to=2026-01-31T00:00:00.000Z")).toEqual(["Төлбөр буцаах"]);
    expect(await names(`search=${encodeURIComponent("хаяг")}`)).toEqual(["Хаяг солих"]);
    expect(await names(`search=${encodeURIComponent(`#${third.number}`)}`)).toEqual(["Нууц үг сэргээх"]);
    const page = (await c.client.get<List>("/api/issues?page=2&page_size=2")).body;
    expect([page.total, page.items.length]).toEqual([3, 1]);
  });

  it("tells the assignee and mentioned colleagues live; comments list their mentions; foreign mentions are refused", async () => {
    const c = await issueCompany();
    const agent = await colleague(t, c.client, "agent");
    const manager = await colleague(t, c.client, "manager");
    const agentSocket = staffSocket(t, agent.client);
    const managerSocket = staffSocket(t, manager.client);
    await Promise.all([connected(agentSocket), connected(managerSocket)]);
    const toAgent = collect<IssueNotification>(agentSocket, "issue.notify");
    const toManager = collect<IssueNotification>(managerSocket, "issue.notify");
    const issue = (await c.client.post<IssueView>("/api/issues", c.input)).body;
    await c.client.post(`/api/issues/${issue.id}/assign`, { assignee_id: agent.me.ID });
    await until(() => toAgent.length === 1);
    expect(toAgent[0]).toMatchObject({ reason: "assigned", issue_id: issue.id, number: issue.number });
    const other = await companyAdmin(t);
    expect(fieldCode(await c.client.post(`/api/issues/${issue.id}/comments`, { body: "Хараарай", mention_ids: [other.me.ID] }), "mention_ids")).toBe(
      "issue_mention_invalid",
    );
    const comment = await agent.client.post<IssueCommentView>(`/api/issues/${issue.id}/comments`, {
      body: "@Сараа Бат шалгаарай",
      mention_ids: [manager.me.ID],
    });
    expect(comment.body).toMatchObject({ author: { id: agent.me.ID }, mentions: [{ id: manager.me.ID }] });
    await until(() => toManager.length === 1);
    expect(toManager[0]).toMatchObject({ reason: "mentioned", issue_id: issue.id });
    const detail = (await c.client.get<IssueDetailView>(`/api/issues/${issue.id}`)).body;
    expect(detail.comments.map((x) => x.body)).toEqual(["@Сараа Бат шалгаарай"]);
    // A guest (no issue.edit) reads but does not comment.
    const guest = await colleague(t, c.client, "guest");
    expect((await guest.client.post(`/api/issues/${issue.id}/comments`, { body: "Сайн уу" })).status).toBe(403);
    expect(detail.history.map((e) => e.type)).toEqual(["created", "assigned", "commented"]);
    agentSocket.close();
    managerSocket.close();
  });

  it("another company's issue answers 404 on every endpoint and stays unchanged", async () => {
    const a = await issueCompany();
    const b = await issueCompany();
    const issue = (await b.client.post<IssueView>("/api/issues", b.input)).body;
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/api/issues/${issue.id}`],
      ["PUT", `/api/issues/${issue.id}`, { ...a.input, name: "Хакердсан" }],
      ["POST", `/api/issues/${issue.id}/status`, { status: "closed" }],
      ["POST", `/api/issues/${issue.id}/assign`, { assignee_id: a.me.ID }],
      ["POST", `/api/issues/${issue.id}/comments`, { body: "Сайн уу" }],
      ["DELETE", `/api/issues/${issue.id}`],
    ];
    for (const [method, path, body] of attempts) expect((await a.client.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    expect((await a.client.get<List>("/api/issues")).body.total).toBe(0);
    const after = (await b.client.get<IssueDetailView>(`/api/issues/${issue.id}`)).body;
    expect(after).toMatchObject({ name: b.input.name, status: "open", assignee: { id: b.me.ID }, comments: [] });
    expect(after.history.map((e) => e.type)).toEqual(["created"]);
  });
});

describe("issue visibility by mention", () => {
  it("a colleague without view_all sees an issue once a comment mentions them, and can answer", async () => {
    const c = await issueCompany();
    const agent = await colleague(t, c.client, "agent");
    const issue = (await c.client.post<IssueView>("/api/issues", c.input)).body;
    expect((await agent.client.get(`/api/issues/${issue.id}`)).status).toBe(404);
    expect((await agent.client.get<List>("/api/issues")).body.total).toBe(0);
    await c.client.post(`/api/issues/${issue.id}/comments`, { body: "Туслаарай", mention_ids: [agent.me.ID] });
    expect((await agent.client.get<IssueDetailView>(`/api/issues/${issue.id}`)).body.comments).toHaveLength(1);
    expect((await agent.client.get<List>("/api/issues")).body.items.map((i) => i.id)).toEqual([issue.id]);
    expect((await agent.client.post(`/api/issues/${issue.id}/comments`, { body: "Шалгая" })).status).toBe(200);
  });
});

describe("issue form pickers", () => {
  it("list the company's active colleagues and find its customers by name, e-mail or phone; never another company's", async () => {
    const c = await issueCompany();
    const agent = await colleague(t, c.client, "agent");
    const guest = await colleague(t, c.client, "guest");
    const other = await issueCompany();
    const people = (await guest.client.get<{ items: Array<{ id: number }> }>("/api/issue-options/people")).body.items.map((p) => p.id);
    expect(people.sort()).toEqual([c.me.ID, agent.me.ID, guest.me.ID].sort());
    const contacts = (await agent.client.get<{ items: Array<{ id: number }> }>("/api/issue-options/contacts")).body.items.map((x) => x.id);
    expect(contacts).toEqual([c.interaction.contact.id]);
    expect(contacts).not.toContain(other.interaction.contact.id);
    expect((await agent.client.get<{ items: unknown[] }>("/api/issue-options/contacts?search=zzzz-nobody")).body.items).toEqual([]);
    expect((await guest.client.get("/api/issue-options/contacts")).status).toBe(403);
  });
});

describe("issues and their customer", () => {
  it("an unresolved issue keeps its contact from being deleted; a merge moves the contact's issues", async () => {
    const c = await issueCompany();
    const issue = (await c.client.post<IssueView>("/api/issues", c.input)).body;
    await c.client.post(`/api/interactions/${c.interaction.id}/close`, {});
    expect(errorCode(await c.client.del(`/api/contacts/${c.input.contact_id}`))).toBe("contact_has_open_work");

    const other = (await c.client.post<{ id: number }>("/api/contacts", { first_name: "Болд", phone: "99001122" })).body;
    const merged = await c.client.post<{ id: number }>("/api/contacts/merge", { keep_id: other.id, remove_id: c.input.contact_id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await c.client.get<IssueDetailView>(`/api/issues/${issue.id}`)).body.contact?.id).toBe(other.id);

    expect((await c.client.post(`/api/issues/${issue.id}/status`, { status: "resolved" })).status).toBe(200);
    expect((await c.client.del(`/api/contacts/${other.id}`)).status).toBe(200);
  });
});

describe("per-issue abilities (`can`)", () => {
  it("say what the server does: an admin all, an agent on their own issue all but assign and delete, a guest nothing", async () => {
    const c = await issueCompany();
    const agent = await colleague(t, c.client, "agent");
    const guest = await colleague(t, c.client, "guest");
    const tryAll = async (client: typeof c.client, assigneeId: number) => {
      const made = async () => (await c.client.post<IssueView>("/api/issues", { ...c.input, assignee_id: assigneeId })).body.id;
      const id = await made();
      const shown = (await client.get<IssueDetailView>(`/api/issues/${id}`)).body.can;
      expect((await client.get<{ items: IssueView[] }>("/api/issues")).body.items.find((issue) => issue.id === id)?.can).toEqual(shown);
      const ok = (response: { status: number }) => response.status === 200;
      const does = {
        edit: ok(await client.put(`/api/issues/${id}`, { ...c.input, assignee_id: assigneeId, name: "Захиалга алга болсон" })),
        change_status: ok(await client.post(`/api/issues/${id}/status`, { status: "in_progress" })),
        comment: ok(await client.post(`/api/issues/${id}/comments`, { body: "Шалгаж байна", mention_ids: [] })),
        assign: ok(await client.post(`/api/issues/${id}/assign`, { assignee_id: c.me.ID === assigneeId ? agent.me.ID : c.me.ID })),
        delete: ok(await client.del(`/api/issues/${id}`)),
      };
      expect(does).toEqual(shown);
      return shown;
    };
    expect(await tryAll(c.client, c.me.ID)).toEqual({ edit: true, change_status: true, comment: true, assign: true, delete: true });
    expect(await tryAll(agent.client, agent.me.ID)).toEqual({ edit: true, change_status: true, comment: true, assign: false, delete: false });
    expect(await tryAll(guest.client, c.me.ID)).toEqual({ edit: false, change_status: false, comment: false, assign: false, delete: false });
  });
});
