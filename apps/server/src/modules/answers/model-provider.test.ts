import type { ArticleView, FolderView, ModelProviderView, QaView, TiptapNode } from "@holboo/core";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";
import { SHOP_PAIRS, pairByKey } from "./answers.fixture.ts";
import { AnswerEngine } from "./answers.engine.ts";
import { MemoryKnowledgeSource } from "./memory-source.ts";
import { providerConfig, providerFetchPolicy } from "./model-provider.service.ts";
import { modelProviders } from "../../platform/db/schema.ts";
import { eq } from "drizzle-orm";
import { NOT_FOUND_REPLY } from "./provider/grounded.ts";
import { PAIR_WRITER_PROMPT } from "./provider/pair-writer.ts";
import { tokenize } from "./text/features.ts";

/**
 * A local OpenAI-compatible server, deterministic: /v1/embeddings returns hashed bag-of-stems vectors;
 * /v1/chat/completions answers with the numbered passage sharing most word stems with the customer's
 * message and cites it, or NOT_FOUND when none shares at least two. Both follow OpenAI's documented
 * request and response shapes.
 */
interface Recorded {
  path: string;
  authorization: string | undefined;
  body: { model: string; input?: string[] | string; messages?: Array<{ role: string; content: string }> };
}

const stems = (text: string) =>
  new Set(
    tokenize(text)
      .filter((t) => !t.stop)
      .map((t) => t.stem),
  );

function embedding(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const stem of stems(text)) {
    let h = 0;
    for (const ch of stem) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
    vector[h % 64] = (vector[h % 64] ?? 0) + 1;
  }
  return vector;
}

/** An entry the fake model adds that the article never says: the grounding check must drop it. */
const INVENTED = { question: "Та үнэгүй хүргэдэг үү?", answer: "Бид бүх захиалгыг үнэгүй, нэг цагийн дотор хүргэнэ." };

/** Pair writing: one entry per sentence of the article (its first words as the question), plus the
 * invented one, in a code fence as some models reply. */
function pairsReply(user: string): string {
  const text = user.slice(user.indexOf("\n\n") + 2);
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.split(" ").length >= 3);
  const pairs = sentences.map((sentence) => ({ question: `${sentence.split(" ").slice(0, 3).join(" ")}?`, answer: sentence }));
  return `\`\`\`json\n${JSON.stringify({ pairs: [...pairs, INVENTED] })}\n\`\`\``;
}

function chatReply(messages: Array<{ role: string; content: string }>): string {
  if (messages[0]?.content === PAIR_WRITER_PROMPT) return pairsReply(messages.find((m) => m.role === "user")?.content ?? "");
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const question = user.slice(user.lastIndexOf("Customer: ") + "Customer: ".length);
  const passages = [...user.matchAll(/\[(\d+)\] ([^\n]*)\n([^\n]*)/g)].map((m) => ({ n: m[1], heading: m[2] ?? "", text: m[3] ?? "" }));
  const asked = stems(question);
  const best = passages
    .map((p) => ({ ...p, overlap: [...stems(`${p.heading} ${p.text}`)].filter((s) => asked.has(s)).length }))
    .sort((a, b) => b.overlap - a.overlap)[0];
  return best && best.overlap >= 2 ? `${best.text} [${best.n}]` : NOT_FOUND_REPLY;
}

