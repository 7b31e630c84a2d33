import type { AgentDeleteInput, AgentInput, AgentUpdateInput, AgentView } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { sniffImageType } from "../companies/companies.service.ts";
import { deleteFile, insertFile } from "../companies/companies.lookup.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { agentHeldUntilInvoice, recordAgentAdded, recordAgentRemoved } from "../billing/agent-billing.service.ts";
import { assertWithinLimit } from "../billing/limits.service.ts";
import { insertUser, updateCompanyUser } from "../users/users.lookup.ts";
import { agentServesChannel, assertAgentRemovable, canRemoveAgent } from "./agents.policy.ts";
import { presentAgent, type AgentLinks } from "./agents.presenter.ts";
import * as repo from "./agents.repo.ts";

async function links(db: Executor, companyId: number): Promise<AgentLinks> {
  const [channels, folders, flows] = await Promise.all([
    repo.channelsServedBy(db, companyId),
    repo.foldersOfAgents(db, companyId),
    repo.flowsOfAgents(db, companyId),
  ]);
  return { channels, folders, flows };
}

export async function list(ctx: AppContext, actor: MemberActor): Promise<{ items: AgentView[] }> {
  const [rows, linked] = await Promise.all([repo.listAgents(ctx.db, actor.companyId), links(ctx.db, actor.companyId)]);
  const held = await Promise.all(rows.map((row) => agentHeldUntilInvoice(ctx.db, actor.companyId, row.agent.id)));
  return { items: rows.map((row, i) => presentAgent(row, linked, canRemoveAgent(row.agent, held[i] ?? false))) };
}

export async function get(ctx: AppContext, actor: MemberActor, id: number): Promise<AgentView> {
  const row = (await repo.findAgent(ctx.db, actor.companyId, id)) ?? fail("virtual_agent_not_found");
  const held = await agentHeldUntilInvoice(ctx.db, actor.companyId, id);
  return presentAgent(row, await links(ctx.db, actor.companyId), canRemoveAgent(row.agent, held));
}

/**
 * The channels an agent serves: each a channel of the company that fits its type, and not one another
 * agent has started (one active agent per channel: end it there first).
 */
async function assignChannels(tx: Executor, companyId: number, agent: { id: number; agentType: string }, input: AgentInput) {
  const wanted = new Map(input.channels.map((c) => [c.channel_id, c.active]));
  const found = await repo.lockChannels(tx, companyId, [...wanted.keys()]);
  if (found.length !== wanted.size) fail("channel_not_found", { channels: "channel_not_found" });
  for (const channel of found) {
    if (!agentServesChannel(agent.agentType, channel.type)) fail("agent_channel_type_mismatch", { channels: "agent_channel_type_mismatch" });
    if (channel.agentId !== null && channel.agentId !== agent.id && channel.agentActive) fail("agent_channel_taken", { channels: "agent_channel_taken" });
  }
  await repo.setAgentChannels(
    tx,
    companyId,
    agent.id,
    [...wanted].map(([channelId, active]) => ({ channelId, active })),
  );
}

async function assignFolders(tx: Executor, companyId: number, agentId: number, folderIds: number[]) {
  const unique = [...new Set(folderIds)];
  if ((await repo.companyFolderIds(tx, companyId, unique)).length !== unique.length) fail("agent_folders_invalid", { folder_ids: "agent_folders_invalid" });
  await repo.setAgentFolders(tx, companyId, agentId, unique);
}

/**
 * Adds an additional agent (the primary one is made at onboarding): its user (whose name and photo its
 * messages carry), its channels and its knowledge folders, in one transaction. Every new agent is made here,
 * so the package's agent-count limit belongs here too.
 */
