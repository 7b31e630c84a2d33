import type { InteractionReadSignal, InteractionView, MessageView, UnreadSummary } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, visitor, webchatCompany } from "../../../test/factories.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unreadOf = async (client: Client, id: number) => {
  const one = (await client.get<InteractionView>(`/api/interactions/${id}`)).body.unread_count;
  const inList = (await client.get<{ items: InteractionView[] }>("/api/interactions")).body.items.find((item) => item.id === id)?.unread_count;
  expect(inList).toBe(one);
  return one;
};
const summaryOf = async (client: Client) => (await client.get<UnreadSummary>("/api/interactions/unread")).body;
const lastSeqOf = async (client: Client, id: number) => (await client.get<InteractionView>(`/api/interactions/${id}`)).body.last_seq;

describe("per-person unread", () => {
  it("one person reading clears their own counts only; the customer's messages still show as seen", async () => {
    const company = await webchatCompany(t);
    const manager = await colleague(t, company.client, "manager");
    const v = await visitor(t, company.channel);
    const first = await v.send("Сайн байна уу");
    await v.send("Асуулт байна");
    const id = first.body.interaction_id;
    for (const person of [company.client, manager.client]) {
      expect(await unreadOf(person, id)).toBe(2);
      expect(await summaryOf(person)).toEqual({ conversations: 1, messages: 2 });
    }

    const readUpTo = await lastSeqOf(company.client, id);
    await company.client.post(`/api/interactions/${id}/seen`, { up_to_seq: readUpTo });
    expect(await unreadOf(company.client, id)).toBe(0);
    expect(await summaryOf(company.client)).toEqual({ conversations: 0, messages: 0 });
    expect(await unreadOf(manager.client, id)).toBe(2);
    expect(await summaryOf(manager.client)).toEqual({ conversations: 1, messages: 2 });
    const messages = (await manager.client.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;
    expect(messages.filter((m) => m.direction === "in").every((m) => m.status === "seen")).toBe(true);

    await v.send("Хариу хүлээж байна");
    expect(await unreadOf(company.client, id)).toBe(1);
    expect(await unreadOf(manager.client, id)).toBe(3);
    // An older position (a late request from another tab) never moves the read position back.
    await company.client.post(`/api/interactions/${id}/seen`, { up_to_seq: 1 });
    expect(await unreadOf(company.client, id)).toBe(1);
    expect(await summaryOf(company.client)).toEqual({ conversations: 1, messages: 1 });
  });

  it("counts for the tab only the open conversations the person may see", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const agent = await colleague(t, company.client, "agent");
    const mine = (await (await visitor(t, company.channel)).send("Надад туслаач")).body.interaction_id;
    await agent.client.put("/api/me/presence", { presence: "away" });
    await (await visitor(t, company.channel)).send("Бас асуулт");
    expect((await agent.client.get<InteractionView>(`/api/interactions/${mine}`)).body.assignee?.id).toBe(agent.me.ID);
    await company.client.post(`/api/interactions/${mine}/assign`, { user_id: company.me.ID });
    // The agent no longer sees the conversation given away; the queued one still counts for them.
    expect(await summaryOf(agent.client)).toEqual({ conversations: 1, messages: 1 });
    expect(await summaryOf(company.client)).toEqual({ conversations: 2, messages: 2 });
  });

  it("another company can neither mark nor read a conversation's read positions", async () => {
    const company = await webchatCompany(t);
    const other = await webchatCompany(t);
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    const seq = await lastSeqOf(company.client, id);
    expect(errorCode(await other.client.post(`/api/interactions/${id}/seen`, { up_to_seq: seq }))).toBe("interaction_not_found");
    expect(errorCode(await other.client.get(`/api/interactions/${id}`))).toBe("interaction_not_found");
    expect(await summaryOf(other.client)).toEqual({ conversations: 0, messages: 0 });
    expect(await unreadOf(company.client, id)).toBe(1);
    expect(await summaryOf(company.client)).toEqual({ conversations: 1, messages: 1 });
  });

  it("tells the reader's other tabs, and nobody else", async () => {
    const company = await webchatCompany(t);
    const manager = await colleague(t, company.client, "manager");
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    const tabs = [staffSocket(t, company.client), staffSocket(t, company.client)];
    const colleagueTab = staffSocket(t, manager.client);
    const all = [...tabs, colleagueTab];
    try {
      await Promise.all(all.map(connected));
      const [first, second, others] = all.map((socket) => collect<InteractionReadSignal>(socket, "interaction.read"));
      const seq = await lastSeqOf(company.client, id);
      await company.client.post(`/api/interactions/${id}/seen`, { up_to_seq: seq });
      await until(() => first?.length === 1 && second?.length === 1);
      expect(first).toEqual([{ interaction_id: id, last_read_seq: seq }]);
      // The manager reads too: only now does their own tab hear of a read, their own.
      await manager.client.post(`/api/interactions/${id}/seen`, { up_to_seq: seq });
      await until(() => others?.length === 1);
      expect(others).toEqual([{ interaction_id: id, last_read_seq: seq }]);
      expect(first).toHaveLength(1);
    } finally {
      for (const socket of all) socket.close();
    }
  });
});
