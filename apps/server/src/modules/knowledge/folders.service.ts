import type { FolderInput, FolderView } from "@holboo/core";
import { isDeleteWord } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./folders.repo.ts";
import { presentFolders } from "./knowledge.presenter.ts";
import { changedFields, recordAudit } from "../audit/audit.service.ts";

// What other features read and write of this one: the repository functions they may call, named here so
// the rest of the repository stays private to the feature (ARCHITECTURE.md, "Boundaries").
export { primaryAgentId } from "./folders.repo.ts";

/** A folder as the audit log keeps it: which agents answer from it is the setting that matters. */
const audited = (folder: { name: string; parentId: number | null }, agentIds: number[]) => ({
  name: folder.name,
  parent_id: folder.parentId,
  agent_ids: [...agentIds].sort((a, b) => a - b).map(String),
});

const duplicateName = () => fail("knowledge_folder_name_duplicate", { name: "knowledge_folder_name_duplicate" });

export async function list(ctx: AppContext, actor: MemberActor): Promise<{ items: FolderView[] }> {
  return { items: presentFolders(await repo.listFolders(ctx.db, actor.companyId)) };
}

async function view(db: Executor, companyId: number, id: number): Promise<FolderView> {
  const folder = presentFolders(await repo.listFolders(db, companyId)).find((f) => f.id === id);
  return folder ?? fail("knowledge_folder_not_found");
}

/** The agents a folder is assigned to: those given (all the company's), else the parent's, else the primary agent. */
async function agentsFor(db: Executor, companyId: number, requested: number[] | undefined, parentId: number | null): Promise<number[]> {
  if (requested?.length) {
    const found = await repo.companyAgents(db, companyId, requested);
    if (found.length !== new Set(requested).size) fail("knowledge_agents_invalid", { agent_ids: "knowledge_agents_invalid" });
    return found.map((a) => a.id);
  }
  if (parentId !== null) {
    const inherited = await repo.folderAgentIds(db, companyId, parentId);
    if (inherited.length) return inherited;
  }
  const primary = await repo.primaryAgentId(db, companyId);
  return primary === null ? [] : [primary];
}

async function assertParent(db: Executor, companyId: number, parentId: number | null, folderId?: number) {
  if (parentId === null) return;
  if (!(await repo.findFolder(db, companyId, parentId))) fail("knowledge_folder_parent_invalid", { parent_id: "knowledge_folder_parent_invalid" });
  // A folder cannot move into itself or below itself.
  if (folderId !== undefined && (await repo.subtreeIds(db, companyId, folderId)).includes(parentId)) {
    fail("knowledge_folder_parent_invalid", { parent_id: "knowledge_folder_parent_invalid" });
  }
}

export async function create(ctx: AppContext, actor: MemberActor, input: FolderInput) {
  const id = await ctx.db.transaction(async (tx) => {
    await assertParent(tx, actor.companyId, input.parent_id);
    const agentIds = await agentsFor(tx, actor.companyId, input.agent_ids, input.parent_id);
    const folderId = await onUniqueViolation(repo.insertFolder(tx, { companyId: actor.companyId, name: input.name, parentId: input.parent_id }), duplicateName);
    await repo.setFolderAgents(tx, actor.companyId, folderId, agentIds);
    await recordAudit(tx, actor, {
      action: "knowledge_folder.create",
      targetType: "knowledge_folder",
      targetId: folderId,
      after: audited({ name: input.name, parentId: input.parent_id }, agentIds),
    });
    return folderId;
  });
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, id);
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: FolderInput) {
  await ctx.db.transaction(async (tx) => {
    const before = (await repo.findFolder(tx, actor.companyId, id)) ?? fail("knowledge_folder_not_found");
    const agentsBefore = await repo.folderAgentIds(tx, actor.companyId, id);
    await assertParent(tx, actor.companyId, input.parent_id, id);
    await onUniqueViolation(repo.updateFolder(tx, actor.companyId, id, { name: input.name, parentId: input.parent_id }), duplicateName);
    const agentsAfter = input.agent_ids ? await agentsFor(tx, actor.companyId, input.agent_ids, input.parent_id) : agentsBefore;
    if (input.agent_ids) await repo.setFolderAgents(tx, actor.companyId, id, agentsAfter);
    const change = changedFields(audited(before, agentsBefore), audited({ name: input.name, parentId: input.parent_id }, agentsAfter));
    if (change) await recordAudit(tx, actor, { action: "knowledge_folder.update", targetType: "knowledge_folder", targetId: id, ...change });
  });
  ctx.knowledge.changed(actor.companyId);
  return view(ctx.db, actor.companyId, id);
}

/** Deleting a folder deletes its sub-folders and articles; the person must type the delete word (checked here). */
export async function remove(ctx: AppContext, actor: MemberActor, id: number, confirmWord: string) {
  if (!(await repo.findFolder(ctx.db, actor.companyId, id))) fail("knowledge_folder_not_found");
  if (!isDeleteWord(confirmWord)) fail("delete_word_mismatch", { confirm_word: "delete_word_mismatch" });
  await ctx.db.transaction(async (tx) => {
    const before = (await repo.findFolder(tx, actor.companyId, id)) ?? fail("knowledge_folder_not_found");
    const agents = await repo.folderAgentIds(tx, actor.companyId, id);
    if (!(await repo.deleteFolder(tx, actor.companyId, id))) fail("knowledge_folder_not_found");
    await recordAudit(tx, actor, { action: "knowledge_folder.delete", targetType: "knowledge_folder", targetId: id, before: audited(before, agents) });
  });
  ctx.knowledge.changed(actor.companyId);
  return { ok: true as const };
}
