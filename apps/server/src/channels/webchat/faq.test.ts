import type { InteractionEventView, MessageView, QuestionView, VirtualAgentView, WebchatChannelView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../../../test/harness.ts";
import { unique, visitor, webchatCompany, webchatInput } from "../../../test/factories.ts";
import { VISITOR_TOKEN_HEADER } from "@holboo/core";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FAQ = [
  { question_mn: "Хүргэлт хэд хоног вэ?", question_en: "How long is delivery?", answer_mn: "2-3 хоног.", answer_en: "2-3 days." },
  { question_mn: "Ажлын цаг?", question_en: "", answer_mn: "", answer_en: "" },
];

async function faqCompany(agent = false) {
  const company = await webchatCompany(t);
  await company.client.put("/api/me/presence", { presence: "away" });
  const [primary] = agent ? (await company.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items : [];
  const saved = await company.client.put<WebchatChannelView>(`/api/webchat-channels/${company.channel.id}`, {
    ...webchatInput(company.domain),
    faq: FAQ,
    ...(primary ? { agent_id: primary.id, agent_active: true } : {}),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { ...company, channel: saved.body };
}

const tap = (token: string, text: string, faqIndex: number) =>
  new Client(t.url).request<MessageView>(
    "POST",
    "/api/webchat/messages",
    { client_id: unique("c-"), text, faq_index: faqIndex },
    { headers: { [VISITOR_TOKEN_HEADER]: token } },
  );
const messagesOf = (events: InteractionEventView[]) => events.filter((e) => e.type === "message.created").map((e) => e.payload.message as MessageView);

describe("web-chat FAQ", () => {
  it("a tapped question gets its entry's answer at once, as a bot message in the visitor's thread", async () => {
    const company = await faqCompany();
    const v = await visitor(t, company.channel);
    const sent = await tap(v.token, "Хүргэлт хэд хоног вэ?", 0);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const messages = messagesOf((await v.events(sent.body.interaction_id)).body.items);
    expect(messages.map((m) => [m.direction, m.text, m.is_bot])).toEqual([
      ["in", "Хүргэлт хэд хоног вэ?", false],
      ["out", "2-3 хоног.", true],
    ]);
    // Staff see the same thread: the question counts as answered.
    const staff = (await company.client.get<{ items: MessageView[] }>(`/api/interactions/${sent.body.interaction_id}/messages`)).body.items;
    expect(staff.map((m) => m.text).sort()).toEqual(["2-3 хоног.", "Хүргэлт хэд хоног вэ?"]);
  });

  it("answers in English when the visitor tapped the English question", async () => {
    const company = await faqCompany();
    const v = await visitor(t, company.channel);
    const sent = await tap(v.token, "How long is delivery?", 0);
    expect(messagesOf((await v.events(sent.body.interaction_id)).body.items).map((m) => m.text)).toEqual(["How long is delivery?", "2-3 days."]);
  });

  it("answers nothing for a text that is not the entry's question, nor for an entry without an answer", async () => {
    const company = await faqCompany();
    const v = await visitor(t, company.channel);
    const forged = await tap(v.token, "Өөр асуулт", 0);
    const empty = await tap(v.token, "Ажлын цаг?", 1);
    expect(empty.body.interaction_id).toBe(forged.body.interaction_id);
    expect(messagesOf((await v.events(forged.body.interaction_id)).body.items).map((m) => m.direction)).toEqual(["in", "in"]);
  });

  it("with a virtual agent on the channel, logs the question as answered and queues no second answer", async () => {
    const company = await faqCompany(true);
    const v = await visitor(t, company.channel);
    const sent = await tap(v.token, "Хүргэлт хэд хоног вэ?", 0);
    const answered = (await company.client.get<{ items: QuestionView[] }>("/api/knowledge/questions?outcome=answered")).body.items;
    expect(answered.map((q) => q.question)).toEqual(["Хүргэлт хэд хоног вэ?"]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesOf((await v.events(sent.body.interaction_id)).body.items).map((m) => m.text)).toEqual(["Хүргэлт хэд хоног вэ?", "2-3 хоног."]);
  });
});