async function fakeProvider() {
  const requests: Recorded[] = [];
  const readBody = async (req: IncomingMessage) => {
    let data = "";
    for await (const chunk of req) data += String(chunk);
    return JSON.parse(data) as Recorded["body"];
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/v1/embeddings") {
        const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ""];
        res.end(
          JSON.stringify({
            object: "list",
            model: body.model,
            data: inputs.map((text, index) => ({ object: "embedding", index, embedding: embedding(text) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
      } else if (req.method === "POST" && req.url === "/v1/chat/completions") {
        const content = chatReply(body.messages ?? []);
        res.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            created: 0,
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: "not found" } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { requests, baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let provider: Awaited<ReturnType<typeof fakeProvider>>;
beforeAll(async () => {
  // The fake model server listens on this machine: the installation allows private addresses for it.
  t = await startTestApp({ MODEL_PROVIDER_ALLOW_PRIVATE: "true" });
  provider = await fakeProvider();
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

describe("model provider settings", () => {
  it("saves the provider, never returns the key in full, keeps the key when it is not sent, and deletes", async () => {
    const admin = await companyAdmin(t);
    expect((await admin.client.get<ModelProviderView>("/api/settings/model-provider")).body).toMatchObject({ configured: false });
    const saved = await admin.client.put<ModelProviderView>("/api/settings/model-provider", {
      base_url: `${provider.baseUrl}/`,
      api_key: "sk-test-secret-f3a9",
      chat_model: "llama3",
      embedding_model: "nomic-embed-text",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, base_url: provider.baseUrl, api_key_hint: "…f3a9", chat_model: "llama3" });
    expect(JSON.stringify(saved.body)).not.toContain("secret");
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "llama3.1" });
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toMatchObject({
      apiKey: "sk-test-secret-f3a9",
      chatModel: "llama3.1",
      embeddingModel: "",
    });
    expect((await admin.client.del("/api/settings/model-provider")).status).toBe(200);
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toBeNull();
  });

  it("refuses a non-http address or no model and changes nothing", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "llama3" });
    for (const base_url of ["file:///etc/passwd", "ftp://models.local/v1", "not a url", "http://user:pass@models.local/v1"]) {
      const refused = await admin.client.put("/api/settings/model-provider", { base_url, chat_model: "x" });
      expect(fieldCode(refused, "base_url"), base_url).toBe("model_provider_url_invalid");
    }
    expect(fieldCode(await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl }), "chat_model")).toBe(
      "model_provider_model_required",
    );
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toMatchObject({ baseUrl: provider.baseUrl, chatModel: "llama3" });
  });

  it("needs settings.edit, and each company sees and changes only its own", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, api_key: "sk-company-a-key-1234", chat_model: "a-model" });
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await agent.client.get("/api/settings/model-provider"))).toBe("forbidden");
    expect(errorCode(await agent.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "x" }))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<ModelProviderView>("/api/settings/model-provider")).body.configured).toBe(false);
    await other.client.put("/api/settings/model-provider", { base_url: "https://other.example/v1", chat_model: "b-model" });
    await other.client.del("/api/settings/model-provider");
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toMatchObject({ chatModel: "a-model", apiKey: "sk-company-a-key-1234" });
  });
});

describe("the model provider's key at rest", () => {
  const row = async (companyId: number) => (await t.database.db.select().from(modelProviders).where(eq(modelProviders.companyId, companyId)))[0];

  it("is stored sealed, never plain, and only its hint is returned", async () => {
    const admin = await companyAdmin(t);
    const key = "sk-sealed-key-7c1d9e";
    const saved = await admin.client.put<ModelProviderView>("/api/settings/model-provider", { base_url: provider.baseUrl, api_key: key, chat_model: "m" });
    expect(saved.body.api_key_hint).toBe("…1d9e");
    const stored = await row(admin.me.company_id);
    expect(stored?.apiKey).toBe("");
    expect(stored?.apiKeySealed?.toString("latin1")).not.toContain("sk-sealed");
    expect(t.secrets.open<string>(stored?.apiKeySealed ?? Buffer.alloc(0))).toBe(key);
    expect(JSON.stringify((await admin.client.get("/api/settings/model-provider")).body)).not.toContain(key);
    // Saving without a key keeps the sealed one.
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "m2" });
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toMatchObject({ apiKey: key, chatModel: "m2" });
  });

  it("a key saved plain before sealing is sealed by the server's start, and still used", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "m" });
    await t.database.db
      .update(modelProviders)
      .set({ apiKey: "sk-from-before-4242", apiKeySealed: null })
      .where(eq(modelProviders.companyId, admin.me.company_id));
    await t.restart();
    const stored = await row(admin.me.company_id);
    expect(stored?.apiKey).toBe("");
    expect(t.secrets.open<string>(stored?.apiKeySealed ?? Buffer.alloc(0))).toBe("sk-from-before-4242");
    expect(await providerConfig(t.database.db, t.secrets, admin.me.company_id)).toMatchObject({ apiKey: "sk-from-before-4242" });
  });
});

