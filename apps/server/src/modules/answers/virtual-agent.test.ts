import {
  offeredChoices,
  type AiReplyView,
  type InteractionEventView,
  type InteractionView,
  type MessageView,
  type QuestionView,
  type VirtualAgentView,
  type WebchatChannelView,
} from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { visitor, webchatCompany, webchatInput } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PAIRS = [
  {
    question: "Хүргэлт хэдэн хоногт ирэх вэ?",
    variants: ["Хүргэлт хэр удаан вэ", "Хэзээ хүргэж өгөх вэ"],
    answer: "Улаанбаатар хотод 24 цагийн дотор хүргэнэ.",
  },
  { question: "Бараа буцаах боломжтой юу?", variants: ["Буцаалт хийдэг үү", "Солиулж болох уу"], answer: "Худалдан авснаас хойш 14 хоногийн дотор буцаана." },
  { question: "Та ямар цагаар ажилладаг вэ?", variants: ["Ажлын цаг", "Хэдэн цагаас нээх вэ"], answer: "Даваа-Баасан 09:00-18:00 ажиллана." },
];

/** Three pairs on one topic, told apart by the word that decides (price, days, area). */
const DELIVERY = [
  {
    question: "Хүргэлтийн үнэ хэд вэ?",
    variants: ["Хүргэлт хэдэн төгрөг вэ", "Хүргэлт үнэгүй юу"],
    answer: "Хүргэлт 5,000₮, 50,000₮-өөс дээш захиалгад үнэгүй.",
  },
  {
    question: "Хүргэлт хэдэн хоногт ирэх вэ?",
    variants: ["Хүргэлт хэр удаан вэ", "Хэзээ хүргэж өгөх вэ"],
    answer: "Улаанбаатарт 24 цагийн дотор, орон нутагт 3-5 хоногт хүргэнэ.",
  },
  { question: "Хүргэлт хаана хийдэг вэ?", variants: ["Орон нутагт хүргэдэг үү", "Аймаг руу хүргэх үү"], answer: "Бүх аймгийн төв рүү хүргэнэ." },
];

/** A company whose web chat is served by its primary agent, knowing a few Q&A pairs, with nobody online. */
async function servedCompany(pairs = PAIRS) {
  const company = await webchatCompany(t);
  await company.client.put("/api/me/presence", { presence: "away" });
  const [agent] = (await company.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
  const switched = await company.client.put<WebchatChannelView>(`/api/webchat-channels/${company.channel.id}`, {
    ...webchatInput(company.domain),
    agent_id: agent?.id,
    agent_active: true,
  });
  expect(switched.body.agent_active).toBe(true);
  for (const pair of pairs) expect((await company.client.post("/api/knowledge/qa", pair)).status).toBe(200);
  return company;
}

type Visitor = Awaited<ReturnType<typeof visitor>>;
const messagesOf = (events: InteractionEventView[]) => events.filter((e) => e.type === "message.created").map((e) => e.payload.message as MessageView);

/** Sends as the visitor and waits for the agent's next message (or hand-over) after it. */
async function ask(v: Visitor, text: string) {
  const sent = await v.send(text);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  let events: InteractionEventView[] = [];
  await until(async () => {
    events = (await v.events(sent.body.interaction_id, sent.body.seq)).body.items;
    return events.some((e) => e.type === "message.created" || e.type === "ownership.changed");
    // The agent's turn is a job: on a loaded machine it can take seconds to be picked up.
  }, 20_000);
  return { interactionId: sent.body.interaction_id, reply: messagesOf(events)[0], events };
}

describe("the virtual agent answers web-chat customers", { timeout: 120_000 }, () => {
  it("answers from the knowledge base in Cyrillic and in Latin transliteration, marked as a bot's answer", async () => {
    const company = await servedCompany();
    const v = await visitor(t, company.channel);
    const first = await ask(v, "хүргэлт хэдэн хоногт ирдэг вэ");
    expect(first.reply).toMatchObject({ text: PAIRS[0]?.answer, is_bot: true, sender_type: "ai", direction: "out" });
    const interaction = (await company.client.get<InteractionView>(`/api/interactions/${first.interactionId}`)).body;
    expect(interaction.owner_type).toBe("ai");
    const latin = await ask(v, "baraa butsaah bolomjtoi yu");
    expect(latin.reply?.text).toBe(PAIRS[1]?.answer);
    const answered = (await company.client.get<{ items: QuestionView[] }>("/api/knowledge/questions?outcome=answered")).body.items;
    expect(answered.map((q) => q.question)).toEqual(expect.arrayContaining(["хүргэлт хэдэн хоногт ирдэг вэ", "baraa butsaah bolomjtoi yu"]));
  });

  it("answers how many days delivery takes with the days pair, not the price pair that shares its topic", async () => {
    const company = await servedCompany(DELIVERY);
    const v = await visitor(t, company.channel);
    const days = await ask(v, "Хүргэлт хэд хоног вэ?");
    expect(days.reply).toMatchObject({ text: DELIVERY[1]?.answer, is_bot: true });
    expect((await ask(v, "hurgelt hed honog ve")).reply?.text).toBe(DELIVERY[1]?.answer);
    expect((await ask(v, "Хүргэлтийн үнэ хэд вэ?")).reply?.text).toBe(DELIVERY[0]?.answer);
    // The word that decides is in none of the pairs: the visitor is asked to choose, never answered.
    const neither = await ask(v, "Хүргэлтийн даатгал хэд вэ?");
    expect(DELIVERY.map((pair) => pair.answer)).not.toContain(neither.reply?.text);
    const other = await webchatCompany(t);
    expect((await other.client.get<{ items: QuestionView[] }>("/api/knowledge/questions?outcome=answered")).body.items).toEqual([]);
  });

  it("answers a miss once, then hands the customer to people after the second; the questions are logged", async () => {
    const company = await servedCompany();
    const v = await visitor(t, company.channel);
    // Nothing the knowledge uses: the engine finds it unrelated.
    const first = await ask(v, "Qwerty asdf zxcv?");
    expect(first.reply).toMatchObject({ is_bot: true, text: "Би манай үйлчилгээний талаарх асуултад хариулдаг. Юугаар туслах вэ?" });
    const second = await ask(v, "Zxcv qwerty?");
    expect(second.reply?.text).toBe("Таныг ажилтантай холбож байна. Түр хүлээнэ үү.");
    await until(async () => (await company.client.get<InteractionView>(`/api/interactions/${first.interactionId}`)).body.owner_type === "queue", 20_000);
    const all = (await v.events(first.interactionId)).body.items;
    expect(all.find((e) => e.type === "ownership.changed")?.payload).toMatchObject({ previous_owner_type: "ai", owner_type: "queue", reason: "escalated" });
    const unrelated = (await company.client.get<{ items: QuestionView[] }>("/api/knowledge/questions?outcome=unrelated")).body.items;
    expect(unrelated.map((q) => q.question)).toEqual(expect.arrayContaining(["Qwerty asdf zxcv?", "Zxcv qwerty?"]));
    // People own it now: the agent stays quiet.
    const after = await v.send("Сайн уу?");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messagesOf((await v.events(first.interactionId, after.body.seq)).body.items)).toEqual([]);
  });

  it("hands over at once when the customer asks for a person", async () => {
    const company = await servedCompany();
    const v = await visitor(t, company.channel);
    const asked = await ask(v, "хүнтэй ярих");
    await until(async () => (await company.client.get<InteractionView>(`/api/interactions/${asked.interactionId}`)).body.owner_type !== "ai", 20_000);
    expect(messagesOf((await v.events(asked.interactionId)).body.items).map((m) => m.text)).toEqual([
      "хүнтэй ярих",
      "Таныг ажилтантай холбож байна. Түр хүлээнэ үү.",
    ]);
  });

  it("takes no conversation while switched off", async () => {
    const company = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const sent = await v.send("хүргэлт хэдэн хоногт ирдэг вэ");
    expect((await company.client.get<InteractionView>(`/api/interactions/${sent.body.interaction_id}`)).body.owner_type).not.toBe("ai");
  });
});

