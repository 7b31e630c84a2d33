/**
 * The offline retrieval index of one agent's knowledge: TF-IDF over word stems, stem bigrams and
 * character n-grams (text/features.ts), searched two ways and combined per doc:
 * - nearest variant: cosine with each question variant (or passage sentence), best per doc;
 * - nearest centroid: cosine with the doc's centroid (all its variants together), which rewards a
 *   message that agrees with many variants of one pair;
 * plus, once trained, a softmax classifier's probability (classifier.ts), and for a message the sentence
 * encoder reads, likeness in meaning (meanings.ts).
 * Building reuses the features of texts an earlier index already analysed, so re-indexing after an edit
 * costs little more than the arithmetic.
 */
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { FEATURE_GROUP_WEIGHTS, type Token, charGrams, featureCounts, tokenize } from "../text/features.ts";
import { SoftmaxClassifier, type TrainingSet } from "./classifier.ts";
import { Meanings, type Quantized, quantize } from "./meanings.ts";
import { respell } from "./respell.ts";
import { Slices } from "./slices.ts";
import type { SentenceEncoder, StoredVectors } from "./sentence-encoder.ts";
import { type SparseVector, Postings, normalize } from "./sparse.ts";

/** In an index this large, nearest-variant search skips features found in more than 2% of variants
 * (p95 latency at 10,000 pairs: 18 → 10 ms, accuracy unchanged; `npm run eval:answers -- --pairs 10000`). */
const LARGE_INDEX_VARIANTS = 20_000;
const COMMON_FEATURE_SHARE = 0.02;

/** Above this many docs the classifier is not trained and retrieval alone ranks. */
const CLASSIFIER_MAX_DOCS = 1000;

/** Above this many variants, sentence vectors are not computed (embedding costs about 5 ms a text). */
const MEANINGS_MAX_VARIANTS = 20_000;
/** Texts embedded at once (about 20 ms a batch); the event loop runs between batches. */
const EMBED_BATCH = 4;
/** New vectors are stored this many at a time. */
const STORE_BATCH = 256;
/** Leading candidates whose closest variant is also compared by meaning. */
const REFINED_CANDIDATES = 20;

export interface Mix {
  variant: number;
  centroid: number;
  classifier: number;
  semantic: number;
}

export interface Candidate {
  doc: number;
  /** Best cosine with one of the doc's variants. */
  variant: number;
  /** Cosine with the doc's centroid. */
  centroid: number;
  /** The classifier's probability for the doc above chance, scaled to 0–1 (0 without a classifier). */
  probability: number;
  /** Likeness in meaning (meanings.ts), or null when the message was not compared by meaning. */
  semantic: number | null;
  /** The mix that orders candidates. */
  score: number;
}

/** A passage is searched by its heading path and by each of its sentences. */
export function variantTexts(doc: KnowledgeDoc): string[] {
  if (doc.kind === "qa") return doc.questions.filter((q) => q.trim() !== "");
  const heading = doc.questions.join(" ");
  const sentences = doc.answer.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim() !== "");
  return [...(heading ? [heading] : []), ...sentences.map((s) => `${heading} ${s}`.trim())];
}

/** A text's features as vocabulary ids with their weighted term frequency (before idf). */
interface Analysed {
  ids: Int32Array;
  tf: Float32Array;
}

/** Feature names → ids, shared by an agent's successive indexes (ids only grow), so a rebuild reuses
 * every analysed text and works on numbers only. */
class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly texts = new Map<string, Analysed>();
  /** Sentence vectors of texts, null for a text the encoder does not read. */
  readonly meanings = new Map<string, Quantized | null>();
  /** Ids of the stem and n-gram features some Cyrillic word gave (what Latin typing is respelled to). */
  readonly cyrillic = new Set<number>();

  analyse(text: string): Analysed {
    let analysed = this.texts.get(text);
    if (!analysed) {
      const tokens = tokenize(text);
      const counts = featureCounts(tokens);
      const ids = new Int32Array(counts.size);
      const tf = new Float32Array(counts.size);
      let i = 0;
      for (const [name, count] of counts) {
        let id = this.ids.get(name);
        if (id === undefined) this.ids.set(name, (id = this.ids.size));
        ids[i] = id;
        tf[i++] = (1 + Math.log(count)) * (FEATURE_GROUP_WEIGHTS[name[0] ?? ""] ?? 1);
      }
      for (const token of tokens) {
        if (token.english !== null || token.stop) continue;
        for (const name of [`w${token.stem}`, ...charGrams(token.skeleton)]) {
          const id = this.ids.get(name);
          if (id !== undefined) this.cyrillic.add(id);
        }
      }
      analysed = { ids, tf };
      this.texts.set(text, analysed);
    }
    return analysed;
  }

  /** Forgets texts no longer indexed (their feature ids stay, unused). */
  keepOnly(texts: Set<string>) {
    for (const text of this.texts.keys()) if (!texts.has(text)) this.texts.delete(text);
    for (const text of this.meanings.keys()) if (!texts.has(text)) this.meanings.delete(text);
  }
}

