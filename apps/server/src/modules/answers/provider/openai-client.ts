/**
 * A client for OpenAI-compatible endpoints (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM, llama.cpp):
 * POST {base}/embeddings and POST {base}/chat/completions, as OpenAI documents them. The base URL is set
 * by a company admin, so calls go through the SSRF-safe request of URL imports: http/https only, every
 * address checked (private ones only where the installation allows them, MODEL_PROVIDER_ALLOW_PRIVATE),
 * connected to the checked address, redirects not followed, a timeout and a size limit.
 */
import { LIMITS } from "@holboo/core";
import { DEFAULT_FETCH_POLICY, safeRequest, type FetchPolicy } from "../../knowledge/import.service.ts";

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

/** Where provider calls may go: public addresses, or any address when the installation runs its own model server. */
export function providerFetchPolicy(allowPrivate: boolean): FetchPolicy {
  return {
    ...DEFAULT_FETCH_POLICY,
    isAllowed: allowPrivate ? () => true : DEFAULT_FETCH_POLICY.isAllowed,
    maxBytes: MAX_RESPONSE_BYTES,
    timeoutMs: LIMITS.modelProviderTimeoutMs,
    maxRedirects: 0,
  };
}

export class OpenAICompatibleClient {
  constructor(
    private readonly config: ProviderConfig,
    private readonly policy: FetchPolicy = providerFetchPolicy(false),
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
    const response = await safeRequest(`${this.config.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) }, this.policy);
    if (response.status < 200 || response.status >= 300) throw new ProviderError(`${path} answered ${response.status}`);
    return JSON.parse(response.body.toString("utf8")) as T;
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
