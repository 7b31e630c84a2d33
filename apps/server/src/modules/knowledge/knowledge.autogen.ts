import type { TiptapNode } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import { docSections } from "./knowledge.text.ts";

/**
 * Q&A pairs generated offline from an article's structure: FAQ blocks ("Асуулт:/Хариулт:", "Q:/A:")
 * and every heading with the section below it as the answer (a heading ending in "?" is already a question).
 */
export interface GeneratedPair {
  question: string;
  answer: string;
}

const QUESTION_RE = /^(?:асуулт|question|q)\s*[:：.)-]\s*(.+)$/iu;
const ANSWER_RE = /^(?:хариулт|answer|a)\s*[:：.)-]\s*(.*)$/iu;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

function faqPairs(lines: string[]): { pairs: GeneratedPair[]; rest: string[] } {
  const pairs: GeneratedPair[] = [];
  const rest: string[] = [];
  let question: string | null = null;
  let answer: string[] | null = null;
  const flush = () => {
    if (question && answer?.length) pairs.push({ question, answer: answer.join("\n") });
    question = null;
    answer = null;
  };
  for (const line of lines) {
    const q = QUESTION_RE.exec(line);
    const a = ANSWER_RE.exec(line);
    if (q?.[1]) {
      flush();
      question = q[1].trim();
    } else if (a && question !== null && answer === null) {
      answer = a[1]?.trim() ? [a[1].trim()] : [];
    } else if (answer !== null) {
      answer.push(line);
    } else if (question === null) {
      rest.push(line);
    }
  }
  flush();
  return { pairs, rest };
}

export function generatePairs(doc: TiptapNode): GeneratedPair[] {
  const pairs: GeneratedPair[] = [];
  for (const section of docSections(doc)) {
    const { pairs: faq, rest } = faqPairs(section.lines);
    pairs.push(...faq);
    const heading = section.path[section.path.length - 1];
    if (heading && rest.length) pairs.push({ question: heading, answer: rest.join("\n") });
  }
  const seen = new Set<string>();
  return pairs
    .map((p) => ({ question: clip(p.question.trim(), LIMITS.qaQuestionMaxChars), answer: clip(p.answer.trim(), LIMITS.qaAnswerMaxChars) }))
    .filter((p) => {
      const key = p.question.toLowerCase();
      if (!p.question || !p.answer || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
