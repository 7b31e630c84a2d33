/**
 * The sentence vectors of an index's variants (engine/sentence-encoder.ts), for the semantic part of
 * the score: per doc, the cosine with the centroid of its variants (cheap enough for every doc), and
 * the best cosine with one variant (for the few leading candidates).
 *
 * Cosines are taken after centring on the knowledge's mean vector: the directions all its texts share
 * (its topic, its style) otherwise make every pair look alike. The variants' vectors are not copied
 * centred (they are the index's cached ones); each keeps its dot with the mean and its centred length.
 *
 * Held in memory as 8-bit integers with one scale each (`Quantized`): 512 bytes a text instead of 2 kB,
 * for cosines that differ by well under 0.01.
 */

export interface Quantized {
  values: Int8Array;
  /** value ≈ values[i] × scale */
  scale: number;
}

export function quantize(vector: Float32Array): Quantized {
  let largest = 0;
  for (const v of vector) largest = Math.max(largest, Math.abs(v));
  const scale = largest > 0 ? largest / 127 : 1;
  const values = new Int8Array(vector.length);
  for (let i = 0; i < values.length; i++) values[i] = Math.round((vector[i] ?? 0) / scale);
  return { values, scale };
}

/** Negative centred cosines count as no likeness at all. */
const likeness = (cosine: number) => Math.max(0, cosine);

export class Meanings {
  private readonly dimensions: number;
  private readonly mean: Float32Array;
  /** Per variant: its dot product with the mean, and 1 / its centred length. */
  private readonly dotMean: Float32Array;
  private readonly inverseLength: Float32Array;
  private readonly centroids: Float32Array;
  private readonly hasCentroid: Uint8Array;

  /** `vectors`: one per variant, null for a variant the encoder does not read; `variantFirst`: where
   * each doc's variants start (variants of a doc are contiguous). */
  constructor(
    private readonly vectors: Array<Quantized | null>,
    private readonly variantFirst: Int32Array,
  ) {
    this.dimensions = vectors.find((v) => v !== null)?.values.length ?? 0;
    this.mean = new Float32Array(this.dimensions);
    const present = vectors.filter((v) => v !== null);
    for (const v of present) for (let i = 0; i < this.dimensions; i++) this.mean[i] = (this.mean[i] ?? 0) + ((v.values[i] ?? 0) * v.scale) / present.length;
    const meanSquare = dot(this.mean, this.mean, 0);
    this.dotMean = new Float32Array(vectors.length);
    this.inverseLength = new Float32Array(vectors.length);
    vectors.forEach((v, n) => {
      if (!v) return;
      const withMean = dotQuantized(this.mean, v);
      // |v − μ|² = |v|² − 2 v·μ + |μ|², with |v| = 1.
      const length = Math.sqrt(Math.max(0, squaredLength(v) - 2 * withMean + meanSquare));
      this.dotMean[n] = withMean;
      this.inverseLength[n] = length > 0 ? 1 / length : 0;
    });
    const docs = variantFirst.length;
    this.centroids = new Float32Array(docs * this.dimensions);
    this.hasCentroid = new Uint8Array(docs);
    for (let d = 0; d < docs; d++) {
      const centroid = this.centroids.subarray(d * this.dimensions, (d + 1) * this.dimensions);
      for (const n of this.variantsOf(d)) {
        const v = this.vectors[n] as Quantized;
        const scale = this.inverseLength[n] ?? 0;
        for (let i = 0; i < centroid.length; i++) centroid[i] = (centroid[i] ?? 0) + ((v.values[i] ?? 0) * v.scale - (this.mean[i] ?? 0)) * scale;
      }
      if (unit(centroid)) this.hasCentroid[d] = 1;
    }
  }

  /** A message's sentence vector, centred once, to compare with the docs. */
  query(meaning: Float32Array): { centroidLikeness(): Float32Array; bestVariantLikeness(doc: number): number } {
    const query = this.centre(meaning);
    const queryWithMean = dot(query, this.mean, 0);
    return {
      /** Likeness with each doc's centroid (0 for docs the encoder read none of). */
      centroidLikeness: () => {
        const out = new Float32Array(this.hasCentroid.length);
        for (let d = 0; d < out.length; d++) {
          if (this.hasCentroid[d]) out[d] = likeness(dot(query, this.centroids, d * this.dimensions));
        }
        return out;
      },
      /** Likeness with the doc's closest variant. */
      bestVariantLikeness: (doc) => {
        let best = 0;
        for (const n of this.variantsOf(doc)) {
          const cosine = (dotQuantized(query, this.vectors[n] as Quantized) - queryWithMean) * (this.inverseLength[n] ?? 0);
          best = Math.max(best, likeness(cosine));
        }
        return best;
      },
    };
  }

  /** The vector minus the knowledge's mean, at unit length. */
  private centre(vector: Float32Array): Float32Array {
    const out = new Float32Array(vector.length);
    for (let i = 0; i < out.length; i++) out[i] = (vector[i] ?? 0) - (this.mean[i] ?? 0);
    unit(out);
    return out;
  }

  /** Indexes of the doc's variants that have a vector. */
  private *variantsOf(doc: number): Generator<number> {
    const end = this.variantFirst[doc + 1] ?? this.vectors.length;
    for (let n = this.variantFirst[doc] ?? 0; n < end; n++) if (this.vectors[n]) yield n;
  }
}

/** The hot loop of comparing by meaning: four sums at a time, for the CPU's pipelines. */
function dot(a: Float32Array, b: Float32Array, offset: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = a.length - (a.length % 4);
  for (let i = 0; i < n; i += 4) {
    s0 += (a[i] as number) * (b[offset + i] as number);
    s1 += (a[i + 1] as number) * (b[offset + i + 1] as number);
    s2 += (a[i + 2] as number) * (b[offset + i + 2] as number);
    s3 += (a[i + 3] as number) * (b[offset + i + 3] as number);
  }
  for (let i = n; i < a.length; i++) s0 += (a[i] as number) * (b[offset + i] as number);
  return s0 + s1 + s2 + s3;
}

function dotQuantized(a: Float32Array, b: Quantized): number {
  const values = b.values;
  let s0 = 0;
  let s1 = 0;
  const n = a.length - (a.length % 2);
  for (let i = 0; i < n; i += 2) {
    s0 += (a[i] as number) * (values[i] as number);
    s1 += (a[i + 1] as number) * (values[i + 1] as number);
  }
  for (let i = n; i < a.length; i++) s0 += (a[i] as number) * (values[i] as number);
  return (s0 + s1) * b.scale;
}

function squaredLength(vector: Quantized): number {
  let sum = 0;
  for (const v of vector.values) sum += v * v;
  return sum * vector.scale * vector.scale;
}

/** Scales to unit length in place; false for a zero vector. */
function unit(vector: Float32Array): boolean {
  const norm = Math.sqrt(dot(vector, vector, 0));
  if (norm === 0) return false;
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return true;
}
