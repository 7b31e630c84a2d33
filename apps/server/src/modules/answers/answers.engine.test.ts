import { afterEach, describe, expect, it } from "vitest";
import { ENGLISH_PAIRS, SHOP_PAIRS, SHOP_PASSAGE, pairByKey } from "./answers.fixture.ts";
import { AnswerEngine, type EngineOptions, type EngineResult } from "./answers.engine.ts";
import { countingEncoder } from "./engine/sentence-encoder.fixture.ts";
import type { KnowledgeDoc } from "./knowledge-doc.ts";
import { MemoryKnowledgeSource } from "./memory-source.ts";
import { tokenize } from "./text/features.ts";
import { seeded, typeLatin } from "./text/latin-typing.fixture.ts";

const engines: AnswerEngine[] = [];
afterEach(() => engines.splice(0).forEach((e) => e.close()));

/** An engine whose company `companyId` has agent 1 answering from `docs`, ready (classifier and vectors). */
async function knowledgeOf(companyId: number, docs: KnowledgeDoc[], options: EngineOptions = {}) {
  const source = new MemoryKnowledgeSource();
  source.set(companyId, 1, docs);
  const engine = new AnswerEngine(source, options);
  engines.push(engine);
  await engine.ready(companyId, 1);
  const ask = (message: string) => engine.ask({ companyId, agentId: 1, message });
  return { source, engine, ask };
}

const shop = () => knowledgeOf(1, [...SHOP_PAIRS, SHOP_PASSAGE]);

const answered = (result: EngineResult) => (result.outcome === "answer" ? result.sources[0]?.title : `(${result.outcome})`);
/** The pair answered, or offered first in a clarifying choice (which is how the evaluation counts it). */
const resolved = (result: EngineResult) => (result.outcome === "clarify" ? result.options[0]?.title : answered(result));

