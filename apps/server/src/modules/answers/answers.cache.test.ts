import { afterEach, describe, expect, it } from "vitest";
import { SHOP_PAIRS } from "./answers.fixture.ts";
import { AnswerEngine, estimateIndexBytes, type EngineOptions } from "./answers.engine.ts";
import type { KnowledgeDoc, KnowledgeSource } from "./knowledge-doc.ts";

/** A source that counts its loads, and can say "anything may have changed" (null), as lost signals do. */
class CountingSource implements KnowledgeSource {
  loads = 0;
  docs: KnowledgeDoc[] = SHOP_PAIRS.slice(0, 5);
  private readonly listeners = new Set<(companyId: number | null) => void>();
  async load(): Promise<KnowledgeDoc[]> {
    this.loads++;
    return this.docs;
  }
  onChange(listener: (companyId: number | null) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(companyId: number | null) {
    for (const listener of this.listeners) listener(companyId);
  }
}

const engines: AnswerEngine[] = [];
afterEach(() => engines.splice(0).forEach((e) => e.close()));
function engineOver(source: KnowledgeSource, options: EngineOptions = {}) {
  const engine = new AnswerEngine(source, { encoder: null, ...options });
  engines.push(engine);
  return engine;
}

describe("the answer engine's index cache", () => {
  it("drops the least recently used indexes beyond its memory budget, and loads them again when asked", async () => {
    const source = new CountingSource();
    const engine = engineOver(source, { memoryBudgetBytes: 250, sizeOf: () => 100 });
    await engine.index(1, 1);
    await engine.index(1, 2);
    await engine.index(1, 1);
    await engine.index(1, 3);
    expect(engine.heldIndexes()).toEqual(["1:1", "1:3"]);
    expect(source.loads).toBe(3);
    await engine.index(1, 2);
    expect(source.loads).toBe(4);
    expect(engine.heldIndexes()).toEqual(["1:3", "1:2"]);
  });

  it("keeps every index without a budget", async () => {
    const engine = engineOver(new CountingSource(), { sizeOf: () => 1e9 });
    for (const agent of [1, 2, 3]) await engine.index(1, agent);
    expect(engine.heldIndexes()).toHaveLength(3);
  });

  it("estimates an index's memory from its knowledge", async () => {
    const source = new CountingSource();
    const engine = engineOver(source);
    const small = estimateIndexBytes(await engine.index(1, 1));
    source.docs = SHOP_PAIRS;
    const large = estimateIndexBytes(await engine.index(2, 1));
    expect(small).toBeGreaterThan(5 * 1024);
    expect(large).toBeGreaterThan(small * 2);
  });

  it("rebuilds a company's indexes when it changes, and drops every index when any may have changed", async () => {
    const source = new CountingSource();
    const engine = engineOver(source);
    await engine.index(1, 1);
    await engine.index(2, 1);
    source.emit(1);
    await engine.index(1, 1);
    expect(source.loads).toBe(3);
    source.emit(null);
    expect(engine.heldIndexes()).toEqual([]);
    await engine.index(2, 1);
    expect(source.loads).toBe(4);
  });
});
