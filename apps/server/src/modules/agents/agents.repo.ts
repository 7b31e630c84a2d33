import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { channels, flows, knowledgeFolderAgents, knowledgeFolders, users, virtualAgents } from "../../platform/db/schema.ts";

export type AgentRow = typeof virtualAgents.$inferSelect;
const withPhoto = { agent: virtualAgents, photoFileId: users.photoFileId };
export type AgentWithPhoto = { agent: AgentRow; photoFileId: string | null };

export function listAgents(db: Executor, companyId: number): Promise<AgentWithPhoto[]> {
  return db
    .select(withPhoto)
    .from(virtualAgents)
    .innerJoin(users, eq(users.id, virtualAgents.userId))
    .where(eq(virtualAgents.companyId, companyId))
    .orderBy(sql`${virtualAgents.isPrimary} desc`, asc(virtualAgents.id));
}

export async function findAgent(db: Executor, companyId: number, id: number): Promise<AgentWithPhoto | null> {
  const [row] = await db
    .select(withPhoto)
    .from(virtualAgents)
    .innerJoin(users, eq(users.id, virtualAgents.userId))
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.id, id)));
  return row ?? null;
}

/** Locks the agent row, so a delete and an edit of the same agent do not interleave. */
export async function lockAgent(db: Executor, companyId: number, id: number): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(virtualAgents)
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.id, id)))
    .for("update");
  return row ?? null;
}

export async function insertAgent(db: Executor, values: typeof virtualAgents.$inferInsert): Promise<AgentRow> {
  const [row] = await db.insert(virtualAgents).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateAgent(db: Executor, companyId: number, id: number, patch: Partial<typeof virtualAgents.$inferInsert>) {
  await db
    .update(virtualAgents)
    .set(patch)
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.id, id)));
}

/** The company's one primary agent becomes this one (the unique index allows one primary at a time). */
export async function makePrimary(db: Executor, companyId: number, id: number) {
  await db
    .update(virtualAgents)
    .set({ isPrimary: false })
    .where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.isPrimary, true)));
  await updateAgent(db, companyId, id, { isPrimary: true });
}

export async function deleteAgent(db: Executor, companyId: number, id: number) {
  await db.delete(virtualAgents).where(and(eq(virtualAgents.companyId, companyId), eq(virtualAgents.id, id)));
}

export function channelsServedBy(db: Executor, companyId: number) {
  return db
    .select({ id: channels.id, name: channels.name, type: channels.type, agentId: channels.agentId, agentActive: channels.agentActive })
    .from(channels)
    .where(and(eq(channels.companyId, companyId), sql`${channels.agentId} is not null`))
    .orderBy(asc(channels.id));
}

/** The company's channels among these ids, locked while their serving agent is decided. */
export function lockChannels(db: Executor, companyId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: channels.id, type: channels.type, agentId: channels.agentId, agentActive: channels.agentActive })
    .from(channels)
    .where(and(eq(channels.companyId, companyId), inArray(channels.id, ids)))
    .for("update");
}

/** The agent serves exactly these channels (started or ended); channels it no longer serves have no agent. */
export async function setAgentChannels(db: Executor, companyId: number, agentId: number, wanted: { channelId: number; active: boolean }[]) {
  const kept = wanted.map((w) => w.channelId);
  await db
    .update(channels)
    .set({ agentId: null, agentActive: false, updatedAt: new Date() })
    .where(and(eq(channels.companyId, companyId), eq(channels.agentId, agentId), ...(kept.length ? [notInArray(channels.id, kept)] : [])));
  for (const { channelId, active } of wanted) {
    await db
      .update(channels)
      .set({ agentId, agentActive: active, updatedAt: new Date() })
      .where(and(eq(channels.companyId, companyId), eq(channels.id, channelId)));
  }
}

export function foldersOfAgents(db: Executor, companyId: number) {
  return db
    .select({ agentId: knowledgeFolderAgents.agentId, id: knowledgeFolders.id, name: knowledgeFolders.name })
    .from(knowledgeFolderAgents)
    .innerJoin(knowledgeFolders, and(eq(knowledgeFolders.companyId, knowledgeFolderAgents.companyId), eq(knowledgeFolders.id, knowledgeFolderAgents.folderId)))
    .where(eq(knowledgeFolderAgents.companyId, companyId))
    .orderBy(asc(knowledgeFolders.name));
}

export async function companyFolderIds(db: Executor, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: knowledgeFolders.id })
    .from(knowledgeFolders)
    .where(and(eq(knowledgeFolders.companyId, companyId), inArray(knowledgeFolders.id, ids)));
  return rows.map((row) => row.id);
}

/** The agent answers from exactly these folders. */
export async function setAgentFolders(db: Executor, companyId: number, agentId: number, folderIds: number[]) {
  await db
    .delete(knowledgeFolderAgents)
    .where(
      and(
        eq(knowledgeFolderAgents.companyId, companyId),
        eq(knowledgeFolderAgents.agentId, agentId),
        ...(folderIds.length ? [notInArray(knowledgeFolderAgents.folderId, folderIds)] : []),
      ),
    );
  if (folderIds.length) {
    await db
      .insert(knowledgeFolderAgents)
      .values(folderIds.map((folderId) => ({ companyId, folderId, agentId })))
      .onConflictDoNothing();
  }
}

/** Every folder the first agent answers from is also answered from by the second. */
export async function transferFolders(db: Executor, companyId: number, fromAgentId: number, toAgentId: number) {
  await db.execute(sql`
    insert into ${knowledgeFolderAgents} (company_id, folder_id, agent_id)
    select company_id, folder_id, ${toAgentId} from ${knowledgeFolderAgents}
    where company_id = ${companyId} and agent_id = ${fromAgentId}
    on conflict do nothing`);
}

export function flowsOfAgents(db: Executor, companyId: number) {
  return db
    .select({ agentId: flows.agentId, id: flows.id, title: flows.title, status: flows.status })
    .from(flows)
    .where(eq(flows.companyId, companyId))
    .orderBy(asc(flows.title));
}