describe("answer engine on a Mongolian shop's knowledge", () => {
  it.each([
    // Cyrillic, worded differently from the stored questions
    ["хүргэлт хэд хоногт ирдэг вэ", "delivery_time"],
    ["Картаар төлж болох уу", "payment_methods"],
    ["Хэдэн цагт хаадаг вэ", "hours"],
    ["мөнгөө буцааж авмаар байна", "refund"],
    ["Машин хаана тавих вэ", "parking"],
    // Latin transliteration
    ["hurgelt hed honogt ireh ve", "delivery_time"],
    ["baraa butsaaj boloh uu", "returns"],
    ["delguur haana baidag ve", "location"],
    ["zahialga tsutslah", "cancel_order"],
    ["hyamdral heezee boloh ve", "sale"],
    ["zeeleer avch boloh uu", "installments"],
    ["utasnii dugaar", "contact"],
    // Russian-keyboard look-alikes (у for ү, о for ө) and Latin letters inside Cyrillic words
    ["хургэлтийн унэ хэд вэ", "delivery_price"],
    ["толбороо буцааж авах", "refund"],
    ["зaхиaлгa цуцлax", "cancel_order"],
    ["Гapaнтитaй юу", "warranty"],
  ])("%s → %s", async (message, key) => {
    const { ask } = await shop();
    const result = await ask(message);
    expect(resolved(result)).toBe(key);
    if (result.outcome === "answer") {
      expect(result.text).toBe(pairByKey(key).answer);
      expect(result.sources[0]).toMatchObject({ id: pairByKey(key).id, kind: "qa" });
      expect(result.confidence).toBeGreaterThan(0);
    }
  });

  it("quotes the best article passage and cites the article", async () => {
    const { ask } = await shop();
    const result = await ask("Солонгосоос бараа захиалж болох уу");
    expect(result).toMatchObject({ outcome: "answer", text: SHOP_PASSAGE.answer, sources: [{ id: SHOP_PASSAGE.id, kind: "passage", sourceId: 100 }] });
  });

  it("answers unknown questions with not found and never invents an answer", async () => {
    const { ask } = await shop();
    for (const message of ["Дэлгүүрийн эзэн хэн бэ?", "Компани хэдэн онд байгуулагдсан бэ?"]) {
      expect((await ask(message)).outcome).toBe("not_found");
    }
  });

  it("tells small talk and questions about nothing in the knowledge apart as unrelated", async () => {
    const { ask } = await shop();
    for (const message of ["сайн байна уу", "sain baina uu", "баярлалаа", "Футболын тэмцээнд хэн хожсон бэ", "how are you", "Qwerty asdf zxcv"]) {
      expect((await ask(message)).outcome, message).toBe("unrelated");
    }
  });

  it("counts a question to the business that the knowledge has no word of as not found, for the learning loop", async () => {
    const { ask } = await knowledgeOf(8, [pairByKey("hours"), pairByKey("location")]);
    for (const message of [
      "Хүргэлт хийдэг үү?",
      "hurgelt hiideg uu",
      "Та нар ном зардаг уу",
      "Картаар төлөх боломжтой юу?",
      "Do you deliver abroad?",
      "can I pay with paypal",
    ]) {
      expect((await ask(message)).outcome, message).toBe("not_found");
    }
    for (const message of ["Футболын тэмцээнд хэн хожсон бэ", "Шатар яаж тоглох вэ", "Маргааш бороо орох уу", "lol"]) {
      expect((await ask(message)).outcome, message).toBe("unrelated");
    }
  });

  it("escalates every request for a person", async () => {
    const { ask } = await shop();
    for (const message of [
      "хүнтэй ярих",
      "Хүнтэй ярьмаар байна",
      "ажилтантай холбо",
      "оператор",
      "operator",
      "human",
      "agent please",
      "hunte yarih",
      "talk to a real person",
    ]) {
      expect((await ask(message)).outcome, message).toBe("escalate");
    }
    expect((await ask("are you a real person?")).outcome).not.toBe("escalate");
  });

  it("never answers from a removed or deactivated pair", async () => {
    const { source, engine, ask } = await shop();
    const parking = pairByKey("parking").id;
    expect(answered(await ask("Машины зогсоол хаана байдаг вэ"))).toBe("parking");
    source.remove(1, 1, parking);
    for (const message of ["Машины зогсоол хаана байдаг вэ", "Машин хаана тавих вэ", "zogsool"]) {
      const after = await ask(message);
      if (after.outcome === "answer") expect(after.sources[0]?.id).not.toBe(parking);
      if (after.outcome === "clarify") expect(after.options.map((o) => o.id)).not.toContain(parking);
    }
    const draft = await engine.draftReply(1, 1, [{ from: "customer", text: "Машины зогсоол бий юу?" }]);
    expect(draft?.sources.map((s) => s.id) ?? []).not.toContain(parking);
  });

  it("follows an edit at once: a new question variant is answered on the next message", async () => {
    const { source, ask } = await shop();
    const message = "Тэжээвэр амьтантай орж болох уу";
    expect((await ask(message)).outcome).not.toBe("answer");
    source.put(1, 1, {
      id: "qa:200",
      kind: "qa",
      questions: ["Тэжээвэр амьтантай орж болох уу?"],
      answer: "Жижиг амьтантай орж болно.",
      title: "pets",
      sourceId: 200,
    });
    expect(await ask(message)).toMatchObject({ outcome: "answer", text: "Жижиг амьтантай орж болно." });
    source.put(1, 1, { ...pairByKey("hours"), answer: "Өдөр бүр 10:00-22:00." });
    expect(await ask("Хэдэн цагт хаадаг вэ")).toMatchObject({ outcome: "answer", text: "Өдөр бүр 10:00-22:00." });
  });

  it("answers a question asked right after an edit with the small knowledge's classifier already trained, however busy the server", async () => {
    const source = new MemoryKnowledgeSource();
    source.set(7, 1, [...SHOP_PAIRS]);
    const engine = new AnswerEngine(source, { encoder: null });
    engines.push(engine);
    // A busy server: every slice of training outlasts its time, so training yields to the event loop at each step.
    const busy = setInterval(() => {
      const until = performance.now() + 25;
      while (performance.now() < until);
    }, 0);
    try {
      expect((await engine.index(7, 1)).hasClassifier).toBe(true);
      source.put(7, 1, { ...pairByKey("hours"), answer: "Өдөр бүр 10:00-22:00." });
      expect((await engine.index(7, 1)).hasClassifier).toBe(true);
    } finally {
      clearInterval(busy);
    }
  });

  it("keeps each company's and agent's knowledge apart", async () => {
    const { source, engine } = await shop();
    source.set(2, 1, [{ id: "qa:1", kind: "qa", questions: ["Тасалбар хэдэн төгрөг вэ?"], answer: "10,000₮", title: "ticket", sourceId: 1 }]);
    expect(answered(await engine.ask({ companyId: 2, agentId: 1, message: "Хүргэлтийн үнэ хэд вэ?" }))).not.toBe("delivery_price");
    expect(answered(await engine.ask({ companyId: 1, agentId: 2, message: "Хүргэлтийн үнэ хэд вэ?" }))).toBe("(unrelated)");
    expect(answered(await engine.ask({ companyId: 2, agentId: 1, message: "tasalbar hed togrog ve" }))).toBe("ticket");
  });

  it("offers a choice when two pairs answer equally well, best first", async () => {
    const source = new MemoryKnowledgeSource();
    source.set(3, 1, [
      { id: "qa:1", kind: "qa", questions: ["Хүргэлт хэд хоног вэ?"], answer: "Хотод 1 хоног.", title: "city", sourceId: 1 },
      { id: "qa:2", kind: "qa", questions: ["Хүргэлт хэд хоног вэ?"], answer: "Хөдөө 3 хоног.", title: "countryside", sourceId: 2 },
      { id: "qa:3", kind: "qa", questions: ["Дансны дугаар"], answer: "5000", title: "account", sourceId: 3 },
    ]);
    const engine = new AnswerEngine(source);
    engines.push(engine);
    const result = await engine.ask({ companyId: 3, agentId: 1, message: "хүргэлт хэд хоног" });
    expect(result.outcome).toBe("clarify");
    if (result.outcome === "clarify") expect(result.options.map((o) => o.title).sort()).toEqual(["city", "countryside"]);
  });

  it("answers rather than offers a choice between docs that say the same (a passage and the pair made from it)", async () => {
    const { ask } = await knowledgeOf(5, [
      { id: "qa:1", kind: "qa", questions: ["Бараа буцаах хугацаа хэд вэ?"], answer: "14 хоногийн дотор буцаана.", title: "generated", sourceId: 1 },
      { id: "article:7:0", kind: "passage", questions: ["Бараа буцаах хугацаа хэд вэ?"], answer: "14 хоногийн дотор  буцаана.", title: "policy", sourceId: 7 },
      { id: "qa:2", kind: "qa", questions: ["Та хэдэн цагаас ажилладаг вэ?"], answer: "09:00-21:00", title: "hours", sourceId: 2 },
    ]);
    const result = await ask("бараа буцаах хугацаа хэд хоног вэ");
    expect(result.outcome).toBe("answer");
    if (result.outcome === "answer") expect(result.text.replace(/\s+/g, " ")).toBe("14 хоногийн дотор буцаана.");
  });

  it("never answers a message it knows nothing of, even with only two pairs to choose from", async () => {
    const { ask } = await knowledgeOf(4, [pairByKey("hours"), pairByKey("location")]);
    expect((await ask("Qwerty asdf zxcv")).outcome).toBe("unrelated");
    expect(answered(await ask("Дэлгүүр хаана байрладаг вэ"))).toBe("location");
  });

  it("uses the previous question for a short follow-up", async () => {
    const { engine } = await shop();
    const result = await engine.ask({ companyId: 1, agentId: 1, message: "үнэ нь хэд вэ", recent: [{ from: "customer", text: "Хүргэлт" }] });
    expect(answered(result)).toBe("delivery_price");
  });

  it("drafts a reply for a person from the customer's latest message", async () => {
    const { engine } = await shop();
    const draft = await engine.draftReply(1, 1, [
      { from: "customer", text: "Сайн байна уу" },
      { from: "agent", text: "Сайн байна уу, юугаар туслах вэ?" },
      { from: "customer", text: "Баталгаат хугацаа хэд вэ?" },
    ]);
    expect(draft).toMatchObject({ text: pairByKey("warranty").answer, sources: [{ id: pairByKey("warranty").id }] });
    expect(await engine.draftReply(1, 1, [{ from: "customer", text: "Дэлгүүрийн эзэн хэн бэ?" }])).toBeNull();
  });

  it("decides a draft as the agent decides its reply: choices stay choices, never the first one drafted as the answer", async () => {
    const source = new MemoryKnowledgeSource();
    source.set(7, 1, [
      { id: "qa:1", kind: "qa", questions: ["Хүргэлт хэд хоног вэ?"], answer: "Хотод 1 хоног.", title: "city", sourceId: 1 },
      { id: "qa:2", kind: "qa", questions: ["Хүргэлт хэд хоног вэ?"], answer: "Хөдөө 3 хоног.", title: "countryside", sourceId: 2 },
      { id: "qa:3", kind: "qa", questions: ["Дансны дугаар"], answer: "5000", title: "account", sourceId: 3 },
    ]);
    const engine = new AnswerEngine(source);
    engines.push(engine);
    const conversation = [{ from: "customer" as const, text: "хүргэлт хэд хоног" }];
    const decision = await engine.replyTo(7, 1, conversation);
    expect(decision?.kind).toBe("choices");
    if (decision?.kind === "choices") expect(decision.choices.map((c) => c.title).sort()).toEqual(["city", "countryside"]);
    // A ready-to-send draft (e-mail's "draft" mode) is only ever an answer the agent would give itself.
    expect(await engine.draftReply(7, 1, conversation)).toBeNull();
    expect(await engine.replyTo(7, 1, [{ from: "agent", text: "Сайн байна уу" }])).toBeNull();
  });
});

