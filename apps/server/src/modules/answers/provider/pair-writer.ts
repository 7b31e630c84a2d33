/**
 * Q&A pairs a chat model writes from one published article: the questions customers would ask, each
 * with its answer in the article's own words. They join the pairs made offline from the article's
 * structure (knowledge.autogen.ts) and, like them, stay "auto-generated" until a person reviews them.
 *
 * A model may still add what the article never says, so every answer is checked against the article:
 * nearly all its content words must occur there, or the pair is dropped.
 */
import { LIMITS } from "@holboo/core";
import { z } from "zod";
import type { GeneratedPair } from "../../knowledge/knowledge.autogen.ts";
import { tokenize } from "../text/features.ts";
import type { ChatMessage, OpenAICompatibleClient } from "./openai-client.ts";

/** At most this many pairs from one article. */
export const MODEL_PAIRS_PER_ARTICLE = 12;
/** The article text the model is given, at most (longer articles are cut; the offline pairs still cover all of them). */
const ARTICLE_CHARS = 12_000;
/** Least share of an answer's content words that must occur in the article. */
const GROUNDED_SHARE = 0.85;

export const PAIR_WRITER_PROMPT = [
  "You write FAQ entries for a company's knowledge base from ONE article.",
  `Write at most ${MODEL_PAIRS_PER_ARTICLE} entries: questions a customer would ask that the article answers, in the article's language.`,
  "Each answer uses only facts stated in the article, in its own words where possible; never add anything else.",
  'Reply with JSON only, exactly this shape: {"pairs":[{"question":"...","answer":"..."}]}.',
].join(" ");

const Reply = z.object({ pairs: z.array(z.object({ question: z.string(), answer: z.string() })) });

const contentStems = (text: string) =>
  tokenize(text)
    .filter((t) => !t.stop && !/^\d+$/.test(t.skeleton))
    .map((t) => t.stem);

export async function writePairs(client: OpenAICompatibleClient, title: string, text: string): Promise<GeneratedPair[]> {
  const messages: ChatMessage[] = [
    { role: "system", content: PAIR_WRITER_PROMPT },
    { role: "user", content: `Article: ${title}\n\n${text.slice(0, ARTICLE_CHARS)}` },
  ];
  const reply = await client.chat(messages);
  // Some models wrap JSON in prose or a code fence: read the outermost object.
  const json = reply.slice(reply.indexOf("{"), reply.lastIndexOf("}") + 1);
  const parsed = Reply.safeParse(safeJson(json));
  if (!parsed.success) return [];
  const articleStems = new Set(contentStems(`${title} ${text}`));
  const seen = new Set<string>();
  const pairs: GeneratedPair[] = [];
  for (const { question, answer } of parsed.data.pairs) {
    const q = question.trim().slice(0, LIMITS.qaQuestionMaxChars);
    const a = answer.trim().slice(0, LIMITS.qaAnswerMaxChars);
    const stems = contentStems(a);
    const grounded = stems.length > 0 && stems.filter((s) => articleStems.has(s)).length >= GROUNDED_SHARE * stems.length;
    if (!q || !grounded || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    pairs.push({ question: q, answer: a });
    if (pairs.length === MODEL_PAIRS_PER_ARTICLE) break;
  }
  return pairs;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
