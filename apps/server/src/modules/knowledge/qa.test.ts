import type { ArticleView, FolderView, QaView, QuestionView, TiptapNode } from "@holboo/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";
import { virtualAgents } from "../../platform/db/schema.ts";
import { recordQuestion } from "./qa.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List<T> = { items: T[]; total: number };
const doc = (...texts: string[]): TiptapNode => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

async function post<T>(client: Client, path: string, body?: unknown) {
  const response = await client.post<T>(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function primaryAgent(companyId: number) {
  const [agent] = await t.database.db.select().from(virtualAgents).where(eq(virtualAgents.companyId, companyId));
  if (!agent) throw new Error("no primary agent");
  return agent;
}

describe("Q&A pairs", () => {
  it("are written as reviewed, filtered by source, activated and deactivated singly or in bulk", async () => {
    const admin = await companyAdmin(t);
    const a = await post<QaView>(admin.client, "/api/knowledge/qa", {
      question: "Цагийн хуваарь?",
      variants: ["tsagiin huvaari", "tsagiin huvaari", ""],
      answer: "09:00-18:00",
    });
    expect(a).toMatchObject({ source: "reviewed", active: true, variants: ["tsagiin huvaari"] });
    const b = await post<QaView>(admin.client, "/api/knowledge/qa", { question: "Хаяг?", answer: "Сүхбаатар дүүрэг", active: false });
    expect(b.active).toBe(false);
    expect(fieldCode(await admin.client.post("/api/knowledge/qa", { question: "", answer: "x" }), "question")).toBe("required");
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa?source=reviewed")).body.total).toBe(2);
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa?source=auto")).body.total).toBe(0);
    expect((await post<{ updated: number }>(admin.client, "/api/knowledge/qa/active", { ids: [a.id, b.id], active: false })).updated).toBe(2);
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa")).body.items.every((pair) => !pair.active)).toBe(true);
    await post(admin.client, "/api/knowledge/qa/active", { ids: [b.id], active: true });
    const states = (await admin.client.get<List<QaView>>("/api/knowledge/qa")).body.items.map((pair) => [pair.id, pair.active]);
    expect(states).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it("another company cannot read, change or (de)activate them; agents only read", async () => {
    const admin = await companyAdmin(t);
    const pair = await post<QaView>(admin.client, "/api/knowledge/qa", { question: "Нууц?", answer: "Тийм" });
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<List<QaView>>("/api/knowledge/qa")).body.total).toBe(1);
    expect(errorCode(await agent.client.post("/api/knowledge/qa/active", { ids: [pair.id], active: false }))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<List<QaView>>("/api/knowledge/qa")).body.total).toBe(0);
    expect((await other.client.post("/api/knowledge/qa/active", { ids: [pair.id], active: false })).status).toBe(404);
    expect((await other.client.put(`/api/knowledge/qa/${pair.id}`, { question: "x", answer: "y" })).status).toBe(404);
    expect((await other.client.del(`/api/knowledge/qa/${pair.id}`)).status).toBe(404);
    // Another company's article cannot be named as a related document.
    const folder = await post<FolderView>(admin.client, "/api/knowledge/folders", { name: "Дотоод" });
    const article = await post<ArticleView>(admin.client, "/api/knowledge/articles", { folder_id: folder.id, name: "Дотоод", content: doc("x") });
    const foreign = await other.client.post("/api/knowledge/qa", { question: "x?", answer: "y", related_article_ids: [article.id] });
    expect(fieldCode(foreign, "related_article_ids")).toBe("article_not_found");
    expect((await other.client.get<List<QaView>>("/api/knowledge/qa")).body.total).toBe(0);
    expect(
      (await post<QaView>(admin.client, "/api/knowledge/qa", { question: "x?", answer: "y", related_article_ids: [article.id] })).related_article_ids,
    ).toEqual([article.id]);
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa")).body.items.find((p) => p.id === pair.id)).toMatchObject({
      question: "Нууц?",
      active: true,
    });
  });
});

