import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { knowledgeArticles, knowledgeFolderAgents, knowledgeFolders, virtualAgents } from "../../platform/db/schema.ts";

export async function listFolders(db: Executor, companyId: number) {
  const [folders, agents, counts] = await Promise.all([
    db.select().from(knowledgeFolders).where(eq(knowledgeFolders.companyId, companyId)).orderBy(asc(knowledgeFolders.name), asc(knowledgeFolders.id)),
    db.select().from(knowledgeFolderAgents).where(eq(knowledgeFolderAgents.companyId, companyId)),
    db
      .select({ folderId: knowledgeArticles.folderId, count: sql<number>`count(*)::int` })
      .from(knowledgeArticles)
      .where(eq(knowledgeArticles.companyId, companyId))
      .groupBy(knowledgeArticles.folderId),
  ]);
  return { folders, agents, counts };
}

export async function findFolder(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(knowledgeFolders)
    .where(and(eq(knowledgeFolders.companyId, companyId), eq(knowledgeFolders.id, id)));
  return row ?? null;
}

export async function folderAgentIds(db: Executor, companyId: number, folderId: number): Promise<number[]> {
  const rows = await db
    .select({ agentId: knowledgeFolderAgents.agentId })
    .from(knowledgeFolderAgents)
    .where(and(eq(knowledgeFolderAgents.companyId, companyId), eq(knowledgeFolderAgents.folderId, folderId)))
    .orderBy(asc(knowledgeFolderAgents.agentId));
  return rows.map((r) => r.agentId);
}

/** The company's agents among `ids`, and its primary agent. */
export async function companyAgents(db: Executor, companyId: number, ids: number[]) {
  const rows = await db
    .select({ id: virtualAgents.id, isPrimary: virtualAgents.isPrimary })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.companyId, companyId), ids.length ? inArray(virtualAgents.id, ids) : eq(virtualAgents.isPrimary, true)));
  return rows;
}

export async function primaryAgentId(db: Executor, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: virtualAgents.id })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.isPrimary, true)));
  return row?.id ?? null;
}

export async function insertFolder(db: Executor, values: typeof knowledgeFolders.$inferInsert) {
  const [row] = await db.insert(knowledgeFolders).values(values).returning({ id: knowledgeFolders.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateFolder(db: Executor, companyId: number, id: number, patch: { name: string; parentId: number | null }) {
  const rows = await db
    .update(knowledgeFolders)
    .set(patch)
    .where(and(eq(knowledgeFolders.companyId, companyId), eq(knowledgeFolders.id, id)))
    .returning({ id: knowledgeFolders.id });
  return rows.length > 0;
}

export async function setFolderAgents(db: Executor, companyId: number, folderId: number, agentIds: number[]) {
  await db.delete(knowledgeFolderAgents).where(and(eq(knowledgeFolderAgents.companyId, companyId), eq(knowledgeFolderAgents.folderId, folderId)));
  if (agentIds.length) await db.insert(knowledgeFolderAgents).values(agentIds.map((agentId) => ({ companyId, folderId, agentId })));
}

/** The folder and every folder below it. */
export async function subtreeIds(db: Executor, companyId: number, folderId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE tree AS (
      SELECT id FROM knowledge_folders WHERE company_id = ${companyId} AND id = ${folderId}
      UNION ALL
      SELECT f.id FROM knowledge_folders f JOIN tree ON f.parent_id = tree.id WHERE f.company_id = ${companyId}
    ) SELECT id FROM tree`);
  return result.rows.map((r) => Number(r.id));
}

export async function deleteFolder(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(knowledgeFolders)
    .where(and(eq(knowledgeFolders.companyId, companyId), eq(knowledgeFolders.id, id)))
    .returning({ id: knowledgeFolders.id });
  return rows.length > 0;
}