describe("Generate AI reply", { timeout: 120_000 }, () => {
  it("drafts an answer to the customer's latest message from the knowledge, with its source, for a person to send", async () => {
    const company = await webchatCompany(t);
    for (const pair of PAIRS) await company.client.post("/api/knowledge/qa", pair);
    const v = await visitor(t, company.channel);
    const sent = await v.send("хүргэлт хэр удаан ирдэг вэ?");
    const draft = await company.client.post<AiReplyView>(`/api/interactions/${sent.body.interaction_id}/ai-draft`);
    expect(draft.body).toMatchObject({ kind: "answer", text: PAIRS[0]?.answer, sources: [{ kind: "qa", title: PAIRS[0]?.question }] });
    // Nothing is sent by drafting.
    expect(messagesOf((await v.events(sent.body.interaction_id)).body.items)).toHaveLength(1);

    await v.send("Qwerty zxcv?");
    expect((await company.client.post<AiReplyView>(`/api/interactions/${sent.body.interaction_id}/ai-draft`)).body).toEqual({
      kind: "none",
      reason: "unrelated",
    });
    const outsider = await webchatCompany(t);
    expect(errorCode(await outsider.client.post(`/api/interactions/${sent.body.interaction_id}/ai-draft`))).toBe("interaction_not_found");
  });

  it("drafts what the agent decides: the choices it offers (never one of them as the answer), a low-confidence mark, or none", async () => {
    const company = await servedCompany([...DELIVERY, PAIRS[2]!]);
    // Both decide on the same index: wait until it is trained, as it is for any knowledge not just edited.
    const [agent] = (await company.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    await t.app.answers.ready(company.me.company_id, agent?.id ?? 0);
    const draftFor = async (interactionId: number) => (await company.client.post<AiReplyView>(`/api/interactions/${interactionId}/ai-draft`)).body;

    // "How many days does delivery take?" in words none of the pairs use: the agent asks which is meant…
    const days = await ask(await visitor(t, company.channel), "Хүргэлт хэдэн өдөр болдог вэ?");
    const offered = offeredChoices(days.reply?.text ?? "");
    expect(offered.length).toBeGreaterThan(1);
    // …and the draft offers the same choices, each with its answer to pick, instead of the price at low confidence.
    const choices = await draftFor(days.interactionId);
    expect(choices.kind).toBe("choices");
    if (choices.kind !== "choices") return;
    expect(choices.choices.map((choice) => choice.title)).toEqual(offered);
    const answers = Object.fromEntries(DELIVERY.map((pair) => [pair.question, pair.answer]));
    for (const choice of choices.choices) expect(choice.text).toBe(answers[choice.title]);

    const unsure = await ask(await visitor(t, company.channel), "Та нар хэдэн цагаас онгойдог вэ");
    expect(unsure.reply?.text).toBe(PAIRS[2]?.answer);
    expect(await draftFor(unsure.interactionId)).toMatchObject({ kind: "answer", text: PAIRS[2]?.answer, low_confidence: true });
    const sure = await ask(await visitor(t, company.channel), "Ажлын цаг хэд вэ");
    expect(await draftFor(sure.interactionId)).toMatchObject({ kind: "answer", text: PAIRS[2]?.answer, low_confidence: false });
  });
});
