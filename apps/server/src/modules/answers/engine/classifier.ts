/**
 * A multinomial logistic regression over the index's sparse TF-IDF features, trained at index time on
 * the question variants (one class per doc). Pure TypeScript, deterministic (seeded shuffling), with
 * weights in one dense Float32Array of features × classes; features are limited to the most frequent
 * ones that fit MAX_WEIGHTS, so memory stays bounded whatever the knowledge size.
 */
import { Slices } from "./slices.ts";
import type { SparseVector } from "./sparse.ts";

const MAX_WEIGHTS = 6_000_000;
const EPOCHS = 6;
const LEARNING_RATE = 8;
const L2 = 1e-6;
const DROPOUT = 0.3;

export interface TrainingSet {
  vectors: SparseVector[];
  labels: Int32Array;
  classes: number;
  /** How many variants contain each feature id (to keep the most useful features). */
  documentFrequency: Int32Array;
}

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export class SoftmaxClassifier {
  private readonly column: Int32Array;
  private readonly weights: Float32Array;
  private readonly classes: number;

  /** Allocates the weights; `train` learns them. */
  constructor(set: TrainingSet) {
    this.classes = set.classes;
    const budget = Math.floor(MAX_WEIGHTS / Math.max(1, set.classes));
    // Keep features seen in at least two variants, most frequent first, up to the budget.
    const order = [...set.documentFrequency.keys()].filter((f) => (set.documentFrequency[f] ?? 0) >= 2);
    if (order.length > budget) order.sort((a, b) => (set.documentFrequency[b] ?? 0) - (set.documentFrequency[a] ?? 0)).length = budget;
    this.column = new Int32Array(set.documentFrequency.length).fill(-1);
    order.forEach((feature, row) => (this.column[feature] = row));
    this.weights = new Float32Array(order.length * set.classes);
  }

  /** Trains in slices (slices.ts), so a large knowledge base never blocks the server while it learns.
   * `isCurrent` stops work for an index already replaced. */
  async train(set: TrainingSet, isCurrent: () => boolean = () => true): Promise<void> {
    const random = seededRandom(42);
    const order = [...set.labels.keys()];
    const probabilities = new Float32Array(this.classes);
    const slices = new Slices();
    let step = 0;
    const total = EPOCHS * order.length;
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
      }
      for (const example of order) {
        await slices.pause();
        if (!isCurrent()) return;
        const full = set.vectors[example];
        if (!full) continue;
        const vector = DROPOUT > 0 ? dropFeatures(full, random) : full;
        const rate = LEARNING_RATE * (1 - step++ / total) + 0.01;
        this.logits(vector, probabilities);
        softmaxInPlace(probabilities);
        probabilities[set.labels[example] ?? 0] = (probabilities[set.labels[example] ?? 0] ?? 0) - 1;
        for (let k = 0; k < vector.ids.length; k++) {
          const row = this.column[vector.ids[k] ?? 0] ?? -1;
          if (row < 0) continue;
          const x = vector.weights[k] ?? 0;
          const base = row * this.classes;
          for (let c = 0; c < this.classes; c++) {
            const w = this.weights[base + c] ?? 0;
            this.weights[base + c] = w - rate * ((probabilities[c] ?? 0) * x + L2 * w);
          }
        }
      }
    }
  }

  private logits(vector: SparseVector, out: Float32Array) {
    out.fill(0);
    for (let k = 0; k < vector.ids.length; k++) {
      const row = this.column[vector.ids[k] ?? 0] ?? -1;
      if (row < 0) continue;
      const x = vector.weights[k] ?? 0;
      const base = row * this.classes;
      for (let c = 0; c < this.classes; c++) out[c] = (out[c] ?? 0) + (this.weights[base + c] ?? 0) * x;
    }
  }

  /** Class probabilities for one query vector. */
  predict(vector: SparseVector): Float32Array {
    const out = new Float32Array(this.classes);
    this.logits(vector, out);
    return softmaxInPlace(out);
  }
}

/** A training example with some features missing, as a customer's message misses words of every
 * stored variant (the kept weights stay as they were, like a message's unknown words). */
function dropFeatures(vector: SparseVector, random: () => number): SparseVector {
  const keep: number[] = [];
  for (let k = 0; k < vector.ids.length; k++) if (random() >= DROPOUT) keep.push(k);
  return { ids: Int32Array.from(keep, (k) => vector.ids[k] ?? 0), weights: Float32Array.from(keep, (k) => vector.weights[k] ?? 0) };
}

function softmaxInPlace(values: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const e = Math.exp((values[i] ?? 0) - max);
    values[i] = e;
    sum += e;
  }
  for (let i = 0; i < values.length; i++) values[i] = (values[i] ?? 0) / sum;
  return values;
}
