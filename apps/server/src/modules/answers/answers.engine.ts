/**
 * The answer engine: one index per (company, agent), read only through a KnowledgeSource and rebuilt
 * when it reports a change — the next question after an edit waits for the rebuild, so answers always
 * follow the latest knowledge. Rebuilding reuses the analysed texts of the previous index; the classifier
 * then trains, and the sentence vectors of new texts are computed, in the background (words alone rank
 * until they are ready; a few new texts are embedded, and a small knowledge base's classifier trained,
 * before the rebuild completes). A small edit to a
 * large knowledge base is patched over the last full index instead (engine/patched.ts).
 */
import type { KnowledgeDoc, KnowledgeSource } from "./knowledge-doc.ts";
import { type Decision, type Scored, decide, decideAmong, rank, refusal } from "./engine/decide.ts";
import { KnowledgeIndex } from "./engine/index.ts";
import { type AnswerIndex, PatchedIndex } from "./engine/patched.ts";
import { asksForPerson } from "./engine/intents.ts";
import { type SentenceEncoder, type StoredVectors, universalSentenceEncoder } from "./engine/sentence-encoder.ts";
import type { GeneratedPair } from "../knowledge/knowledge.autogen.ts";
import { generateFromPassages, hybridRank } from "./provider/grounded.ts";
import { writePairs } from "./provider/pair-writer.ts";
import { OpenAICompatibleClient, type ProviderConfig } from "./provider/openai-client.ts";
import type { FetchPolicy } from "../knowledge/import.service.ts";
import { tokenize } from "./text/features.ts";
import { decideReply, type ReplyDecision } from "./reply-decision.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's answer engine (tests wait for an agent's index to be trained before comparing decisions). */
    answers: AnswerEngine;
  }
}

export interface EngineOptions {
  /** A company's model provider, if it configured one (settings); without it the engine is offline. */
  provider?: (companyId: number) => Promise<ProviderConfig | null>;
  /** Told when a provider call fails; the engine then answers offline. */
  onProviderError?: (companyId: number, error: unknown) => void;
  /** The offline sentence encoder (default: engine/sentence-encoder.ts); null compares words only. */
  encoder?: SentenceEncoder | null;
  /** Told when the offline encoder fails (the engine then compares words only) or its stored vectors do
   * (it then embeds again). */
  onEncoderError?: (error: unknown) => void;
  /** Where an agent's sentence vectors are kept between restarts (sentence-vectors.repo.ts). */
  storedVectors?: (companyId: number, agentId: number, encoder: string) => StoredVectors;
  /** Memory the indexes may hold together; beyond it the least recently used are dropped (default: no limit). */
  memoryBudgetBytes?: number;
  /** An index's memory (default: estimateIndexBytes). */
  sizeOf?: (index: AnswerIndex) => number;
  /** Where provider calls may go (default: public addresses only). */
  providerPolicy?: FetchPolicy;
}

export interface RecentMessage {
  from: "customer" | "agent" | "bot";
  text: string;
}

export interface AskInput {
  companyId: number;
  agentId: number;
  message: string;
  /** The conversation before this message, oldest first. */
  recent?: RecentMessage[];
}

export interface AnswerSource {
  id: string;
  kind: KnowledgeDoc["kind"];
  sourceId: number;
  title: string;
}

export type EngineResult =
  | { outcome: "answer"; text: string; sources: AnswerSource[]; confidence: number; generated?: boolean }
  | { outcome: "clarify"; options: Array<AnswerSource & { confidence: number }>; confidence: number }
  | { outcome: "not_found" | "unrelated"; confidence: number }
  | { outcome: "escalate"; confidence: number };

interface Entry {
  /** The last full index, and what answers now: it, or a patch over it (engine/patched.ts). */
  full: KnowledgeIndex | null;
  /** The build in progress (or done), which every caller awaits. */
  build: Promise<AnswerIndex>;
  training: Promise<void>;
  /** The estimated memory of the last completed build; 0 until one completes. */
  bytes: number;
}

/**
 * Roughly what an index holds per doc, measured on built indexes: its texts (two bytes a character in
 * V8's strings) and their analysed tokens and postings (about as much again, counted high), a 512-number
 * 8-bit sentence vector per question text, and a fixed part for the doc's objects.
 */