describe("answer engine on English knowledge, by meaning", () => {
  const englishShop = async (options: EngineOptions = {}) => (await knowledgeOf(6, ENGLISH_PAIRS, options)).ask;

  it("answers questions worded with none of the stored words, which words alone miss", async () => {
    const byMeaning = await englishShop();
    const byWords = await englishShop({ encoder: null });
    expect(answered(await byMeaning("I'd like to return this and be reimbursed"))).toBe("refund");
    expect(answered(await byWords("I'd like to return this and be reimbursed"))).not.toBe("refund");
    expect(answered(await byMeaning("what time do you close"))).toBe("hours");
    expect(answered(await byWords("what time do you close"))).not.toBe("hours");
    for (const message of ["what's the weather tomorrow", "can you recommend a good movie"]) {
      expect(["not_found", "unrelated"], message).toContain((await byMeaning(message)).outcome);
    }
  });

  it("answers from words alone when the encoder fails, and says so", async () => {
    const failures: unknown[] = [];
    const broken = { id: "broken", reads: () => true, embed: async () => Promise.reject(new Error("encoder down")) };
    const ask = await englishShop({ encoder: broken, onEncoderError: (error) => failures.push(error) });
    expect(answered(await ask("Can I pay by card?"))).toBe("payment");
    expect(failures.length).toBeGreaterThan(0);
  });

  it("embeds a repeated message once", async () => {
    const { encoder, embedded } = countingEncoder();
    const ask = await englishShop({ encoder });
    const variants = embedded.length;
    expect(answered(await ask("what time do you close"))).toBe("hours");
    expect(answered(await ask("What time do you close "))).toBe("hours");
    expect(embedded.length).toBe(variants + 1);
  });

  it("a new English variant is understood by meaning on the next message", async () => {
    const { source, ask } = await knowledgeOf(7, ENGLISH_PAIRS.slice(0, 5));
    const warranty = ENGLISH_PAIRS[5];
    if (warranty) source.put(7, 1, warranty);
    expect(answered(await ask("Is my laptop covered by warranty?"))).toBe("warranty");
  });
});