describe("model provider addresses on an installation that keeps them public (the default)", () => {
  it("refuses loopback, private and link-local addresses, and names that resolve to them, and changes nothing", async () => {
    const strict = await startTestApp();
    try {
      expect(strict.config.MODEL_PROVIDER_ALLOW_PRIVATE).toBe(false);
      const admin = await companyAdmin(strict);
      for (const base_url of [
        provider.baseUrl,
        "http://localhost:11434/v1",
        "http://10.0.0.5/v1",
        "http://169.254.169.254/latest",
        "http://0.0.0.0:8080/v1",
        "http://192.168.1.20/v1",
      ]) {
        const refused = await admin.client.put("/api/settings/model-provider", { base_url, chat_model: "llama3" });
        expect(fieldCode(refused, "base_url"), base_url).toBe("model_provider_url_blocked");
      }
      expect(await providerConfig(strict.database.db, strict.secrets, admin.me.company_id)).toBeNull();
    } finally {
      await strict.close();
    }
  });
});

describe("answer engine with a model provider", () => {
  async function engineWith(config: { chatModel?: string; embeddingModel?: string; baseUrl?: string; allowPrivate?: boolean }) {
    const source = new MemoryKnowledgeSource();
    source.set(1, 1, SHOP_PAIRS);
    const errors: unknown[] = [];
    const engine = new AnswerEngine(source, {
      provider: async () => ({
        baseUrl: config.baseUrl ?? provider.baseUrl,
        apiKey: "sk-local",
        chatModel: config.chatModel ?? "",
        embeddingModel: config.embeddingModel ?? "",
      }),
      onProviderError: (_, error) => errors.push(error),
      providerPolicy: providerFetchPolicy(config.allowPrivate ?? true),
    });
    return { engine, errors, ask: (message: string) => engine.ask({ companyId: 1, agentId: 1, message }) };
  }

  it("generates the answer only from retrieved passages and cites them", async () => {
    const { engine, ask } = await engineWith({ chatModel: "llama3", embeddingModel: "nomic-embed-text" });
    const before = provider.requests.length;
    const result = await ask("Баталгаат хугацаа хэд вэ?");
    expect(result).toMatchObject({ outcome: "answer", generated: true, text: pairByKey("warranty").answer, sources: [{ id: pairByKey("warranty").id }] });
    const calls = provider.requests.slice(before);
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(["/v1/embeddings", "/v1/chat/completions"]));
    expect(calls.every((c) => c.authorization === "Bearer sk-local")).toBe(true);
    const chat = calls.find((c) => c.path === "/v1/chat/completions");
    expect(chat?.body.model).toBe("llama3");
    const prompt = chat?.body.messages?.map((m) => m.content).join("\n") ?? "";
    expect(prompt).toContain(pairByKey("warranty").answer);
    expect(prompt.match(/^\[\d+\] /gm)?.length).toBeLessThanOrEqual(4);
    engine.close();
  });

  it("refuses when the passages do not answer, and still escalates requests for a person", async () => {
    const { engine, ask } = await engineWith({ chatModel: "llama3" });
    const before = provider.requests.length;
    expect((await ask("Дэлгүүрийн эзэн хэн бэ?")).outcome).toBe("not_found");
    expect(provider.requests.slice(before).map((r) => r.path)).toEqual(["/v1/chat/completions"]);
    expect((await ask("хүнтэй ярих")).outcome).toBe("escalate");
    engine.close();
  });

  it("ranks with embeddings alone when there is no chat model", async () => {
    const { engine, ask } = await engineWith({ embeddingModel: "nomic-embed-text" });
    expect(await ask("hurgelt hed honogt ireh ve")).toMatchObject({ outcome: "answer", text: pairByKey("delivery_time").answer });
    engine.close();
  });

  it("never calls a private address unless the installation allows it (SSRF), and answers offline instead", async () => {
    const { engine, errors, ask } = await engineWith({ chatModel: "llama3", embeddingModel: "nomic-embed-text", allowPrivate: false });
    const before = provider.requests.length;
    expect(await ask("Картаар төлж болох уу")).toMatchObject({ outcome: "answer", text: pairByKey("payment_methods").answer });
    expect(provider.requests.length).toBe(before);
    expect(errors).toMatchObject([{ code: "url_blocked" }]);
    engine.close();
  });

  it("answers offline when the provider cannot be reached", async () => {
    const { engine, errors, ask } = await engineWith({ chatModel: "llama3", baseUrl: "http://127.0.0.1:1/v1" });
    expect(await ask("Картаар төлж болох уу")).toMatchObject({ outcome: "answer", text: pairByKey("payment_methods").answer });
    expect(errors.length).toBe(1);
    engine.close();
  });
});