describe("the question log", () => {
  it("lists questions by outcome; a not-found one is answered in one step into an active reviewed pair", async () => {
    const admin = await companyAdmin(t);
    const agent = await primaryAgent(admin.me.company_id);
    const base = { companyId: admin.me.company_id, agentId: agent.id };
    const missing = await recordQuestion(t.database.db, { ...base, question: "Буцаалт хийх үү?", outcome: "not_found", confidence: 0.1 });
    await recordQuestion(t.database.db, { ...base, question: "Цаг агаар?", outcome: "unrelated" });
    const pair = await post<QaView>(admin.client, "/api/knowledge/qa", { question: "Хаяг?", answer: "СБД" });
    await recordQuestion(t.database.db, { ...base, question: "Хаяг хаана вэ?", outcome: "answered", qaPairId: pair.id, confidence: 0.92 });
    const list = async (outcome: string) => (await admin.client.get<List<QuestionView>>(`/api/knowledge/questions?outcome=${outcome}`)).body.items;
    expect((await list("answered")).map((q) => [q.question, q.qa_pair_id, q.confidence])).toEqual([["Хаяг хаана вэ?", pair.id, expect.closeTo(0.92, 5)]]);
    expect((await list("unrelated")).map((q) => q.question)).toEqual(["Цаг агаар?"]);
    const resolved = await post<QaView>(admin.client, `/api/knowledge/questions/${missing}/resolve`, { answer: "14 хоногийн дотор буцаана." });
    expect(resolved).toMatchObject({ question: "Буцаалт хийх үү?", answer: "14 хоногийн дотор буцаана.", active: true, source: "reviewed" });
    expect((await list("not_found"))[0]).toMatchObject({ id: missing, resolved_qa_pair_id: resolved.id });
    // A resolved entry cannot be answered twice; another company cannot answer it at all.
    expect((await admin.client.post(`/api/knowledge/questions/${missing}/resolve`, { answer: "again" })).status).toBe(404);
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa")).body.total).toBe(2);
    const other = await companyAdmin(t);
    expect((await other.client.get<List<QuestionView>>("/api/knowledge/questions?outcome=not_found")).body.total).toBe(0);
    const second = await recordQuestion(t.database.db, { ...base, question: "Өөр?", outcome: "not_found" });
    expect((await other.client.post(`/api/knowledge/questions/${second}/resolve`, { answer: "hack" })).status).toBe(404);
    expect((await list("not_found")).find((q) => q.id === second)?.resolved_qa_pair_id).toBeNull();
  });
});