export class KnowledgeIndex {
  readonly docs: KnowledgeDoc[];
  private readonly vocabulary: Vocabulary;
  private idf = new Float32Array(0);
  private variantDoc = new Int32Array(0);
  private variantFirst = new Int32Array(0);
  private variants = new Postings();
  private centroids = new Postings();
  private unknownIdf = 1;
  private documentFrequency = new Int32Array(0);
  private classifier: SoftmaxClassifier | null = null;
  private training: TrainingSet | null = null;
  private readonly texts: string[];
  private meanings: Meanings | null = null;

  /** Features known to this index or to the one it extends (see `extend`). */
  private knownFrequency = new Int32Array(0);

  /**
   * `previous`: the agent's index before, whose analysed texts are reused. `base`: build a small index
   * of changed docs that extends `base` — same vocabulary, and base's idf for every feature base knows
   * — so its scores compare with base's (engine/patched.ts).
   */
  constructor(docs: KnowledgeDoc[], options: { previous?: KnowledgeIndex; base?: KnowledgeIndex; analysed?: Vocabulary } = {}) {
    const { previous, base, analysed: preAnalysed } = options;
    this.docs = docs;
    this.vocabulary = base?.vocabulary ?? previous?.vocabulary ?? preAnalysed ?? new Vocabulary();
    const texts: string[] = [];
    const docOf: number[] = [];
    const first: number[] = [];
    docs.forEach((doc, d) => {
      first.push(texts.length);
      for (const text of variantTexts(doc)) {
        texts.push(text);
        docOf.push(d);
      }
    });
    this.texts = texts;
    if (!base) this.vocabulary.keepOnly(new Set(texts));
    const analysed = texts.map((text) => this.vocabulary.analyse(text));
    this.variantDoc = Int32Array.from(docOf);
    this.variantFirst = Int32Array.from(first);
    const size = this.vocabulary.ids.size;
    const df = new Int32Array(size);
    for (const a of analysed) for (const id of a.ids) df[id] = (df[id] ?? 0) + 1;
    this.documentFrequency = df;
    const n = base ? base.variantDoc.length : analysed.length;
    this.idf = Float32Array.from(df, (f, id) => (base && (base.documentFrequency[id] ?? 0) > 0 ? (base.idf[id] ?? 1) : Math.log((n + 1) / (f + 1)) + 1));
    this.unknownIdf = Math.log(n + 1) + 1;
    this.knownFrequency = base ? Int32Array.from(df, (f, id) => f + (base.documentFrequency[id] ?? 0)) : df;
    const vectors = analysed.map((a) => normalize({ ids: a.ids, weights: a.tf.map((tf, i) => tf * (this.idf[a.ids[i] ?? 0] ?? 1)) }));
    this.variants = Postings.from(vectors, size);
    this.centroids = Postings.from(centroidsOf(vectors, this.variantFirst, size), size);
    this.training = { vectors, labels: this.variantDoc, classes: docs.length, documentFrequency: df };
  }

  /** The same index as the constructor's, with the texts it has not analysed before analysed in slices
   * first (slices.ts): a first build of 10,000 pairs is 1–3 s of text analysis, which would otherwise hold
   * up every other request. */
  static async build(docs: KnowledgeDoc[], previous?: KnowledgeIndex): Promise<KnowledgeIndex> {
    const vocabulary = previous?.vocabulary ?? new Vocabulary();
    const slices = new Slices();
    for (const doc of docs) {
      for (const text of variantTexts(doc)) {
        vocabulary.analyse(text);
        await slices.pause();
      }
    }
    return new KnowledgeIndex(docs, { previous, analysed: vocabulary });
  }