export function estimateIndexBytes(index: AnswerIndex): number {
  let bytes = 0;
  for (const doc of index.docs) {
    let chars = doc.answer.length + doc.title.length;
    for (const question of doc.questions) chars += question.length;
    bytes += chars * 8 + doc.questions.length * 512 + 1024;
  }
  return bytes;
}

/** A rebuild with at most this many texts new to the encoder embeds them before it completes (about 5 ms
 * each), so an edit is understood by meaning at once; more are embedded in the background. */
const EMBED_BEFORE_READY = 32;
/** A rebuild with at most this many variant texts trains its classifier before it completes (six passes over a
 * few hundred short texts take milliseconds), so the answer to a question asked right after an edit does not
 * depend on how busy the server is; larger knowledge trains in the background while words alone rank. */
const TRAIN_BEFORE_READY = 400;
/** Customers ask the same questions in the same words: the vectors of this many recent messages are
 * kept (2 kB each), which spares their 8–12 ms of embedding. */
const RECENT_MEANINGS = 2000;
/** Content words a message may have to be read as a follow-up of the previous question. */
const FOLLOW_UP_MAX_WORDS = 2;
const round = (n: number) => Math.round(n * 1000) / 1000;
export const sourceOf = (doc: KnowledgeDoc): AnswerSource => ({ id: doc.id, kind: doc.kind, sourceId: doc.sourceId, title: doc.title });

/** The text a doc answers with: a pair's answer, or the passage quoted in full. */
export const answerText = (doc: KnowledgeDoc) => doc.answer;

export class AnswerEngine {
  /** Least recently used first (Map order is insertion order; a use re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;
  private readonly encoder: SentenceEncoder | null;
  /** Sentence vectors of recent customer messages, least recently used first. */
  private readonly recentMeanings = new Map<string, Float32Array>();

  constructor(
    private readonly source: KnowledgeSource,
    private readonly options: EngineOptions = {},
  ) {
    this.unsubscribe = source.onChange((companyId) => this.invalidate(companyId));
    this.encoder = options.encoder === undefined ? universalSentenceEncoder : options.encoder;
  }

  close() {
    this.unsubscribe();
    this.entries.clear();
  }