describe("the deciding word", () => {
  /** Three pairs on one topic (delivery) told apart by the word that decides: price, days, area. */
  const DELIVERY: KnowledgeDoc[] = [
    {
      id: "qa:1",
      kind: "qa",
      questions: ["Хүргэлтийн үнэ хэд вэ?", "Хүргэлт хэдэн төгрөг вэ", "Хүргэлт үнэгүй юу"],
      answer: "5,000₮.",
      title: "price",
      sourceId: 1,
    },
    {
      id: "qa:2",
      kind: "qa",
      questions: ["Хүргэлт хэдэн хоногт ирэх вэ?", "Хүргэлт хэр удаан вэ", "Хэзээ хүргэж өгөх вэ"],
      answer: "24 цагийн дотор.",
      title: "days",
      sourceId: 2,
    },
    {
      id: "qa:3",
      kind: "qa",
      questions: ["Хүргэлт хаана хийдэг вэ?", "Орон нутагт хүргэдэг үү", "Аймаг руу хүргэх үү"],
      answer: "Бүх аймагт.",
      title: "area",
      sourceId: 3,
    },
  ];

  it("answers with the doc that has the deciding word, though another on the topic scores higher by the other words", async () => {
    const { engine, ask } = await knowledgeOf(9, DELIVERY);
    const decision = await engine.decide(9, 1, "Хүргэлт хэд хоног вэ?");
    expect(decision.outcome === "answer" && decision.candidates[0]?.doc.title).toBe("price");
    for (const message of ["Хүргэлт хэд хоног вэ?", "hurgelt hed honog ve", "khvrgelt khed khonog we", "хүргэлт hed хоног ve"]) {
      expect(answered(await ask(message)), message).toBe("days");
    }
    expect(answered(await ask("Хүргэлтийн үнэ хэд вэ?"))).toBe("price");
    expect(answered(await ask("oron nutagt hurgedeg vv"))).toBe("area");
  });

  it("never answers when the deciding word is in none of the docs on the topic: it offers them, or says it does not know", async () => {
    const { ask } = await knowledgeOf(10, DELIVERY);
    for (const message of ["Хүргэлтийн даатгал хэд вэ?", "hurgeltiin daatgal hed ve", "Хүргэлтийн баталгаа хэд вэ?"]) {
      const result = await ask(message);
      expect(result.outcome, message).not.toBe("answer");
      if (result.outcome === "clarify")
        expect(
          result.options.map((o) => o.title),
          message,
        ).toEqual(expect.arrayContaining(["price", "days"]));
    }
  });

  it("offers the docs on the topic when the word that decides is in neither, in the shop's larger knowledge too", async () => {
    const { ask } = await shop();
    const result = await ask("Хүргэлтийн даатгал хэд вэ");
    expect(result.outcome).not.toBe("answer");
    expect(resolved(await ask("хүргэлт хэд хоног вэ"))).toBe("delivery_time");
  });
});