describe("Q&A pairs written by the company's chat model", () => {
  const doc = (...blocks: TiptapNode[]): TiptapNode => ({ type: "doc", content: blocks });
  const p = (text: string): TiptapNode => ({ type: "paragraph", content: [{ type: "text", text }] });
  const h = (text: string): TiptapNode => ({ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text }] });
  type List<T> = { items: T[]; total: number };

  async function publishedArticle(client: Awaited<ReturnType<typeof companyAdmin>>["client"], content: TiptapNode) {
    const folder = (await client.post<FolderView>("/api/knowledge/folders", { name: "Журам" })).body;
    const article = (await client.post<ArticleView>("/api/knowledge/articles", { folder_id: folder.id, name: "Буцаалт", content })).body;
    expect((await client.post(`/api/knowledge/articles/${article.id}/publish`)).status).toBe(200);
    return { folder, article };
  }
  const autoPairs = async (client: Awaited<ReturnType<typeof companyAdmin>>["client"]) =>
    (await client.get<List<QaView>>("/api/knowledge/qa?source=auto")).body.items.map((pair) => `${pair.question} → ${pair.answer}`).sort();

  it("adds the model's pairs to the structural ones on publish, drops what the article never says, and follows edits", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/settings/model-provider", { base_url: provider.baseUrl, chat_model: "llama3" });
    const content = doc(h("Буцаалт"), p("Бараагаа 14 хоногийн дотор буцааж болно. Баримт болон сав баглаа боодлоо авчирна уу."));
    const { folder, article } = await publishedArticle(admin.client, content);
    await expect
      .poll(() => autoPairs(admin.client), { timeout: 10_000 })
      .toEqual(
        [
          "Буцаалт → Бараагаа 14 хоногийн дотор буцааж болно. Баримт болон сав баглаа боодлоо авчирна уу.",
          "Бараагаа 14 хоногийн? → Бараагаа 14 хоногийн дотор буцааж болно.",
          "Баримт болон сав? → Баримт болон сав баглаа боодлоо авчирна уу.",
        ].sort(),
      );
    const items = (await admin.client.get<List<QaView>>("/api/knowledge/qa?source=auto")).body.items;
    expect(items.every((pair) => pair.source === "auto" && pair.origin_article_id === article.id && pair.active)).toBe(true);
    expect(JSON.stringify(items)).not.toContain(INVENTED.answer);

    await admin.client.put(`/api/knowledge/articles/${article.id}`, {
      folder_id: folder.id,
      name: "Буцаалт",
      content: doc(h("Буцаалт"), p("Буцаалтыг 30 хоногийн дотор хүлээн авна.")),
    });
    await expect
      .poll(() => autoPairs(admin.client), { timeout: 10_000 })
      .toEqual(["Буцаалт → Буцаалтыг 30 хоногийн дотор хүлээн авна.", "Буцаалтыг 30 хоногийн? → Буцаалтыг 30 хоногийн дотор хүлээн авна."].sort());
  });

  it("without a chat model only the article's structure makes pairs", async () => {
    const admin = await companyAdmin(t);
    const before = provider.requests.length;
    await publishedArticle(admin.client, doc(h("Буцаалт"), p("Бараагаа 14 хоногийн дотор буцааж болно.")));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await autoPairs(admin.client)).toEqual(["Буцаалт → Бараагаа 14 хоногийн дотор буцааж болно."]);
    expect(provider.requests.length).toBe(before);
  });
});
