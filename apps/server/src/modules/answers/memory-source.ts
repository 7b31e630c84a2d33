/**
 * A KnowledgeSource held in memory: what the tests and `npm run eval:answers` load the engine from
 * (the database-backed source of the knowledge module implements the same interface).
 */
import type { KnowledgeDoc, KnowledgeSource } from "./knowledge-doc.ts";

export class MemoryKnowledgeSource implements KnowledgeSource {
  private readonly docs = new Map<string, KnowledgeDoc[]>();
  private readonly listeners = new Set<(companyId: number) => void>();

  async load(companyId: number, agentId: number): Promise<KnowledgeDoc[]> {
    return [...(this.docs.get(`${companyId}:${agentId}`) ?? [])];
  }

  onChange(listener: (companyId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces an agent's knowledge, then tells listeners (as a committed edit would). */
  set(companyId: number, agentId: number, docs: KnowledgeDoc[]) {
    this.docs.set(`${companyId}:${agentId}`, [...docs]);
    for (const listener of this.listeners) listener(companyId);
  }

  /** Adds or replaces one doc (by id). */
  put(companyId: number, agentId: number, doc: KnowledgeDoc) {
    this.set(companyId, agentId, [...(this.docs.get(`${companyId}:${agentId}`) ?? []).filter((d) => d.id !== doc.id), doc]);
  }

  /** Removes one doc (a deleted or deactivated pair, an unpublished article's passages). */
  remove(companyId: number, agentId: number, id: string) {
    this.set(
      companyId,
      agentId,
      (this.docs.get(`${companyId}:${agentId}`) ?? []).filter((d) => d.id !== id),
    );
  }
}
