/**
 * The offline retrieval index of one agent's knowledge: TF-IDF over word stems, stem bigrams and
 * character n-grams (text/features.ts), searched two ways and combined per doc:
 * - nearest variant: cosine with each question variant (or passage sentence), best per doc;
 * - nearest centroid: cosine with the doc's centroid (all its variants together), which rewards a
 *   message that agrees with many variants of one pair.
 * Building reuses the feature counts of texts an earlier index already analysed, so re-indexing after an
 * edit costs little more than the arithmetic.
 */
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { FEATURE_GROUP_WEIGHTS, type Token, featureCounts, tokenize } from "../text/features.ts";
import { SoftmaxClassifier, type TrainingSet } from "./classifier.ts";
import { type SparseVector, Postings, normalize } from "./sparse.ts";

/** Above this many docs the classifier is not trained and retrieval alone ranks. */
const CLASSIFIER_MAX_DOCS = 1000;

export interface Mix {
  variant: number;
  centroid: number;
  classifier: number;
}

export interface Candidate {
  doc: number;
  /** Best cosine with one of the doc's variants. */
  variant: number;
  /** Cosine with the doc's centroid. */
  centroid: number;
  /** The variant (index into the doc's variant texts) that matched best. */
  bestVariant: number;
  /** The classifier's probability for the doc (0 without a classifier). */
  probability: number;
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

type Counts = Map<string, number>;

export class KnowledgeIndex {
  readonly docs: KnowledgeDoc[];
  private readonly countsCache: Map<string, Counts>;
  private readonly vocabulary = new Map<string, number>();
  private idf = new Float32Array(0);
  private variantDoc = new Int32Array(0);
  private variantFirst = new Int32Array(0);
  private variants = new Postings();
  private centroids = new Postings();
  private unknownIdf = 1;
  private documentFrequency = new Int32Array(0);
  private classifier: SoftmaxClassifier | null = null;
  private training: TrainingSet | null = null;

  constructor(docs: KnowledgeDoc[], previous?: KnowledgeIndex) {
    this.docs = docs;
    this.countsCache = new Map();
    const old = previous?.countsCache;
    const countsOf = (text: string): Counts => {
      const cached = this.countsCache.get(text) ?? old?.get(text) ?? featureCounts(tokenize(text));
      this.countsCache.set(text, cached);
      return cached;
    };
    const perVariant: Counts[] = [];
    const docOf: number[] = [];
    const first: number[] = [];
    docs.forEach((doc, d) => {
      first.push(perVariant.length);
      for (const text of variantTexts(doc)) {
        perVariant.push(countsOf(text));
        docOf.push(d);
      }
    });
    this.variantDoc = Int32Array.from(docOf);
    this.variantFirst = Int32Array.from(first);
    this.buildVocabulary(perVariant);
    const vectors = perVariant.map((counts) => this.weigh(counts, false));
    this.variants = Postings.from(vectors, this.vocabulary.size);
    const sums: Array<Map<number, number>> = docs.map(() => new Map());
    vectors.forEach((vector, v) => {
      const sum = sums[docOf[v] ?? 0];
      if (!sum) return;
      for (let i = 0; i < vector.ids.length; i++) sum.set(vector.ids[i] ?? 0, (sum.get(vector.ids[i] ?? 0) ?? 0) + (vector.weights[i] ?? 0));
    });
    this.training = { vectors, labels: this.variantDoc, classes: docs.length, documentFrequency: this.documentFrequency };
    this.centroids = Postings.from(
      sums.map((sum) => normalize({ ids: Int32Array.from(sum.keys()), weights: Float32Array.from(sum.values()) })),
      this.vocabulary.size,
    );
  }

