/** Sparse vectors and an inverted index over them (compressed rows: feature → targets and weights). */

export interface SparseVector {
  ids: Int32Array;
  weights: Float32Array;
}

/** Scales to unit length; `extraNorm` adds squared weight that is not in the vector (unknown features). */
export function normalize(vector: SparseVector, extraNorm = 0): SparseVector {
  let norm = extraNorm;
  for (const w of vector.weights) norm += w * w;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return { ids: vector.ids, weights: vector.weights.map((w) => w * scale) };
}

export class Postings {
  private start = new Int32Array(1);
  private targets = new Int32Array(0);
  private weights = new Float32Array(0);
  private size = 0;

  /** Inverts vectors (one per target) over a vocabulary of `features` ids. */
  static from(vectors: SparseVector[], features: number): Postings {
    const postings = new Postings();
    const start = new Int32Array(features + 1);
    for (const v of vectors) for (const id of v.ids) start[id + 1] = (start[id + 1] ?? 0) + 1;
    for (let f = 0; f < features; f++) start[f + 1] = (start[f + 1] ?? 0) + (start[f] ?? 0);
    const fill = start.slice(0, features);
    const total = start[features] ?? 0;
    postings.targets = new Int32Array(total);
    postings.weights = new Float32Array(total);
    vectors.forEach((v, target) => {
      for (let i = 0; i < v.ids.length; i++) {
        const id = v.ids[i] ?? 0;
        const at = fill[id] ?? 0;
        postings.targets[at] = target;
        postings.weights[at] = v.weights[i] ?? 0;
        fill[id] = at + 1;
      }
    });
    postings.start = start;
    postings.size = vectors.length;
    return postings;
  }

  /** Dot product of the query with every target. Features in more than `maxShare` of the targets are
   * skipped: their idf makes them count little, and their long lists are most of the work. */
  scores(query: SparseVector, maxShare = 1): Float32Array {
    const out = new Float32Array(this.size);
    const { start, targets, weights } = this;
    const maxLength = Math.max(1, maxShare * this.size);
    for (let i = 0; i < query.ids.length; i++) {
      const id = query.ids[i] ?? 0;
      const q = query.weights[i] ?? 0;
      const end = start[id + 1] ?? 0;
      if (end - (start[id] ?? 0) > maxLength) continue;
      for (let p = start[id] ?? 0; p < end; p++) out[targets[p] ?? 0] = (out[targets[p] ?? 0] ?? 0) + q * (weights[p] ?? 0);
    }
    return out;
  }
}
