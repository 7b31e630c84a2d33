import type { QaBulkActiveInput, QaInput, QaListQuery, QuestionListQuery, QuestionOutcome, ResolveQuestionInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { existingArticleIds } from "./articles.repo.ts";
import { presentQa, presentQuestion } from "./knowledge.presenter.ts";
import * as repo from "./qa.repo.ts";

export async function list(ctx: AppContext, actor: MemberActor, query: QaListQuery) {
  const { items, total } = await repo.listQaPairs(ctx.db, actor.companyId, query);
  return { items: items.map(presentQa), total };
}

async function view(db: Executor, companyId: number, id: number) {
  return presentQa((await repo.findQaPair(db, companyId, id)) ?? fail("qa_pair_not_found"));
}

/** Related documents must be the company's own articles. */
async function assertRelated(db: Executor, companyId: number, ids: number[]) {
  const found = await existingArticleIds(db, companyId, ids);
  if (found.length !== new Set(ids).size) fail("article_not_found", { related_article_ids: "article_not_found" });
}

/** Pairs a person writes, edits or approves are "reviewed"; only generation makes "auto" ones. */
export async function create(ctx: AppContext, actor: MemberActor, input: QaInput) {
  await assertRelated(ctx.db, actor.companyId, input.related_article_ids);
  const [id] = await repo.insertQaPairs(ctx.db, [
    {
      companyId: actor.companyId,
      question: input.question,
      variants: input.variants,
      answer: input.answer,
      active: input.active,
      relatedArticleIds: input.related_article_ids,
      source: "reviewed",
    },
  ]);
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, id ?? fail("internal_error"));
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: QaInput) {
  await assertRelated(ctx.db, actor.companyId, input.related_article_ids);
  const patch = {
    question: input.question,
    variants: input.variants,
    answer: input.answer,
    active: input.active,
    relatedArticleIds: input.related_article_ids,
    source: "reviewed",
  };
  if (!(await repo.updateQaPairs(ctx.db, actor.companyId, [id], patch)).length) fail("qa_pair_not_found");
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, id);
}

export async function approve(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.updateQaPairs(ctx.db, actor.companyId, [id], { source: "reviewed" })).length) fail("qa_pair_not_found");
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, id);
}

/** Activates or deactivates several pairs; ids of another company are not touched. */
export async function setActive(ctx: AppContext, actor: MemberActor, input: QaBulkActiveInput) {
  const updated = await repo.updateQaPairs(ctx.db, actor.companyId, input.ids, { active: input.active });
  if (!updated.length) fail("qa_pair_not_found");
  ctx.knowledge.changed(actor.companyId);
  return { updated: updated.length };
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteQaPair(ctx.db, actor.companyId, id))) fail("qa_pair_not_found");
  ctx.knowledge.changed(actor.companyId);
  return { ok: true as const };
}

export async function questions(ctx: AppContext, actor: MemberActor, query: QuestionListQuery) {
  const { items, total } = await repo.listQuestions(ctx.db, actor.companyId, query);
  return { items: items.map(presentQuestion), total };
}

/** An admin answers a "not found" question in one step: it becomes an active, reviewed pair and the entry is resolved. */
export async function resolve(ctx: AppContext, actor: MemberActor, questionId: number, input: ResolveQuestionInput) {
  const pairId = await ctx.db.transaction(async (tx) => {
    const entry = (await repo.findQuestion(tx, actor.companyId, questionId)) ?? fail("knowledge_question_not_found");
    const [id] = await repo.insertQaPairs(tx, [
      { companyId: actor.companyId, question: input.question ?? entry.question, answer: input.answer, active: true, source: "reviewed" },
    ]);
    if (id === undefined || !(await repo.resolveQuestion(tx, actor.companyId, questionId, id))) fail("knowledge_question_not_found");
    return id as number;
  });
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, pairId);
}

export interface QuestionRecord {
  companyId: number;
  agentId: number;
  interactionId?: number | null;
  question: string;
  outcome: QuestionOutcome;
  qaPairId?: number | null;
  articleId?: number | null;
  confidence?: number | null;
}

/** The learning loop: the answer engine logs every customer question it handled with its outcome. */
export function recordQuestion(db: Executor, record: QuestionRecord): Promise<number> {
  return repo.insertQuestion(db, {
    companyId: record.companyId,
    agentId: record.agentId,
    interactionId: record.interactionId ?? null,
    question: record.question,
    outcome: record.outcome,
    qaPairId: record.qaPairId ?? null,
    articleId: record.articleId ?? null,
    confidence: record.confidence ?? null,
  });
}
