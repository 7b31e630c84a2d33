/**
 * From a message and an index to one outcome.
 *
 * - "escalate": the customer asks for a person (intents.ts) — always, before anything else.
 * - "answer": the best doc scores at least the answer threshold and clearly ahead of the next one — or
 *   a doc on the same topic that also has the message's deciding word, which the best one lacks.
 * - "clarify": the best two (or three) docs all pass the threshold and are too close to choose between,
 *   or the best one shares its topic with others and lacks the message's deciding word (deciding.ts):
 *   the customer picks; the first option is the best one.
 * - "unrelated": nothing the knowledge could answer — small talk (greetings, thanks, "how are you"),
 *   or a message none of whose content words the agent's knowledge uses at all and that is no question
 *   to the business.
 * - "not_found": a question no doc answers confidently, in the knowledge's vocabulary or asked of the
 *   business ("do you deliver?" to a shop whose knowledge never mentions delivery) — what the learning
 *   loop shows admins, who write the missing answer.
 *
 * Scores mix the nearest variant, the nearest centroid and (once trained) the classifier's probability;
 * the thresholds were tuned on CLINC150's train and validation parts only (`npm run eval:answers --
 * --split val`), the "not found" one on out-of-scope train and validation lines.
 */
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { type Token, tokenize } from "../text/features.ts";
import type { Candidate, Mix } from "./index.ts";
import type { AnswerIndex } from "./patched.ts";
import { asksForPerson, asksTheBusiness, isSmallTalk } from "./intents.ts";
import { byDecidingWord } from "./deciding.ts";

export const MIX: Mix = { variant: 0.3, centroid: 0.7, classifier: 1, semantic: 3 };
export const THRESHOLDS = {
  /** Least score to answer, with the classifier (mixed score) and without it (retrieval only). */
  answer: 0.24,
  answerRetrievalOnly: 0.17,
  /** The same when the message was also compared by meaning: it rises from `few` to `many` as the docs'
   * question variants grow from `fewVariants` to `manyVariants` a doc (log scale, extended below `few`
   * down to one variant), because with more variants an unrelated message comes closer to one of them by
   * chance. */
  answerWithMeaning: { few: 0.26, many: 0.36, fewVariants: 5, manyVariants: 100 },
  /** A runner-up within this share of the best score makes the choice ambiguous, even below the answer
   * threshold: on CLINC150 val, a best answer with a runner-up at 70-90% of its score was wrong 17-43% of
   * the time, and a choice that holds the right doc is better than a confident wrong answer. */
  clarifyRatio: 0.75,
  /** The same when the message was compared by meaning: from `few` at `fewVariants` a doc to the plain
   * ratio at `manyVariants` (log scale). With five examples a doc, by-meaning answers whose runner-up
   * scored 60-75% of the best were wrong about one time in five on CLINC150 val; offering both kept the
   * right doc first and took the share of in-scope messages answered wrongly from 4.8% to 1.6%. */
  clarifyRatioWithMeaning: { few: 0.6, fewVariants: 5, manyVariants: 100 },
  /** Docs whose retrieval scores are this close match the message equally well as text (the classifier
   * cannot tell pairs with the same questions apart either): clarify. */
  sameTextRatio: 0.98,
  /** How many options a clarifying question offers at most. */
  clarifyOptions: 3,
};

export interface Scored {
  doc: KnowledgeDoc;
  confidence: number;
  candidate: Candidate;
}

export type Decision =
  | { outcome: "answer"; best: Scored; candidates: Scored[] }
  | { outcome: "clarify"; options: Scored[]; candidates: Scored[] }
  | { outcome: "not_found" | "unrelated"; candidates: Scored[]; confidence: number }
  | { outcome: "escalate" };

/** `meaning`: the message's sentence vector, when the index and the encoder can compare by meaning. */
export function decide(index: AnswerIndex, message: string, meaning: Float32Array | null = null): Decision {
  const typed = tokenize(message);
  // Requests for a person are recognised as typed (intents.ts knows their Latin spellings).
  if (asksForPerson(typed)) return { outcome: "escalate" };
  const tokens = index.respell(typed);
  return decideAmong(index, tokens, rank(index, tokens, 5, meaning));
}

