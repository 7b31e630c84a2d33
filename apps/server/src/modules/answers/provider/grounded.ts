/**
 * The answer engine with a company's model provider:
 * - embeddings add semantic retrieval: each doc is embedded once per index (questions and answer
 *   together), the message on every ask, and the cosine is mixed with the offline score (hybrid);
 * - the chat model writes the answer ONLY from the best retrieved passages, numbered; it must cite them
 *   ([1]) and reply NOT_FOUND when they do not answer the question — an answer without a valid citation
 *   is refused too, so nothing outside the knowledge reaches the customer.
 */
import type { AnswerIndex } from "../engine/patched.ts";
import type { Scored } from "../engine/decide.ts";
import type { RecentMessage } from "../answers.engine.ts";
import { type ChatMessage, type OpenAICompatibleClient, cosine } from "./openai-client.ts";

export const NOT_FOUND_REPLY = "NOT_FOUND";
const SEMANTIC_SHARE = 0.5;
const PASSAGES = 4;
const DOC_TEXT_CHARS = 2000;

const embeddingsByIndex = new WeakMap<AnswerIndex, Map<string, Promise<Float32Array[]>>>();

function docEmbeddings(index: AnswerIndex, client: OpenAICompatibleClient, key: string): Promise<Float32Array[]> {
  const byModel = embeddingsByIndex.get(index) ?? new Map<string, Promise<Float32Array[]>>();
  embeddingsByIndex.set(index, byModel);
  let vectors = byModel.get(key);
  if (!vectors) {
    vectors = client.embed(index.docs.map((doc) => `${doc.questions.join("\n")}\n${doc.answer}`.slice(0, DOC_TEXT_CHARS)));
    vectors.catch(() => byModel.delete(key));
    byModel.set(key, vectors);
  }
  return vectors;
}

/** Offline candidates mixed with semantic similarity; docs found only semantically join the list. */
export async function hybridRank(index: AnswerIndex, offline: Scored[], message: string, client: OpenAICompatibleClient, modelKey: string): Promise<Scored[]> {
  const [docs, [query]] = await Promise.all([docEmbeddings(index, client, modelKey), client.embed([message])]);
  if (!query) return offline;
  const byId = new Map(offline.map((s) => [s.doc.id, s]));
  const scored = index.docs.map((doc, i) => {
    const semantic = Math.max(0, cosine(query, docs[i] ?? new Float32Array()));
    const known = byId.get(doc.id);
    const confidence = SEMANTIC_SHARE * semantic + (1 - SEMANTIC_SHARE) * (known?.confidence ?? 0);
    const candidate = known?.candidate ?? { doc: i, variant: 0, centroid: 0, probability: 0, semantic: null, score: 0 };
    return { doc, confidence, candidate };
  });
  return scored.sort((a, b) => b.confidence - a.confidence).slice(0, Math.max(offline.length, PASSAGES));
}

const SYSTEM_PROMPT = [
  "You answer a company's customers using ONLY the numbered passages you are given.",
  "Use only facts stated in the passages; never add anything else.",
  "End your answer with the numbers of the passages you used, like [1] or [1][2].",
  `If the passages do not answer the customer's question, reply exactly ${NOT_FOUND_REPLY}.`,
  "Answer in the language the customer wrote in.",
].join(" ");

/** The chat model's answer from the best passages, with the passages it cited; null when it refuses. */
export async function generateFromPassages(
  client: OpenAICompatibleClient,
  message: string,
  recent: RecentMessage[],
  candidates: Scored[],
): Promise<{ text: string; cited: Scored[] } | null> {
  const passages = candidates.slice(0, PASSAGES);
  if (passages.length === 0) return null;
  // A pair is shown with its question, a passage with its article's name (and heading path).
  const heading = (p: Scored) => (p.doc.kind === "qa" ? (p.doc.questions[0] ?? p.doc.title) : [p.doc.title, ...p.doc.questions].join(" / "));
  const numbered = passages.map((p, i) => `[${i + 1}] ${heading(p)}\n${p.doc.answer}`).join("\n\n");
  const history = recent.map((m) => `${m.from === "customer" ? "Customer" : "Company"}: ${m.text}`).join("\n");
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: `Passages:\n${numbered}\n\n${history ? `Conversation so far:\n${history}\n\n` : ""}Customer: ${message}` },
  ];
  const reply = await client.chat(messages);
  if (reply === "" || reply.includes(NOT_FOUND_REPLY)) return null;
  const cited = [...new Set([...reply.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))]
    .map((n) => passages[n - 1])
    .filter((p): p is Scored => p !== undefined);
  if (cited.length === 0) return null;
  const text = reply.replace(/\s*\[\d+\]/g, "").trim();
  return text ? { text, cited } : null;
}
