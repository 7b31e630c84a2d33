import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin } from "../../../test/factories.ts";
import { knowledgeSentenceVectors, virtualAgents } from "../../platform/db/schema.ts";
import { ENGLISH_PAIRS } from "./answers.fixture.ts";
import { AnswerEngine } from "./answers.engine.ts";
import { countingEncoder } from "./engine/sentence-encoder.fixture.ts";
import { type SentenceEncoder, universalSentenceEncoder } from "./engine/sentence-encoder.ts";
import { MemoryKnowledgeSource } from "./memory-source.ts";
import { storedVectors } from "./sentence-vectors.repo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function companyAgent() {
  const admin = await companyAdmin(t);
  const [agent] = await t.database.db.select().from(virtualAgents).where(eq(virtualAgents.companyId, admin.me.company_id));
  if (!agent) throw new Error("onboarding makes a primary agent");
  return { companyId: admin.me.company_id, agentId: agent.id };
}

function engineOn(source: MemoryKnowledgeSource, encoder: SentenceEncoder) {
  return new AnswerEngine(source, { encoder, storedVectors: (companyId, agentId, id) => storedVectors(t.database.db, companyId, agentId, id) });
}

const variantCount = ENGLISH_PAIRS.reduce((n, doc) => n + doc.questions.length, 0);

describe("stored sentence vectors", () => {
  it("survive a restart: a new engine reads them instead of embedding again, and still compares by meaning", async () => {
    const { companyId, agentId } = await companyAgent();
    const source = new MemoryKnowledgeSource();
    source.set(companyId, agentId, ENGLISH_PAIRS);
    const first = countingEncoder();
    const before = engineOn(source, first.encoder);
    await before.ready(companyId, agentId);
    expect(first.embedded).toHaveLength(variantCount);
    before.close();

    const second = countingEncoder();
    const after = engineOn(source, second.encoder);
    await after.ready(companyId, agentId);
    expect(second.embedded).toEqual([]);
    const result = await after.ask({ companyId, agentId, message: "I'd like to return this and be reimbursed" });
    expect(result.outcome === "answer" ? result.sources[0]?.title : result.outcome).toBe("refund");
    after.close();
  });

  it("forget the texts no longer in the knowledge, and belong to one company's agent", async () => {
    const { companyId, agentId } = await companyAgent();
    const source = new MemoryKnowledgeSource();
    source.set(companyId, agentId, ENGLISH_PAIRS);
    const engine = engineOn(source, countingEncoder().encoder);
    await engine.ready(companyId, agentId);
    const rows = () =>
      t.database.db
        .select()
        .from(knowledgeSentenceVectors)
        .where(and(eq(knowledgeSentenceVectors.companyId, companyId), eq(knowledgeSentenceVectors.agentId, agentId)));
    expect(await rows()).toHaveLength(variantCount);
    const [removed] = ENGLISH_PAIRS;
    source.remove(companyId, agentId, removed?.id ?? "");
    await engine.ready(companyId, agentId);
    expect(await rows()).toHaveLength(variantCount - (removed?.questions.length ?? 0));
    engine.close();

    const other = await companyAgent();
    const texts = ENGLISH_PAIRS.flatMap((doc) => doc.questions);
    expect((await storedVectors(t.database.db, other.companyId, other.agentId, universalSentenceEncoder.id).load(texts)).size).toBe(0);
    expect((await storedVectors(t.database.db, companyId, agentId, "another-encoder").load(texts)).size).toBe(0);
  });
});