describe("Latin-typed Mongolian", () => {
  it("reads each Latin word the way the knowledge writes it, whatever letters stand for ө, ү, х, ц, ы, й, е", async () => {
    const { engine } = await shop();
    const index = await engine.index(1, 1);
    const stems = (text: string) =>
      index
        .respell(tokenize(text))
        .map((t) => t.stem)
        .join(" ");
    expect(stems("hurgeltiin vne hed ve")).toBe(stems("Хүргэлтийн үнэ хэд вэ"));
    expect(stems("tqlbqrqq butsaaj awah")).toBe(stems("төлбөрөө буцааж авах"));
    expect(stems("zakhialgaa tsutsalj boloh uu")).toBe(stems("Захиалгаа цуцалж болох уу"));
    // Words none of whose readings the knowledge uses more are left as typed.
    expect(index.respell(tokenize("delivery express"))).toEqual(tokenize("delivery express"));
  });

  it("answers the shop's questions typed in Latin by many typists as it answers them in Cyrillic", async () => {
    const { ask } = await shop();
    let right = 0;
    let wrong = 0;
    let asked = 0;
    for (const [i, doc] of SHOP_PAIRS.entries()) {
      for (const seed of [1, 2, 3]) {
        const question = doc.questions[0] ?? "";
        const result = await ask(typeLatin(question, seeded(i * 10 + seed), { mixed: seed === 3 }));
        asked++;
        if (resolved(result) === doc.title) right++;
        else if (result.outcome === "answer") wrong++;
      }
    }
    expect(right / asked).toBeGreaterThanOrEqual(0.9);
    expect(wrong / asked).toBeLessThan(0.02);
  });
});