/** The outcome for candidates already ranked (offline, or mixed with semantic scores). */
export function decideAmong(index: AnswerIndex, tokens: Token[], candidates: Scored[]): Decision {
  const [best] = candidates;
  const threshold =
    best?.candidate.semantic != null ? meaningThreshold(index.variantsPerDoc) : index.hasClassifier ? THRESHOLDS.answer : THRESHOLDS.answerRetrievalOnly;
  if (!best || best.confidence < threshold) return refusal(index, tokens, candidates);
  // The message is answerable; its words may still say which of the docs on its topic (deciding.ts) —
  // unless it was compared by meaning, which paraphrases with none of the docs' words.
  const settled = best.candidate.semantic === null ? byDecidingWord(tokens, candidates, (token) => index.specificity(token)) : null;
  if (settled?.kind === "undecided") {
    const options = distinctAnswers(settled.options);
    return options.length > 1 ? { outcome: "clarify", options, candidates } : { outcome: "answer", best, candidates };
  }
  if (settled?.promoted) return { outcome: "answer", best: settled.best, candidates };
  // A close candidate that lacks a word the best one has (the deciding word) is no choice to offer.
  const ratio = best.candidate.semantic != null ? meaningClarifyRatio(index.variantsPerDoc) : THRESHOLDS.clarifyRatio;
  const close = candidates
    .slice(0, THRESHOLDS.clarifyOptions)
    .filter((c) => c.confidence >= best.confidence * ratio || (c.confidence >= threshold && retrieval(c) >= retrieval(best) * THRESHOLDS.sameTextRatio))
    .filter((c) => settled?.kind !== "leads" || settled.alike(c));
  const options = distinctAnswers(close);
  if (options.length > 1) return { outcome: "clarify", options, candidates };
  return { outcome: "answer", best, candidates };
}

/** Where `variantsPerDoc` lies between `fewVariants` and `manyVariants` on a log scale (below 0 under `few`). */
const logPosition = (variantsPerDoc: number, fewVariants: number, manyVariants: number) =>
  Math.min(1, Math.log(Math.max(1, variantsPerDoc) / fewVariants) / Math.log(manyVariants / fewVariants));

function meaningThreshold(variantsPerDoc: number): number {
  const { few, many, fewVariants, manyVariants } = THRESHOLDS.answerWithMeaning;
  return few + (many - few) * logPosition(variantsPerDoc, fewVariants, manyVariants);
}

function meaningClarifyRatio(variantsPerDoc: number): number {
  const { few, fewVariants, manyVariants } = THRESHOLDS.clarifyRatioWithMeaning;
  // Not below `few`: fewer variants make the meaning no surer, and a lower ratio would clarify every answer.
  return few + (THRESHOLDS.clarifyRatio - few) * Math.max(0, logPosition(variantsPerDoc, fewVariants, manyVariants));
}

/** Docs that say the same (an article's passage and the pair generated from it) are no choice to offer. */
const distinctAnswers = (options: Scored[]) => options.filter((c, i) => options.findIndex((other) => sameAnswer(other.doc, c.doc)) === i);

const answerKey = (doc: KnowledgeDoc) => doc.answer.replace(/\s+/g, " ").trim().toLowerCase();
const sameAnswer = (a: KnowledgeDoc, b: KnowledgeDoc) => answerKey(a) === answerKey(b);

/** "unrelated" or "not_found" (see the top of this file). */
export function refusal(index: AnswerIndex, tokens: Token[], candidates: Scored[]): Decision {
  const unrelated = isSmallTalk(tokens) || (!tokens.some((t) => !t.stop && index.knows(t)) && !asksTheBusiness(tokens));
  return { outcome: unrelated ? "unrelated" : "not_found", candidates, confidence: candidates[0]?.confidence ?? 0 };
}

const retrieval = (s: Scored) => MIX.variant * s.candidate.variant + MIX.centroid * s.candidate.centroid;

export function rank(index: AnswerIndex, tokens: Token[], limit = 5, meaning: Float32Array | null = null): Scored[] {
  return index.search(index.vectorize(tokens), limit, MIX, meaning).flatMap((candidate) => {
    const doc = index.docs[candidate.doc];
    return doc ? [{ doc, confidence: candidate.score, candidate }] : [];
  });
}
