/**
 * The sentence vectors of an index's variants (engine/sentence-encoder.ts), for the semantic part of
 * the score: per doc, the cosine with the centroid of its variants (cheap enough for every doc), and
 * the best cosine with one variant (for the few leading candidates).
 */

/** Centred cosines at or below this are no likeness at all. */
const COSINE_FLOOR = 0;

export const likeness = (cosine: number) => Math.max(0, (cosine - COSINE_FLOOR) / (1 - COSINE_FLOOR));

export class Meanings {
  private readonly dimensions: number;
  private readonly centroids: Float32Array;
  private readonly hasCentroid: Uint8Array;

  /** `vectors`: one per variant, null for a variant the encoder does not read; `variantFirst`: where
   * each doc's variants start (variants of a doc are contiguous). */
  private readonly mean: Float32Array;
  private readonly vectors: Array<Float32Array | null>;

  constructor(
    vectors: Array<Float32Array | null>,
    private readonly variantFirst: Int32Array,
  ) {
    this.dimensions = vectors.find((v) => v !== null)?.length ?? 0;
    // Centred on the knowledge's mean, the directions all its texts share (its topic, its style) stop
    // making every pair look alike.
    this.mean = new Float32Array(this.dimensions);
    const present = vectors.filter((v) => v !== null);
    for (const v of present) for (let i = 0; i < v.length; i++) this.mean[i] = (this.mean[i] ?? 0) + (v[i] ?? 0) / present.length;
    this.vectors = vectors.map((v) => (v ? this.centre(v) : null));
    const docs = variantFirst.length;
    this.centroids = new Float32Array(docs * this.dimensions);
    this.hasCentroid = new Uint8Array(docs);
    for (let d = 0; d < docs; d++) {
      const centroid = this.centroids.subarray(d * this.dimensions, (d + 1) * this.dimensions);
      for (const vector of this.variantsOf(d)) for (let i = 0; i < vector.length; i++) centroid[i] = (centroid[i] ?? 0) + (vector[i] ?? 0);
      let norm = 0;
      for (const v of centroid) norm += v * v;
      if (norm === 0) continue;
      const scale = 1 / Math.sqrt(norm);
      for (let i = 0; i < centroid.length; i++) centroid[i] = (centroid[i] ?? 0) * scale;
      this.hasCentroid[d] = 1;
    }
  }

  /** Likeness of the query with each doc's centroid (0 for docs the encoder read none of). */
  centroidLikeness(meaning: Float32Array): Float32Array {
    const query = this.centre(meaning);
    const out = new Float32Array(this.hasCentroid.length);
    for (let d = 0; d < out.length; d++) {
      if (this.hasCentroid[d]) out[d] = likeness(dot(query, this.centroids, d * this.dimensions));
    }
    return out;
  }

  /** Likeness of the query with the doc's closest variant. */
  bestVariantLikeness(meaning: Float32Array, doc: number): number {
    const query = this.centre(meaning);
    let best = 0;
    for (const vector of this.variantsOf(doc)) best = Math.max(best, likeness(dot(query, vector, 0)));
    return best;
  }

  /** The vector minus the knowledge's mean, at unit length. */
  centre(vector: Float32Array): Float32Array {
    const out = Float32Array.from(vector, (v, i) => v - (this.mean[i] ?? 0));
    let norm = 0;
    for (const v of out) norm += v * v;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * scale;
    return out;
  }

  private *variantsOf(doc: number): Generator<Float32Array> {
    const end = this.variantFirst[doc + 1] ?? this.vectors.length;
    for (let v = this.variantFirst[doc] ?? 0; v < end; v++) {
      const vector = this.vectors[v];
      if (vector) yield vector;
    }
  }
}

function dot(query: Float32Array, matrix: Float32Array, offset: number): number {
  let sum = 0;
  for (let i = 0; i < query.length; i++) sum += (query[i] ?? 0) * (matrix[offset + i] ?? 0);
  return sum;
}
