import type { ArticleListQuery } from "@holboo/core";
import { and, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { knowledgeArticles, knowledgeFolderAgents, users } from "../../platform/db/schema.ts";

const { content: _content, plainText: _plainText, ...summaryColumns } = getTableColumns(knowledgeArticles);
const withAuthor = { authorFirst: users.firstName, authorLast: users.lastName };
const charCount = sql<number>`char_length(${knowledgeArticles.plainText})::int`;

export async function listArticles(db: Executor, companyId: number, query: ArticleListQuery) {
  const conditions: SQL[] = [eq(knowledgeArticles.companyId, companyId)];
  if (query.folder_id) conditions.push(eq(knowledgeArticles.folderId, query.folder_id));
  if (query.status) conditions.push(eq(knowledgeArticles.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(ilike(knowledgeArticles.name, pattern), ilike(knowledgeArticles.plainText, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, [count]] = await Promise.all([
    db
      .select({ article: summaryColumns, charCount, ...withAuthor })
      .from(knowledgeArticles)
      .leftJoin(users, eq(users.id, knowledgeArticles.updatedByUserId))
      .where(where)
      .orderBy(desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(knowledgeArticles)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findArticle(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ article: knowledgeArticles, charCount, ...withAuthor })
    .from(knowledgeArticles)
    .leftJoin(users, eq(users.id, knowledgeArticles.updatedByUserId))
    .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeArticles.id, id)));
  return row ?? null;
}

/** Which of `ids` are the company's articles. */
export async function existingArticleIds(db: Executor, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: knowledgeArticles.id })
    .from(knowledgeArticles)
    .where(and(eq(knowledgeArticles.companyId, companyId), inArray(knowledgeArticles.id, ids)));
  return rows.map((r) => r.id);
}

export async function countArticles(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(knowledgeArticles)
    .where(eq(knowledgeArticles.companyId, companyId));
  return row?.total ?? 0;
}

export async function insertArticle(db: Executor, values: typeof knowledgeArticles.$inferInsert) {
  const [row] = await db.insert(knowledgeArticles).values(values).returning({ id: knowledgeArticles.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateArticle(db: Executor, companyId: number, id: number, patch: Partial<typeof knowledgeArticles.$inferInsert>) {
  const [row] = await db
    .update(knowledgeArticles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeArticles.id, id)))
    .returning();
  return row ?? null;
}

/** The article row, locked until the transaction ends (so it cannot change meanwhile). */
export async function lockArticle(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(knowledgeArticles)
    .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeArticles.id, id)))
    .for("update");
  return row ?? null;
}

export async function deleteArticle(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(knowledgeArticles)
    .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeArticles.id, id)))
    .returning({ id: knowledgeArticles.id });
  return rows.length > 0;
}

/** Published articles in the folders assigned to the agent. */
export function publishedArticlesOfAgent(db: Executor, companyId: number, agentId: number) {
  return db
    .selectDistinct({ id: knowledgeArticles.id, name: knowledgeArticles.name, content: knowledgeArticles.content })
    .from(knowledgeArticles)
    .innerJoin(
      knowledgeFolderAgents,
      and(eq(knowledgeFolderAgents.companyId, knowledgeArticles.companyId), eq(knowledgeFolderAgents.folderId, knowledgeArticles.folderId)),
    )
    .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeFolderAgents.agentId, agentId), eq(knowledgeArticles.status, "published")));
}