export async function create(ctx: AppContext, actor: MemberActor, input: AgentInput): Promise<AgentView> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "agents");
    const user = await insertUser(tx, {
      companyId: actor.companyId,
      firstName: input.name,
      lastName: "",
      role: "agent",
      userType: "virtual_agent",
      isApprovedBySuperadmin: true,
    });
    const agent = await repo.insertAgent(tx, {
      companyId: actor.companyId,
      userId: user.id,
      name: input.name,
      agentType: input.agent_type,
      isPrimary: false,
      active: input.active,
    });
    await recordAgentAdded(tx, actor.companyId, { id: agent.id, name: agent.name, isPrimary: false });
    await assignChannels(tx, actor.companyId, agent, input);
    await assignFolders(tx, actor.companyId, agent.id, input.folder_ids);
    await recordAudit(tx, actor, {
      action: "virtual_agent.create",
      targetType: "virtual_agent",
      targetId: agent.id,
      after: { name: input.name, type: input.agent_type, active: input.active },
    });
    return agent.id;
  });
  ctx.knowledge.changed(actor.companyId);
  return get(ctx, actor, id);
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: AgentUpdateInput): Promise<AgentView> {
  await ctx.db.transaction(async (tx) => {
    const agent = (await repo.lockAgent(tx, actor.companyId, id)) ?? fail("virtual_agent_not_found");
    await repo.updateAgent(tx, actor.companyId, id, { name: input.name, agentType: input.agent_type, active: input.active });
    await updateCompanyUser(tx, actor.companyId, agent.userId, { firstName: input.name });
    if (input.is_primary && !agent.isPrimary) await repo.makePrimary(tx, actor.companyId, id);
    await assignChannels(tx, actor.companyId, { id, agentType: input.agent_type }, input);
    await assignFolders(tx, actor.companyId, id, input.folder_ids);
    await recordAudit(tx, actor, {
      action: "virtual_agent.update",
      targetType: "virtual_agent",
      targetId: id,
      before: { name: agent.name, type: agent.agentType, active: agent.active },
      after: { name: input.name, type: input.agent_type, active: input.active },
    });
  });
  ctx.knowledge.changed(actor.companyId);
  ctx.flowQuestions.changed(actor.companyId);
  return get(ctx, actor, id);
}

/** The photo is the agent's user's photo: an image of at most 1 MB, its type sniffed from its bytes. */
export async function uploadPhoto(ctx: AppContext, actor: MemberActor, id: number, data: Buffer, truncated: boolean): Promise<AgentView> {
  if (truncated || data.length > LIMITS.logoBytes) fail("agent_photo_too_large");
  const mime = sniffImageType(data) ?? fail("agent_photo_not_image");
  await ctx.db.transaction(async (tx) => {
    const found = (await repo.findAgent(tx, actor.companyId, id)) ?? fail("virtual_agent_not_found");
    const fileId = await insertFile(tx, actor.companyId, mime, data);
    await updateCompanyUser(tx, actor.companyId, found.agent.userId, { photoFileId: fileId });
    if (found.photoFileId) await deleteFile(tx, actor.companyId, found.photoFileId);
  });
  return get(ctx, actor, id);
}

/**
 * Deleting an agent deletes its flows (the foreign key cascades) and frees its channels; its knowledge
 * folders go to the agent named in the same dialog, else they stop being used by it. Its user stays, so
 * past messages keep their author, but is made inactive.
 */
export async function remove(ctx: AppContext, actor: MemberActor, id: number, input: AgentDeleteInput) {
  await ctx.db.transaction(async (tx) => {
    const agent = (await repo.lockAgent(tx, actor.companyId, id)) ?? fail("virtual_agent_not_found");
    assertAgentRemovable(agent, await agentHeldUntilInvoice(tx, actor.companyId, id));
    if (input.transfer_to !== null) {
      if (input.transfer_to === id || !(await repo.lockAgent(tx, actor.companyId, input.transfer_to))) {
        fail("agent_transfer_invalid", { transfer_to: "agent_transfer_invalid" });
      }
      await repo.transferFolders(tx, actor.companyId, id, input.transfer_to);
    }
    await recordAgentRemoved(tx, actor.companyId, id);
    await recordAudit(tx, actor, {
      action: "virtual_agent.delete",
      targetType: "virtual_agent",
      targetId: id,
      before: { name: agent.name, type: agent.agentType },
      after: input.transfer_to === null ? null : { transfer_to: input.transfer_to },
    });
    await repo.deleteAgent(tx, actor.companyId, id);
    await updateCompanyUser(tx, actor.companyId, agent.userId, { status: "inactive" });
  });
  ctx.knowledge.changed(actor.companyId);
  ctx.flowQuestions.changed(actor.companyId);
  return { ok: true as const };
}
