import { describe, expect, it } from "vitest";
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { tokenize } from "../text/features.ts";
import { decideAmong, type Scored } from "./decide.ts";
import { KnowledgeIndex } from "./index.ts";

const doc = (title: string, questions: string[]): KnowledgeDoc => ({ id: `qa:${title}`, kind: "qa", questions, answer: title, title, sourceId: 1 });
const DOCS = [doc("balance", ["what is my account balance"]), doc("transfer", ["send money to my friend"]), doc("freeze", ["lock my card"])];

/** Candidates as a message compared by meaning ranks them (so no deciding-word rule applies). */
const ranked = (index: KnowledgeIndex, scores: number[]): Scored[] =>
  scores.map((confidence, i) => ({
    doc: index.docs[i] as KnowledgeDoc,
    confidence,
    candidate: { doc: i, variant: confidence, centroid: confidence, probability: 0, semantic: confidence, score: confidence },
  }));

describe("choosing between close candidates", () => {
  it("offers a choice when the runner-up scores close to the best, even below the answer threshold", async () => {
    const index = await KnowledgeIndex.build(DOCS);
    // On CLINC150 val such a pair was a wrong answer 17-43% of the time: a choice holds the right doc.
    const decision = decideAmong(index, tokenize("how do I move money"), ranked(index, [0.42, 0.34, 0.1]));
    expect(decision.outcome).toBe("clarify");
    if (decision.outcome === "clarify") expect(decision.options.map((o) => o.doc.title)).toEqual(["balance", "transfer"]);
  });

  it("answers when the runner-up is far behind", async () => {
    const index = await KnowledgeIndex.build(DOCS);
    const decision = decideAmong(index, tokenize("what is my balance"), ranked(index, [0.6, 0.3, 0.1]));
    expect(decision).toMatchObject({ outcome: "answer", best: { doc: { title: "balance" } } });
  });

  it("by meaning with few examples a doc, a runner-up at 60-75% of the best is a choice; with many examples, or by words, it is not", async () => {
    const scores = [0.6, 0.4, 0.1];
    const few = await KnowledgeIndex.build(DOCS.map((d) => ({ ...d, questions: Array.from({ length: 5 }, (_, i) => `${d.questions[0]} ${i}`) })));
    expect(decideAmong(few, tokenize("how do I move money"), ranked(few, scores)).outcome).toBe("clarify");
    const many = await KnowledgeIndex.build(DOCS.map((d) => ({ ...d, questions: Array.from({ length: 100 }, (_, i) => `${d.questions[0]} ${i}`) })));
    expect(decideAmong(many, tokenize("how do I move money"), ranked(many, scores)).outcome).toBe("answer");
    const byWords = ranked(few, scores).map((s) => ({ ...s, candidate: { ...s.candidate, semantic: null } }));
    expect(decideAmong(few, tokenize("how do I move money"), byWords).outcome).toBe("answer");
  });
});