  /** TF-IDF weights of a message, L2-normalised. Its unknown features count in its norm (at the highest
   * idf), so a message mostly about things the knowledge never mentions scores low everywhere. */
  vectorize(text: string | Token[]): SparseVector {
    const counts = featureCounts(typeof text === "string" ? tokenize(text) : text);
    const ids: number[] = [];
    const weights: number[] = [];
    let unknownNorm = 0;
    for (const [name, count] of counts) {
      const id = this.vocabulary.ids.get(name);
      const weight = (1 + Math.log(count)) * (FEATURE_GROUP_WEIGHTS[name[0] ?? ""] ?? 1);
      if (id === undefined || !this.knownFrequency[id]) {
        unknownNorm += (weight * this.unknownIdf) ** 2;
        continue;
      }
      ids.push(id);
      weights.push(weight * (this.idf[id] ?? 1));
    }
    return normalize({ ids: Int32Array.from(ids), weights: Float32Array.from(weights) }, unknownNorm);
  }

  /** Trains the classifier (when the knowledge is small enough for one); until it is ready, retrieval
   * alone ranks. `isCurrent` lets a replaced index stop training. */
  /** How many variant texts the classifier still has to learn from (0 once trained, or when it will not). */
  get untrainedExamples(): number {
    return this.training?.labels.length ?? 0;
  }

  async trainClassifier(isCurrent: () => boolean = () => true): Promise<void> {
    const set = this.training;
    this.training = null;
    if (!set || set.classes < 2 || set.classes > CLASSIFIER_MAX_DOCS) return;
    const classifier = new SoftmaxClassifier(set);
    await classifier.train(set, isCurrent);
    if (isCurrent()) this.classifier = classifier;
  }

  /** How many variant texts still need a sentence vector (0 when the index is too large for them). */
  unembedded(encoder: SentenceEncoder): number {
    if (this.texts.length > MEANINGS_MAX_VARIANTS) return 0;
    return this.texts.filter((text) => !this.vocabulary.meanings.has(text) && encoder.reads(text)).length;
  }

  /** Computes the variants' sentence vectors (reusing those of earlier indexes, then stored ones), in small
   * batches between which the event loop runs; until done, and for knowledge the encoder does not read,
   * words alone rank. New vectors are stored as they come, so an interrupted run is not lost. */
  async embedVariants(encoder: SentenceEncoder, isCurrent: () => boolean = () => true, stored?: StoredVectors): Promise<void> {
    if (this.texts.length > MEANINGS_MAX_VARIANTS) return;
    const cache = this.vocabulary.meanings;
    const read: string[] = [];
    for (const text of new Set(this.texts)) {
      if (cache.has(text)) continue;
      if (encoder.reads(text)) read.push(text);
      else cache.set(text, null);
    }
    if (stored && read.length) for (const [text, vector] of await stored.load(read)) cache.set(text, quantize(vector));
    const toEmbed = read.filter((text) => !cache.has(text));
    const slices = new Slices();
    let unsaved = new Map<string, Float32Array>();
    for (let i = 0; i < toEmbed.length; i += EMBED_BATCH) {
      if (!isCurrent()) break;
      const batch = toEmbed.slice(i, i + EMBED_BATCH);
      const vectors = await encoder.embed(batch);
      batch.forEach((text, j) => {
        const vector = vectors[j];
        cache.set(text, vector ? quantize(vector) : null);
        if (vector) unsaved.set(text, vector);
      });
      if (stored && unsaved.size >= STORE_BATCH) {
        await stored.save(unsaved);
        unsaved = new Map();
      }
      await slices.pause();
    }
    if (stored && unsaved.size) await stored.save(unsaved);
    if (!isCurrent()) return;
    if (stored) await stored.keepOnly([...new Set(this.texts)]);
    const vectors = this.texts.map((text) => cache.get(text) ?? null);
    if (vectors.some((v) => v !== null)) this.meanings = new Meanings(vectors, this.variantFirst);
  }

  /** Whether messages can be compared with this knowledge by meaning. */
  get hasMeanings(): boolean {
    return this.meanings !== null;
  }

  get variantsPerDoc(): number {
    return this.docs.length === 0 ? 0 : this.variantDoc.length / this.docs.length;
  }

  get variantCount(): number {
    return this.variantDoc.length;
  }

  get hasClassifier(): boolean {
    return this.classifier !== null;
  }

  /** Whether the knowledge uses this word (its stem, or its English stem). */
  knows(token: Token): boolean {
    const used = (name: string) => (this.documentFrequency[this.vocabulary.ids.get(name) ?? -1] ?? 0) > 0;
    return used(`w${token.stem}`) || (token.english !== null && used(`e${token.english}`));
  }

  /** How specific a word is to some of the knowledge: its stem's idf, highest for a word it never uses. */
  specificity(token: Token): number {
    const id = this.vocabulary.ids.get(`w${token.stem}`);
    return id !== undefined && (this.knownFrequency[id] ?? 0) > 0 ? (this.idf[id] ?? this.unknownIdf) : this.unknownIdf;
  }

