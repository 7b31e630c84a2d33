/**
 * An edit to a large knowledge base without a full rebuild: the last full index (base) stays, the docs
 * that changed since get a small index of their own that extends base (same vocabulary and idf, so the
 * scores compare), and base's docs that changed or went away are hidden. Searching asks both and merges.
 * A full rebuild (which also retrains the classifier) replaces it once enough has changed.
 */
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import type { Token } from "../text/features.ts";
import { type Candidate, KnowledgeIndex, type Mix } from "./index.ts";
import type { SparseVector } from "./sparse.ts";

/** What decisions read from an index, full or patched. */
export interface AnswerIndex {
  readonly docs: KnowledgeDoc[];
  readonly hasClassifier: boolean;
  /** Whether messages can be compared with this knowledge by meaning (engine/meanings.ts). */
  readonly hasMeanings: boolean;
  /** Question variants (or passage sentences) per doc, on average. */
  readonly variantsPerDoc: number;
  knows(token: Token): boolean;
  /** The message's tokens with Latin-typed Mongolian read as the knowledge writes it (respell.ts). */
  respell(tokens: Token[]): Token[];
  /** How specific a word is to some of the knowledge (its idf; highest for a word it never uses). */
  specificity(token: Token): number;
  vectorize(text: string | Token[]): SparseVector;
  search(query: SparseVector, limit: number, mix: Mix, meaning?: Float32Array | null): Candidate[];
}

/** A full rebuild is cheap below this many question variants; above it, small edits are patched. */
export const PATCH_MIN_VARIANTS = 20_000;
/** Past this share of changed docs, the next edit rebuilds in full. */
export const PATCH_MAX_SHARE = 0.05;

const signature = (doc: KnowledgeDoc) => JSON.stringify([doc.id, doc.kind, doc.questions, doc.answer, doc.title, doc.sourceId]);

export class PatchedIndex implements AnswerIndex {
  readonly docs: KnowledgeDoc[];
  private readonly delta: KnowledgeIndex;
  /** base doc index → index in `docs`, or -1 when it changed or went away. */
  private readonly fromBase: Int32Array;
  private readonly hidden: number;

  private constructor(
    readonly base: KnowledgeIndex,
    current: KnowledgeDoc[],
  ) {
    const currentSignatures = new Set(current.map(signature));
    const baseSignatures = new Set(base.docs.map(signature));
    const kept = base.docs.map((doc) => currentSignatures.has(signature(doc)));
    const changed = current.filter((doc) => !baseSignatures.has(signature(doc)));
    this.delta = new KnowledgeIndex(changed, { base });
    let next = 0;
    this.fromBase = Int32Array.from(kept, (keep) => (keep ? next++ : -1));
    this.hidden = kept.length - next;
    this.docs = [...base.docs.filter((_, i) => kept[i]), ...changed];
  }

  /** A patch over base, or null when too much changed for one (rebuild in full then). */
  static over(base: KnowledgeIndex, current: KnowledgeDoc[], limits = { minVariants: PATCH_MIN_VARIANTS, maxShare: PATCH_MAX_SHARE }): PatchedIndex | null {
    if (base.variantCount < limits.minVariants) return null;
    const baseSignatures = new Set(base.docs.map(signature));
    const changed = current.filter((doc) => !baseSignatures.has(signature(doc))).length;
    const removed = Math.max(0, base.docs.length - (current.length - changed));
    return changed + removed <= limits.maxShare * base.docs.length ? new PatchedIndex(base, current) : null;
  }

  get hasClassifier() {
    return this.base.hasClassifier;
  }

  get variantsPerDoc() {
    return this.base.variantsPerDoc;
  }

  /** Knowledge this large is not compared by meaning (index.ts, MEANINGS_MAX_VARIANTS). */
  get hasMeanings() {
    return false;
  }

  knows(token: Token): boolean {
    return this.base.knows(token) || this.delta.knows(token);
  }

  /** The delta knows base's features (with base's idf) and the new ones. */
  respell(tokens: Token[]): Token[] {
    return this.delta.respell(tokens);
  }

  specificity(token: Token): number {
    return this.delta.specificity(token);
  }

  /** The delta's vectors cover base's features and the new ones. */
  vectorize(text: string | Token[]): SparseVector {
    return this.delta.vectorize(text);
  }

  search(query: SparseVector, limit: number, mix: Mix): Candidate[] {
    const fromBase = this.base
      .search(query, limit + this.hidden, mix)
      .flatMap((c) => ((this.fromBase[c.doc] ?? -1) < 0 ? [] : [{ ...c, doc: this.fromBase[c.doc] ?? 0 }]));
    const offset = this.docs.length - this.delta.docs.length;
    const fromDelta = this.delta.search(query, limit, mix).map((c) => ({ ...c, doc: c.doc + offset }));
    return [...fromBase, ...fromDelta].sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
