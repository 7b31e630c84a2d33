import type { QaListQuery, QuestionListQuery } from "@holboo/core";
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { knowledgeQaPairs, knowledgeQuestions } from "../../platform/db/schema.ts";

export type QaRow = typeof knowledgeQaPairs.$inferSelect;
export type QuestionRow = typeof knowledgeQuestions.$inferSelect;

export async function listQaPairs(db: Executor, companyId: number, query: QaListQuery) {
  const conditions: SQL[] = [eq(knowledgeQaPairs.companyId, companyId)];
  if (query.source) conditions.push(eq(knowledgeQaPairs.source, query.source));
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(ilike(knowledgeQaPairs.question, pattern), ilike(knowledgeQaPairs.answer, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(knowledgeQaPairs)
      .where(where)
      .orderBy(desc(knowledgeQaPairs.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(knowledgeQaPairs)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findQaPair(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(knowledgeQaPairs)
    .where(and(eq(knowledgeQaPairs.companyId, companyId), eq(knowledgeQaPairs.id, id)));
  return row ?? null;
}

export async function insertQaPairs(db: Executor, values: (typeof knowledgeQaPairs.$inferInsert)[]) {
  if (!values.length) return [];
  const rows = await db.insert(knowledgeQaPairs).values(values).returning({ id: knowledgeQaPairs.id });
  return rows.map((r) => r.id);
}

export async function updateQaPairs(db: Executor, companyId: number, ids: number[], patch: Partial<typeof knowledgeQaPairs.$inferInsert>) {
  const rows = await db
    .update(knowledgeQaPairs)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(knowledgeQaPairs.companyId, companyId), inArray(knowledgeQaPairs.id, ids)))
    .returning({ id: knowledgeQaPairs.id });
  return rows.map((r) => r.id);
}

export async function deleteQaPair(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(knowledgeQaPairs)
    .where(and(eq(knowledgeQaPairs.companyId, companyId), eq(knowledgeQaPairs.id, id)))
    .returning({ id: knowledgeQaPairs.id });
  return rows.length > 0;
}

/** Replaces an article's auto-generated pairs; pairs a person reviewed stay. */
export async function deleteAutoPairsOf(db: Executor, companyId: number, articleId: number) {
  await db
    .delete(knowledgeQaPairs)
    .where(and(eq(knowledgeQaPairs.companyId, companyId), eq(knowledgeQaPairs.originArticleId, articleId), eq(knowledgeQaPairs.source, "auto")));
}

export async function autoQuestionsOf(db: Executor, companyId: number, articleId: number): Promise<string[]> {
  const rows = await db
    .select({ question: knowledgeQaPairs.question })
    .from(knowledgeQaPairs)
    .where(and(eq(knowledgeQaPairs.companyId, companyId), eq(knowledgeQaPairs.originArticleId, articleId), eq(knowledgeQaPairs.source, "auto")));
  return rows.map((r) => r.question);
}

/** Active pairs an agent answers from: written ones serve every agent, generated ones only with their published article. */
export function activePairsFor(db: Executor, companyId: number, articleIds: number[]) {
  const fromArticle = articleIds.length ? inArray(knowledgeQaPairs.originArticleId, articleIds) : sql`false`;
  return db
    .select()
    .from(knowledgeQaPairs)
    .where(and(eq(knowledgeQaPairs.companyId, companyId), eq(knowledgeQaPairs.active, true), or(isNull(knowledgeQaPairs.originArticleId), fromArticle)));
}

export async function listQuestions(db: Executor, companyId: number, query: QuestionListQuery) {
  const where = and(eq(knowledgeQuestions.companyId, companyId), eq(knowledgeQuestions.outcome, query.outcome));
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(knowledgeQuestions)
      .where(where)
      .orderBy(desc(knowledgeQuestions.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(knowledgeQuestions)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function insertQuestion(db: Executor, values: typeof knowledgeQuestions.$inferInsert) {
  const [row] = await db.insert(knowledgeQuestions).values(values).returning({ id: knowledgeQuestions.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Marks an unresolved "not found" question resolved by a pair; false when there is no such question. */
export async function resolveQuestion(db: Executor, companyId: number, id: number, qaPairId: number) {
  const rows = await db
    .update(knowledgeQuestions)
    .set({ resolvedQaPairId: qaPairId, resolvedAt: sql`now()` })
    .where(
      and(
        eq(knowledgeQuestions.companyId, companyId),
        eq(knowledgeQuestions.id, id),
        eq(knowledgeQuestions.outcome, "not_found"),
        isNull(knowledgeQuestions.resolvedAt),
      ),
    )
    .returning({ id: knowledgeQuestions.id });
  return rows.length > 0;
}

export async function findQuestion(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(knowledgeQuestions)
    .where(and(eq(knowledgeQuestions.companyId, companyId), eq(knowledgeQuestions.id, id)));
  return row ?? null;
}