  /** The index of an agent, built on first use and after every change. */
  index(companyId: number, agentId: number): Promise<AnswerIndex> {
    const key = `${companyId}:${agentId}`;
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.build;
    }
    const created: Entry = { full: null, build: Promise.resolve(new KnowledgeIndex([])), training: Promise.resolve(), bytes: 0 };
    this.entries.set(key, created);
    this.rebuild(key, created, companyId, agentId);
    return created.build;
  }

  /** The (company:agent) keys of the indexes held now, least recently used first (tests, diagnostics). */
  heldIndexes(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Drops the least recently used indexes until the rest fit the budget; the one just built always stays.
   * A dropped index is loaded again on its agent's next question, and its stored vectors spare re-embedding.
   */
  private enforceBudget(keep: string) {
    const budget = this.options.memoryBudgetBytes;
    if (budget === undefined) return;
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    for (const [key, entry] of this.entries) {
      if (total <= budget) break;
      if (key === keep) continue;
      this.entries.delete(key);
      total -= entry.bytes;
    }
  }

  /** Resolves once the agent's index and its classifier are complete (the evaluation waits for this). */
  async ready(companyId: number, agentId: number): Promise<void> {
    await this.index(companyId, agentId);
    await this.entries.get(`${companyId}:${agentId}`)?.training;
  }

  /** A company's indexes are rebuilt at once; after lost signals (null), every index is dropped and
   * loaded again when next asked, as any company's knowledge may have changed. */
  private invalidate(companyId: number | null) {
    if (companyId === null) return this.entries.clear();
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(`${companyId}:`)) continue;
      const agentId = Number(key.slice(key.indexOf(":") + 1));
      this.rebuild(key, entry, companyId, agentId);
    }
  }

  private rebuild(key: string, entry: Entry, companyId: number, agentId: number) {
    // Builds run one after another, so a change during a build is always followed by one more.
    entry.build = entry.build
      .catch(() => null)
      .then(async () => {
        const docs = await this.source.load(companyId, agentId);
        const patched = entry.full ? PatchedIndex.over(entry.full, docs) : null;
        if (patched) return this.measured(key, entry, patched);
        const full = await KnowledgeIndex.build(docs, entry.full ?? undefined);
        entry.full = full;
        const isCurrent = () => this.entries.get(key)?.full === full;
        const embedding = this.embed(full, isCurrent, companyId, agentId);
        if (this.encoder && full.unembedded(this.encoder) <= EMBED_BEFORE_READY) await embedding;
        const trainsQuickly = full.untrainedExamples <= TRAIN_BEFORE_READY;
        const training = full.trainClassifier(isCurrent);
        if (trainsQuickly) await training;
        entry.training = Promise.all([training, embedding]).then(() => undefined);
        return this.measured(key, entry, full);
      });
  }

  private measured<T extends AnswerIndex>(key: string, entry: Entry, index: T): T {
    const sizeOf = this.options.sizeOf ?? estimateIndexBytes;
    // A patch is held with the full index under it; both count.
    entry.bytes = sizeOf(index) + (entry.full && (entry.full as AnswerIndex) !== index ? sizeOf(entry.full) : 0);
    if (this.entries.get(key) === entry) this.enforceBudget(key);
    return index;
  }

  private async embed(index: KnowledgeIndex, isCurrent: () => boolean, companyId: number, agentId: number): Promise<void> {
    if (!this.encoder) return;
    try {
      await index.embedVariants(this.encoder, isCurrent, this.storedVectors(companyId, agentId, this.encoder.id));
    } catch (error) {
      this.options.onEncoderError?.(error);
    }
  }

  /** The agent's stored vectors; a storage failure is reported and costs only re-embedding. */
  private storedVectors(companyId: number, agentId: number, encoder: string): StoredVectors | undefined {
    const store = this.options.storedVectors?.(companyId, agentId, encoder);
    if (!store) return undefined;
    const report = (error: unknown) => this.options.onEncoderError?.(error);
    return {
      load: (texts) => store.load(texts).catch((error: unknown) => (report(error), new Map<string, Float32Array>())),
      save: (vectors) => store.save(vectors).catch(report),
      keepOnly: (texts) => store.keepOnly(texts).catch(report),
    };
  }

  /** The message's sentence vector, when the knowledge can be compared by meaning and the encoder reads it. */
  private async meaningOf(index: AnswerIndex, message: string): Promise<Float32Array | null> {
    if (!this.encoder || !index.hasMeanings || !this.encoder.reads(message)) return null;
    const key = message.trim().toLowerCase();
    const recent = this.recentMeanings.get(key);
    if (recent) {
      // Map order is insertion order: re-inserting marks it the most recent.
      this.recentMeanings.delete(key);
      this.recentMeanings.set(key, recent);
      return recent;
    }
    try {
      // Embedded as the key is, so the same words always get the same vector whatever their case.
      const meaning = (await this.encoder.embed([key]))[0] ?? null;
      if (meaning) {
        this.recentMeanings.set(key, meaning);
        if (this.recentMeanings.size > RECENT_MEANINGS) this.recentMeanings.delete(this.recentMeanings.keys().next().value ?? "");
      }
      return meaning;
    } catch (error) {
      this.options.onEncoderError?.(error);
      return null;
    }
  }

  async decide(companyId: number, agentId: number, message: string): Promise<Decision> {
    const index = await this.index(companyId, agentId);
    return decide(index, message, await this.meaningOf(index, message));
  }

  /** Answers a customer's message (see engine/decide.ts for what each outcome means). */
  async ask(input: AskInput): Promise<EngineResult> {
    const config = (await this.options.provider?.(input.companyId)) ?? null;
    if (config) {
      try {
        return await this.askWithModel(input, config);
      } catch (error) {
        this.options.onProviderError?.(input.companyId, error);
      }
    }
    let decision = await this.decide(input.companyId, input.agentId, input.message);
    // A short follow-up ("and for the countryside?") may only make sense with the previous question; a
    // question of its own is never read with the last one (it would borrow that one's answer).
    const previous = [...(input.recent ?? [])].reverse().find((m) => m.from === "customer");
    const shortFollowUp = tokenize(input.message).filter((token) => !token.stop).length <= FOLLOW_UP_MAX_WORDS;
    if (previous && shortFollowUp && (decision.outcome === "not_found" || decision.outcome === "clarify")) {
      const joined = await this.decide(input.companyId, input.agentId, `${previous.text} ${input.message}`);
      if (joined.outcome === "answer") decision = joined;
    }
    return present(decision);
  }

  /** With a provider: hybrid retrieval when it has an embedding model, and a generated answer, grounded
   * in the retrieved passages, when it has a chat model (see provider/grounded.ts). */
  private async askWithModel(input: AskInput, config: ProviderConfig): Promise<EngineResult> {
    if (asksForPerson(tokenize(input.message))) return { outcome: "escalate", confidence: 1 };
    const index = await this.index(input.companyId, input.agentId);
    const tokens = index.respell(tokenize(input.message));
    const client = new OpenAICompatibleClient(config, this.options.providerPolicy);
    let candidates = rank(index, tokens, 8);
    if (config.embeddingModel) candidates = await hybridRank(index, candidates, input.message, client, `${config.baseUrl}|${config.embeddingModel}`);
    if (!config.chatModel) return present(decideAmong(index, tokens, candidates));
    const generated = await generateFromPassages(client, input.message, input.recent ?? [], candidates);
    if (!generated) return present(refusal(index, tokens, candidates));
    return {
      outcome: "answer",
      text: generated.text,
      sources: generated.cited.map((c) => sourceOf(c.doc)),
      confidence: round(generated.cited[0]?.confidence ?? 0),
      generated: true,
    };
  }

  /** Q&A pairs the company's chat model writes from an article (provider/pair-writer.ts); none without a
   * chat model or when the provider fails. */
  async pairsFromArticle(companyId: number, title: string, text: string): Promise<GeneratedPair[]> {
    const config = (await this.options.provider?.(companyId)) ?? null;
    if (!config?.chatModel) return [];
    try {
      return await writePairs(new OpenAICompatibleClient(config, this.options.providerPolicy), title, text);
    } catch (error) {
      this.options.onProviderError?.(companyId, error);
      return [];
    }
  }

  /** The answer of one doc the customer picked among offered choices; null when it is gone meanwhile. */
  async answerOf(companyId: number, agentId: number, docId: string): Promise<Extract<EngineResult, { outcome: "answer" }> | null> {
    const doc = (await this.index(companyId, agentId)).docs.find((candidate) => candidate.id === docId);
    return doc ? { outcome: "answer", text: answerText(doc), sources: [sourceOf(doc)], confidence: 1 } : null;
  }

  /**
   * What the agent would do with the customer's latest messages (reply-decision.ts): the one decision behind both the
   * agent's reply and a person's "AI reply". Null when the conversation has no customer message.
   */
  async replyTo(companyId: number, agentId: number, conversation: RecentMessage[]): Promise<ReplyDecision | null> {
    const customer = conversation.filter((m) => m.from === "customer").slice(-2);
    const last = customer.at(-1);
    if (!last) return null;
    return decideReply(await this.ask({ companyId, agentId, message: last.text, recent: customer.slice(0, -1) }));
  }

  /** A draft ready to send (e-mail channels in "draft" mode): only when the agent itself would answer; never one
   * choice picked among several, which would be a confident answer to a question the agent found ambiguous. */
  async draftReply(
    companyId: number,
    agentId: number,
    conversation: RecentMessage[],
  ): Promise<{ text: string; sources: AnswerSource[]; confidence: number } | null> {
    const decision = await this.replyTo(companyId, agentId, conversation);
    return decision?.kind === "answer" ? { text: decision.text, sources: decision.sources, confidence: decision.confidence } : null;
  }
}

function present(decision: Decision): EngineResult {
  switch (decision.outcome) {
    case "escalate":
      return { outcome: "escalate", confidence: 1 };
    case "answer":
      return { outcome: "answer", text: answerText(decision.best.doc), sources: [sourceOf(decision.best.doc)], confidence: round(decision.best.confidence) };
    case "clarify":
      return {
        outcome: "clarify",
        options: decision.options.map((o: Scored) => ({ ...sourceOf(o.doc), confidence: round(o.confidence) })),
        confidence: round(decision.options[0]?.confidence ?? 0),
      };
    default:
      return { outcome: decision.outcome, confidence: round(decision.confidence) };
  }
}
