import type { AnswerSource, EngineResult } from "./answers.engine.ts";

/** The most choices a clarifying question offers. */
export const MAX_CHOICES = 3;

/**
 * An answer below this confidence is marked low-confidence for the person who sends it (the agent still answers: the
 * engine's own thresholds decided it may). Measured with 5 examples a pair on CLINC150 val: answers below 0.6 were
 * wrong 14% of the time, above it 6%, and the mark catches about 60% of wrong answers; on the Mongolian FAQ sets no
 * answer was wrong, and a third of them fall below it, so it asks for a look, never refuses.
 */
export const CONFIDENT_ANSWER = 0.6;

/**
 * What to say to a customer's message, decided once for the virtual agent (which sends it) and for staff's
 * "AI reply" (which drafts it): an answer (possibly low-confidence), choices when several answers fit about as well,
 * or nothing to say (not found, unrelated, or the customer asks for a person).
 */
export type ReplyDecision =
  | { kind: "answer"; text: string; sources: AnswerSource[]; confidence: number; lowConfidence: boolean }
  | { kind: "choices"; choices: Array<AnswerSource & { confidence: number }>; confidence: number }
  | { kind: "none"; reason: "not_found" | "unrelated" | "escalate"; confidence: number };

export function decideReply(result: EngineResult): ReplyDecision {
  switch (result.outcome) {
    case "answer":
      return { kind: "answer", text: result.text, sources: result.sources, confidence: result.confidence, lowConfidence: result.confidence < CONFIDENT_ANSWER };
    case "clarify":
      return { kind: "choices", choices: result.options.slice(0, MAX_CHOICES), confidence: result.confidence };
    default:
      return { kind: "none", reason: result.outcome, confidence: result.confidence };
  }
}