  private buildVocabulary(perVariant: Counts[]) {
    const df: number[] = [];
    for (const counts of perVariant) {
      for (const name of counts.keys()) {
        let id = this.vocabulary.get(name);
        if (id === undefined) {
          id = this.vocabulary.size;
          this.vocabulary.set(name, id);
          df.push(0);
        }
        df[id] = (df[id] ?? 0) + 1;
      }
    }
    const n = perVariant.length;
    this.documentFrequency = Int32Array.from(df);
    this.idf = Float32Array.from(df, (f) => Math.log((n + 1) / (f + 1)) + 1);
    this.unknownIdf = Math.log(n + 1) + 1;
  }

  /** TF-IDF weights, L2-normalised. A query's unknown features count in its norm (at the highest idf),
   * so a message mostly about things the knowledge never mentions scores low everywhere. */
  private weigh(counts: Counts, query: boolean): SparseVector {
    const ids: number[] = [];
    const weights: number[] = [];
    let unknownNorm = 0;
    for (const [name, count] of counts) {
      const id = this.vocabulary.get(name);
      const weight = (1 + Math.log(count)) * (FEATURE_GROUP_WEIGHTS[name[0] ?? ""] ?? 1);
      if (id === undefined) {
        if (query) unknownNorm += (weight * this.unknownIdf) ** 2;
        continue;
      }
      ids.push(id);
      weights.push(weight * (this.idf[id] ?? 1));
    }
    return normalize({ ids: Int32Array.from(ids), weights: Float32Array.from(weights) }, unknownNorm);
  }

  /** Trains the classifier (when the knowledge is small enough for one); until it is ready, retrieval
   * alone ranks. `isCurrent` lets a replaced index stop training. */
  async trainClassifier(isCurrent: () => boolean = () => true): Promise<void> {
    const set = this.training;
    this.training = null;
    if (!set || set.classes < 2 || set.classes > CLASSIFIER_MAX_DOCS) return;
    const classifier = new SoftmaxClassifier(set);
    await classifier.train(set, isCurrent);
    if (isCurrent()) this.classifier = classifier;
  }

  get hasClassifier(): boolean {
    return this.classifier !== null;
  }

  /** Whether the knowledge uses this word (its stem, or its English stem). */
  knows(token: Token): boolean {
    return this.vocabulary.has(`w${token.stem}`) || (token.english !== null && this.vocabulary.has(`e${token.english}`));
  }

  vectorize(text: string | Token[]): SparseVector {
    return this.weigh(featureCounts(typeof text === "string" ? tokenize(text) : text), true);
  }

  /** The docs closest to a query, best first by the mix of nearest variant and nearest centroid. */
  search(query: SparseVector, limit: number, mix: Mix): Candidate[] {
    const variantScores = this.variants.scores(query);
    const centroidScores = this.centroids.scores(query);
    const probabilities = this.classifier?.predict(query) ?? null;
    const weightSum = mix.variant + mix.centroid + (probabilities ? mix.classifier : 0);
    const bestScore = new Float32Array(this.docs.length);
    const bestAt = new Int32Array(this.docs.length);
    for (let v = 0; v < variantScores.length; v++) {
      const doc = this.variantDoc[v] ?? 0;
      const score = variantScores[v] ?? 0;
      if (score > (bestScore[doc] ?? 0)) {
        bestScore[doc] = score;
        bestAt[doc] = v - (this.variantFirst[doc] ?? 0);
      }
    }
    const top: Candidate[] = [];
    let floor = 0;
    for (let doc = 0; doc < this.docs.length; doc++) {
      const variant = bestScore[doc] ?? 0;
      const centroid = centroidScores[doc] ?? 0;
      const probability = probabilities?.[doc] ?? 0;
      const score = (mix.variant * variant + mix.centroid * centroid + mix.classifier * probability) / weightSum;
      if (score <= floor) continue;
      top.push({ doc, variant, centroid, probability, bestVariant: bestAt[doc] ?? 0, score });
      if (top.length > limit * 4) {
        top.sort((a, b) => b.score - a.score).length = limit;
        floor = top.at(-1)?.score ?? 0;
      }
    }
    return top.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