  /** Whether this index (or the one it extends) has the feature. */
  uses(feature: string): boolean {
    return (this.knownFrequency[this.vocabulary.ids.get(feature) ?? -1] ?? 0) > 0;
  }

  /** Whether Cyrillic text of this index (or the one it extends) has the feature. */
  cyrillic(feature: string): boolean {
    const id = this.vocabulary.ids.get(feature);
    return id !== undefined && (this.knownFrequency[id] ?? 0) > 0 && this.vocabulary.cyrillic.has(id);
  }

  /** The message's tokens with Latin-typed Mongolian read as this knowledge writes it (respell.ts). */
  respell(tokens: Token[]): Token[] {
    return this.vocabulary.cyrillic.size === 0 ? tokens : respell(this, tokens);
  }

  /** The docs closest to a query, best first by the mix of nearest variant, nearest centroid, the
   * classifier and, when the message has a sentence vector (`meaning`), likeness in meaning. */
  search(query: SparseVector, limit: number, mix: Mix, meaning: Float32Array | null = null): Candidate[] {
    const variantScores = this.variants.scores(query, this.variantDoc.length >= LARGE_INDEX_VARIANTS ? COMMON_FEATURE_SHARE : 1);
    const centroidScores = this.centroids.scores(query);
    const probabilities = this.classifier?.predict(query) ?? null;
    const byMeaning = meaning && this.meanings ? this.meanings.query(meaning) : null;
    const likeness = byMeaning ? byMeaning.centroidLikeness() : null;
    const weightSum = mix.variant + mix.centroid + (probabilities ? mix.classifier : 0) + (likeness ? mix.semantic : 0);
    const chance = 1 / Math.max(2, this.docs.length);
    const bestScore = new Float32Array(this.docs.length);
    for (let v = 0; v < variantScores.length; v++) {
      const doc = this.variantDoc[v] ?? 0;
      const score = variantScores[v] ?? 0;
      if (score > (bestScore[doc] ?? 0)) bestScore[doc] = score;
    }
    const scoreOf = (c: Omit<Candidate, "score">) =>
      (mix.variant * c.variant + mix.centroid * c.centroid + mix.classifier * c.probability + mix.semantic * (c.semantic ?? 0)) / weightSum;
    // The semantic part first counts the centroid only; the leading candidates then also get their closest variant.
    const keep = byMeaning ? Math.max(limit, REFINED_CANDIDATES) : limit;
    const top: Candidate[] = [];
    let floor = 0;
    for (let doc = 0; doc < this.docs.length; doc++) {
      // Above chance only: with two docs, a message the classifier knows nothing of still gets 0.5 each.
      const probability = probabilities ? Math.max(0, ((probabilities[doc] ?? 0) - chance) / (1 - chance)) : 0;
      const parts = { doc, variant: bestScore[doc] ?? 0, centroid: centroidScores[doc] ?? 0, probability, semantic: likeness ? (likeness[doc] ?? 0) : null };
      const score = scoreOf(parts);
      if (score <= floor) continue;
      top.push({ ...parts, score });
      if (top.length > keep * 4) {
        top.sort((a, b) => b.score - a.score).length = keep;
        floor = top.at(-1)?.score ?? 0;
      }
    }
    top.sort((a, b) => b.score - a.score).length = Math.min(top.length, keep);
    if (byMeaning) {
      for (const c of top) {
        c.semantic = ((c.semantic ?? 0) + byMeaning.bestVariantLikeness(c.doc)) / 2;
        c.score = scoreOf(c);
      }
      top.sort((a, b) => b.score - a.score);
    }
    return top.slice(0, limit);
  }
}

/** Each doc's centroid: the normalised sum of its variants' vectors (variants of a doc are contiguous). */
function centroidsOf(vectors: SparseVector[], first: Int32Array, features: number): SparseVector[] {
  const sum = new Float32Array(features);
  const touched: number[] = [];
  return Array.from(first, (start, d) => {
    const end = first[d + 1] ?? vectors.length;
    for (let v = start; v < end; v++) {
      const vector = vectors[v];
      if (!vector) continue;
      for (let i = 0; i < vector.ids.length; i++) {
        const id = vector.ids[i] ?? 0;
        if (sum[id] === 0) touched.push(id);
        sum[id] = (sum[id] ?? 0) + (vector.weights[i] ?? 0);
      }
    }
    const ids = Int32Array.from(touched);
    const weights = Float32Array.from(touched, (id) => sum[id] ?? 0);
    for (const id of touched) sum[id] = 0;
    touched.length = 0;
    return normalize({ ids, weights });
  });
}
