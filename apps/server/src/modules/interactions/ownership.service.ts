import type { OwnerType } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { listVirtualAgents } from "../companies/companies.lookup.ts";
import { loadRoleMatrix } from "../../platform/auth/actor.repo.ts";
import { permissionsFor } from "../../platform/auth/policy.ts";
import { assignmentCandidates, lockCompanyForAssignment, queuedInteractions } from "./assignment.repo.ts";
import { appendEvent, type EventRow } from "./events.repo.ts";
import { lockInteraction, updateInteraction, type InteractionRow } from "./interactions.repo.ts";
import { assertMayWork, assertVisible, mayBeAssigned, pickAssignee } from "./interactions.policy.ts";
import type { InteractionAction } from "@holboo/core";
import { publish } from "./publisher.ts";

export interface OwnerChange {
  ownerType: OwnerType;
  assigneeUserId: number | null;
  reason: "assigned" | "auto_assigned" | "queued" | "taken_over" | "handed_back" | "escalated";
  byUserId: number | null;
}

async function personName(db: Executor, companyId: number, userId: number | null) {
  if (!userId) return null;
  const user = await findCompanyUser(db, companyId, userId);
  return user ? { id: user.id, name: fullName(user.firstName, user.lastName) } : null;
}

/**
 * Moves ownership, records it in the thread and as `conversation.assigned` in the same transaction; nothing
 * happens when the owner stays the same.
 */
export async function changeOwner(
  ctx: AppContext,
  db: Executor,
  interaction: InteractionRow,
  change: OwnerChange,
): Promise<{ row: InteractionRow; events: EventRow[] }> {
  if (interaction.ownerType === change.ownerType && interaction.assigneeUserId === change.assigneeUserId) return { row: interaction, events: [] };
  const row =
    (await updateInteraction(db, interaction.companyId, interaction.id, { ownerType: change.ownerType, assigneeUserId: change.assigneeUserId })) ?? interaction;
  await ctx.events.record(db, "conversation.assigned", {
    company_id: row.companyId,
    interaction_id: row.id,
    owner_type: change.ownerType,
    assignee_user_id: change.assigneeUserId,
  });
  const event = await appendEvent(db, interaction.companyId, interaction.id, {
    type: "ownership.changed",
    visibleToContact: true,
    payload: {
      owner_type: change.ownerType,
      assignee: await personName(db, interaction.companyId, change.assigneeUserId),
      previous_owner_type: interaction.ownerType,
      previous_assignee_id: interaction.assigneeUserId,
      by: await personName(db, interaction.companyId, change.byUserId),
      reason: change.reason,
    },
  });
  return { row, events: [event] };
}

/** Gives a human-owned interaction to the least busy online agent under the company's limit, else the queue. */
export async function autoAssign(ctx: AppContext, db: Executor, interaction: InteractionRow, reason: "auto_assigned" | "escalated" = "auto_assigned") {
  const maxOpen = await lockCompanyForAssignment(db, interaction.companyId);
  const matrix = await loadRoleMatrix(db, interaction.companyId);
  const agent = pickAssignee(await assignmentCandidates(db, interaction.companyId), (role) => permissionsFor(role, matrix), maxOpen);
  return changeOwner(
    ctx,
    db,
    interaction,
    agent
      ? { ownerType: "user", assigneeUserId: agent.id, reason, byUserId: null }
      : { ownerType: "queue", assigneeUserId: null, reason: reason === "escalated" ? "escalated" : "queued", byUserId: null },
  );
}

async function mutate(
  ctx: AppContext,
  actor: MemberActor,
  id: number,
  action: InteractionAction,
  apply: (tx: Executor, row: InteractionRow) => Promise<{ row: InteractionRow; events: EventRow[] }>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = assertVisible(actor, await lockInteraction(tx, actor.companyId, id));
    assertMayWork(actor, before, action);
    return { before, ...(await apply(tx, before)) };
  });
  publish(ctx, [result.before, result.row], result.events);
  return result.row;
}

export function assign(ctx: AppContext, actor: MemberActor, id: number, userId: number | null) {
  return mutate(ctx, actor, id, "assign", async (tx, row) => {
    if (userId === null) return changeOwner(ctx, tx, row, { ownerType: "queue", assigneeUserId: null, reason: "queued", byUserId: actor.userId });
    const assignee = await findCompanyUser(tx, actor.companyId, userId);
    if (!assignee || !mayBeAssigned(assignee)) fail("assignee_invalid", { user_id: "assignee_invalid" });
    return changeOwner(ctx, tx, row, { ownerType: "user", assigneeUserId: userId, reason: "assigned", byUserId: actor.userId });
  });
}

/** A person takes the conversation from the AI agent or the queue (or a colleague) at any time. */
export function takeOver(ctx: AppContext, actor: MemberActor, id: number) {
  return mutate(ctx, actor, id, "take_over", (tx, row) =>
    changeOwner(ctx, tx, row, { ownerType: "user", assigneeUserId: actor.userId, reason: "taken_over", byUserId: actor.userId }),
  );
}

export function handBack(ctx: AppContext, actor: MemberActor, id: number) {
  return mutate(ctx, actor, id, "hand_back", async (tx, row) => {
    const agents = await listVirtualAgents(tx, actor.companyId);
    if (!agents.some((agent) => agent.active)) fail("escalate_failed");
    return changeOwner(ctx, tx, row, { ownerType: "ai", assigneeUserId: null, reason: "handed_back", byUserId: actor.userId });
  });
}

/** Bot → human: only an interaction the AI agent owns can be escalated. */
export function escalate(ctx: AppContext, actor: MemberActor, id: number) {
  return mutate(ctx, actor, id, "escalate", (tx, row) => autoAssign(ctx, tx, row, "escalated"));
}

/** The virtual agent hands its conversation to people (asked for a person, or it could not answer). */
export async function escalateToPeople(ctx: AppContext, companyId: number, id: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockInteraction(tx, companyId, id);
    if (!before || before.status !== "open" || before.ownerType !== "ai") return null;
    const cleared = (await updateInteraction(tx, companyId, id, { botState: null })) ?? before;
    return { before, ...(await autoAssign(ctx, tx, cleared, "escalated")) };
  });
  if (result) publish(ctx, [result.before, result.row], result.events);
}

/** When an agent comes online, queued interactions go to whoever has room. */
export async function drainQueue(ctx: AppContext, companyId: number) {
  const queued = await queuedInteractions(ctx.db, companyId, 50);
  for (const { id } of queued) {
    const result = await ctx.db.transaction(async (tx) => {
      const before = await lockInteraction(tx, companyId, id);
      if (!before || before.status !== "open" || before.ownerType !== "queue") return null;
      return { before, ...(await autoAssign(ctx, tx, before)) };
    });
    if (!result) continue;
    publish(ctx, [result.before, result.row], result.events);
    if (result.row.ownerType === "queue") break;
  }
}