describe("the knowledge source", () => {
  it("gives an agent only active pairs and passages of published articles in its folders, of its own company", async () => {
    const admin = await companyAdmin(t);
    const primary = await primaryAgent(admin.me.company_id);
    const [second] = await t.database.db
      .insert(virtualAgents)
      .values({ companyId: admin.me.company_id, userId: primary.userId, name: "Борлуулалт" })
      .returning();
    if (!second) throw new Error("no agent");
    const shared = await post<FolderView>(admin.client, "/api/knowledge/folders", { name: "Ерөнхий", agent_ids: [primary.id, second.id] });
    const salesOnly = await post<FolderView>(admin.client, "/api/knowledge/folders", { name: "Борлуулалт", agent_ids: [second.id] });
    const published = await post<ArticleView>(admin.client, "/api/knowledge/articles", {
      folder_id: shared.id,
      name: "Хүргэлт",
      content: doc("Хүргэлт 24 цагт.", "Орон нутагт 3 хоног."),
    });
    await post(admin.client, `/api/knowledge/articles/${published.id}/publish`);
    await post(admin.client, "/api/knowledge/articles", { folder_id: shared.id, name: "Ноорог", content: doc("Ноорог текст") });
    const sales = await post<ArticleView>(admin.client, "/api/knowledge/articles", { folder_id: salesOnly.id, name: "Үнэ", content: doc("Хямдрал 10%.") });
    await post(admin.client, `/api/knowledge/articles/${sales.id}/publish`);
    const active = await post<QaView>(admin.client, "/api/knowledge/qa", { question: "Хаяг?", variants: ["hayag"], answer: "СБД" });
    await post(admin.client, "/api/knowledge/qa", { question: "Идэвхгүй?", answer: "Үгүй", active: false });

    const forPrimary = await t.app.knowledge.load(admin.me.company_id, primary.id);
    expect(forPrimary.map((d) => d.id).sort()).toEqual([`article:${published.id}:0`, `qa:${active.id}`].sort());
    expect(forPrimary.find((d) => d.kind === "qa")).toMatchObject({ questions: ["Хаяг?", "hayag"], answer: "СБД", title: "Хаяг?", sourceId: active.id });
    expect(forPrimary.find((d) => d.kind === "passage")).toMatchObject({
      answer: "Хүргэлт 24 цагт.\nОрон нутагт 3 хоног.",
      title: "Хүргэлт",
      sourceId: published.id,
    });
    const forSales = await t.app.knowledge.load(admin.me.company_id, second.id);
    expect(
      forSales
        .filter((d) => d.kind === "passage")
        .map((d) => d.sourceId)
        .sort(),
    ).toEqual([published.id, sales.id].sort());

    const other = await companyAdmin(t);
    expect(await t.app.knowledge.load(other.me.company_id, primary.id)).toEqual([]);
    expect(await t.app.knowledge.load(other.me.company_id, (await primaryAgent(other.me.company_id)).id)).toEqual([]);
  });

  it("splits long articles into passages under their headings", async () => {
    const admin = await companyAdmin(t);
    const primary = await primaryAgent(admin.me.company_id);
    const f = await post<FolderView>(admin.client, "/api/knowledge/folders", { name: "Урт" });
    const sentence = "Энэ бол урт нийтлэлийн нэг өгүүлбэр юм. ";
    const content: TiptapNode = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Баталгаа" }] },
        { type: "paragraph", content: [{ type: "text", text: sentence.repeat(40) }] },
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Засвар" }] },
        { type: "paragraph", content: [{ type: "text", text: "Засвар үнэгүй." }] },
      ],
    };
    const a = await post<ArticleView>(admin.client, "/api/knowledge/articles", { folder_id: f.id, name: "Баталгаа", content });
    await post(admin.client, `/api/knowledge/articles/${a.id}/publish`);
    const passages = (await t.app.knowledge.load(admin.me.company_id, primary.id)).filter((d) => d.kind === "passage");
    expect(passages.length).toBeGreaterThan(3);
    expect(passages.every((d) => d.answer.length <= 500)).toBe(true);
    expect(passages.slice(0, -1).every((d) => d.questions.join("/") === "Баталгаа")).toBe(true);
    expect(passages.at(-1)).toMatchObject({ questions: ["Баталгаа", "Засвар"], answer: "Засвар үнэгүй." });
  });

  it("tells its listeners after every committed edit of pairs, articles, folders and assignments", async () => {
    const admin = await companyAdmin(t);
    const heard: number[] = [];
    const stop = t.app.knowledge.onChange((companyId) => {
      if (companyId === admin.me.company_id) heard.push(companyId);
    });
    try {
      const f = await post<FolderView>(admin.client, "/api/knowledge/folders", { name: "Сонсох" });
      expect(heard).toHaveLength(1);
      await post(admin.client, "/api/knowledge/folders", { name: "Сонсох" }).catch(() => undefined);
      expect(heard).toHaveLength(1); // a refused edit changes nothing and tells nobody
      const primary = await primaryAgent(admin.me.company_id);
      expect((await admin.client.put(`/api/knowledge/folders/${f.id}`, { name: "Сонсох", agent_ids: [primary.id] })).status).toBe(200);
      const a = await post<ArticleView>(admin.client, "/api/knowledge/articles", { folder_id: f.id, name: "A", content: doc("a") });
      await post(admin.client, `/api/knowledge/articles/${a.id}/publish`);
      const pair = await post<QaView>(admin.client, "/api/knowledge/qa", { question: "Q?", answer: "A" });
      await post(admin.client, "/api/knowledge/qa/active", { ids: [pair.id], active: false });
      // The listener runs after commit: what it loads already shows the change.
      let loaded: Promise<string[]> | null = null;
      const stopLoad = t.app.knowledge.onChange((companyId) => {
        if (companyId === admin.me.company_id) loaded = t.app.knowledge.load(companyId, primary.id).then((docs) => docs.map((d) => d.id));
      });
      await post(admin.client, "/api/knowledge/qa/active", { ids: [pair.id], active: true });
      stopLoad();
      expect(await loaded).toContain(`qa:${pair.id}`);
      expect(heard).toHaveLength(7);
    } finally {
      stop();
    }
  });
});
