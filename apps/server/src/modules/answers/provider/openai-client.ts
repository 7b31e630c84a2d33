/**
 * A client for OpenAI-compatible endpoints (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM, llama.cpp):
 * POST {base}/embeddings and POST {base}/chat/completions, as OpenAI documents them. The base URL is set
 * by a company admin, so it is still held to http/https, redirects are refused, every call has a
 * timeout and answers are size-limited.
 */
import { LIMITS } from "@holboo/core";

export interface ProviderConfig {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  embeddingModel: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const EMBEDDING_BATCH = 64;

export class ProviderError extends Error {}

export class OpenAICompatibleClient {
  constructor(
    private readonly config: ProviderConfig,
    private readonly timeoutMs: number = LIMITS.modelProviderTimeoutMs,
  ) {
    const url = new URL(config.baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new ProviderError("only http and https endpoints");
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.config.apiKey) {
      headers.authorization = `Bearer ${this.config.apiKey}`;
      headers["api-key"] = this.config.apiKey;
    }
    const response = await fetch(`${this.config.baseUrl}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES) throw new ProviderError("response too large");
    if (!response.ok) throw new ProviderError(`${path} answered ${response.status}`);
    return JSON.parse(text) as T;
  }

  /** One vector per text, in order. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
      const batch = texts.slice(i, i + EMBEDDING_BATCH);
      const result = await this.post<{ data: Array<{ index: number; embedding: number[] }> }>("/embeddings", {
        model: this.config.embeddingModel,
        input: batch,
      });
      const byIndex = [...result.data].sort((a, b) => a.index - b.index);
      if (byIndex.length !== batch.length) throw new ProviderError("embeddings count mismatch");
      for (const item of byIndex) out.push(Float32Array.from(item.embedding));
    }
    return out;
  }

  /** The assistant's reply to a conversation (temperature 0: the same question gets the same answer). */
  async chat(messages: ChatMessage[]): Promise<string> {
    const result = await this.post<{ choices: Array<{ message: { content: string | null } }> }>("/chat/completions", {
      model: this.config.chatModel,
      messages,
      temperature: 0,
    });
    return result.choices[0]?.message.content?.trim() ?? "";
  }
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
