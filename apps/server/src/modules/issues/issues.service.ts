import {
  ISSUE_FINISHED_STATUSES,
  LIMITS,
  canMoveIssue,
  fullName,
  type CreateIssueData,
  type IssueDetailView,
  type IssueListQuery,
  type IssueNotification,
  type IssueStatus,
  type UpdateIssueData,
} from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { checkAssignee, checkIssueRefs } from "./issue-refs.service.ts";
import { assertMayAssign, assertMayChangeIssue, assertVisible, seesAll, seesDirectly } from "./issues.policy.ts";
import { contactRef, presentComment, presentEvent, presentIssue, refIndex, userRef } from "./issues.presenter.ts";
import * as repo from "./issues.repo.ts";

const endedAtFor = (status: IssueStatus, before: Date | null) => (ISSUE_FINISHED_STATUSES.includes(status) ? (before ?? new Date()) : null);

/** The issue if the actor may see it (issues.policy.ts), else issue_not_found; `forUpdate` locks the row. */
async function visibleIssue(db: Executor, actor: MemberActor, id: number, forUpdate = false): Promise<repo.IssueRow> {
  const issue = await repo.findIssue(db, actor.companyId, id, forUpdate);
  const mentioned = issue && !seesDirectly(actor, issue) && (await repo.isMentioned(db, actor.companyId, id, actor.userId));
  return assertVisible(actor, issue, () => Boolean(mentioned));
}

async function present(db: Executor, actor: MemberActor, row: repo.IssueRow) {
  return presentIssue(row, refIndex(await repo.loadRefs(db, actor.companyId, [row])), actor);
}

/** Tells a person, live in the app, that an issue is theirs or that they were mentioned (after commit). */
async function notify(ctx: AppContext, actor: MemberActor, userIds: number[], reason: IssueNotification["reason"], issue: repo.IssueRow) {
  const targets = [...new Set(userIds)].filter((id) => id !== actor.userId);
  if (!targets.length) return;
  const me = await findCompanyUser(ctx.db, actor.companyId, actor.userId);
  const payload: IssueNotification = { reason, issue_id: issue.id, number: issue.number, name: issue.name, by: fullName(me?.firstName, me?.lastName) };
  ctx.realtime.toStaff(
    targets.map((id) => `u${id}`),
    "issue.notify",
    payload,
  );
}

export async function list(ctx: AppContext, actor: MemberActor, query: IssueListQuery) {
  const { rows, total } = await repo.listIssues(ctx.db, actor.companyId, query, seesAll(actor) ? null : actor.userId);
  const refs = refIndex(await repo.loadRefs(ctx.db, actor.companyId, rows));
  return { items: rows.map((row) => presentIssue(row, refs, actor)), total };
}

export async function detail(ctx: AppContext, actor: MemberActor, id: number): Promise<IssueDetailView> {
  const row = await visibleIssue(ctx.db, actor, id);
  const [comments, events] = await Promise.all([repo.listComments(ctx.db, actor.companyId, id), repo.listEvents(ctx.db, actor.companyId, id)]);
  const people = [...comments.flatMap((c) => [...c.mentionIds, c.authorUserId ?? 0]), ...events.map((e) => e.actorUserId ?? 0)];
  const refs = refIndex(await repo.loadRefs(ctx.db, actor.companyId, [row], people));
  return { ...presentIssue(row, refs, actor), comments: comments.map((c) => presentComment(c, refs)), history: events.map((e) => presentEvent(e, refs)) };
}

export async function create(ctx: AppContext, actor: MemberActor, input: CreateIssueData) {
  assertMayAssign(actor, input.assignee_id);
  const row = await ctx.db.transaction(async (tx) => {
    const attachments = await checkIssueRefs(tx, actor, input);
    await checkAssignee(tx, actor.companyId, input.assignee_id);
    const created = await repo.insertIssue(tx, {
      companyId: actor.companyId,
      number: await repo.nextNumber(tx, actor.companyId),
      name: input.name,
      reasonId: input.reason_id,
      typeId: input.type_id,
      priority: input.priority,
      status: input.status,
      description: input.description,
      contactId: input.contact_id,
      channelId: input.channel_id,
      interactionId: input.interaction_id,
      assigneeUserId: input.assignee_id,
      createdByUserId: actor.userId,
      registeredAt: input.registered_at ? new Date(input.registered_at) : new Date(),
      dueAt: input.due_at ? new Date(input.due_at) : null,
      endedAt: endedAtFor(input.status, null),
      attachments,
    });
    await repo.setTags(tx, actor.companyId, created.id, [...new Set(input.tag_ids)]);
    await repo.insertEvent(tx, {
      companyId: actor.companyId,
      issueId: created.id,
      actorUserId: actor.userId,
      type: "created",
      payload: { number: created.number },
    });
    return created;
  });
  await notify(ctx, actor, [input.assignee_id], "assigned", row);
  return present(ctx.db, actor, row);
}

/**
 * An issue the virtual agent opens from a flow's response card (spec §3): open, unassigned (people with
 * issue.view_all see it), about the conversation's customer and channel, created by the agent's user. It is
 * written in the caller's transaction, with the flow step that caused it, so a retried turn cannot open it twice.
 */
export async function createForAgent(
  tx: Executor,
  input: { companyId: number; agentUserId: number; name: string; description: string; contactId: number; channelId: number | null; interactionId: number },
) {
  const created = await repo.insertIssue(tx, {
    companyId: input.companyId,
    number: await repo.nextNumber(tx, input.companyId),
    name: input.name.slice(0, LIMITS.issueNameMaxChars),
    priority: "medium",
    status: "open",
    description: input.description.slice(0, LIMITS.issueDescriptionMaxChars),
    contactId: input.contactId,
    channelId: input.channelId,
    interactionId: input.interactionId,
    assigneeUserId: null,
    createdByUserId: input.agentUserId,
    registeredAt: new Date(),
    attachments: [],
  });
  await repo.insertEvent(tx, {
    companyId: input.companyId,
    issueId: created.id,
    actorUserId: input.agentUserId,
    type: "created",
    payload: { number: created.number },
  });
  return created;
}

const FIELD_NAMES = [
  "name",
  "reason_id",
  "type_id",
  "priority",
  "description",
  "contact_id",
  "channel_id",
  "interaction_id",
  "registered_at",
  "due_at",
  "attachments",
  "tag_ids",
] as const;

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: UpdateIssueData) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await visibleIssue(tx, actor, id, true);
    assertMayChangeIssue(actor, "edit");
    const attachments = await checkIssueRefs(tx, actor, input);
    const beforeTags = (await repo.tagIdsOf(tx, actor.companyId, id)).sort((x, y) => x - y);
    const tagIds = [...new Set(input.tag_ids)].sort((x, y) => x - y);
    const after = await repo.updateIssue(tx, actor.companyId, id, {
      name: input.name,
      reasonId: input.reason_id,
      typeId: input.type_id,
      priority: input.priority,
      description: input.description,
      contactId: input.contact_id,
      channelId: input.channel_id,
      interactionId: input.interaction_id,
      registeredAt: input.registered_at ? new Date(input.registered_at) : before.registeredAt,
      dueAt: input.due_at ? new Date(input.due_at) : null,
      attachments,
    });
    await repo.setTags(tx, actor.companyId, id, tagIds);
    const snapshot = (r: repo.IssueRow, tags: number[]) => ({
      name: r.name,
      reason_id: r.reasonId,
      type_id: r.typeId,
      priority: r.priority,
      description: r.description,
      contact_id: r.contactId,
      channel_id: r.channelId,
      interaction_id: r.interactionId,
      registered_at: r.registeredAt.getTime(),
      due_at: r.dueAt?.getTime() ?? null,
      attachments: r.attachments.map((a) => a.file_id).join(),
      tag_ids: tags.join(),
    });
    const [was, now] = [snapshot(before, beforeTags), snapshot(after, tagIds)];
    const fields = FIELD_NAMES.filter((field) => was[field] !== now[field]);
    if (fields.length) await repo.insertEvent(tx, { companyId: actor.companyId, issueId: id, actorUserId: actor.userId, type: "updated", payload: { fields } });
    return after;
  });
  return present(ctx.db, actor, row);
}

/** Moves an issue along the lifecycle (ISSUE_TRANSITIONS); resolving or closing sets the end date, reopening clears it. */
export async function changeStatus(ctx: AppContext, actor: MemberActor, id: number, status: IssueStatus) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await visibleIssue(tx, actor, id, true);
    assertMayChangeIssue(actor, "change_status");
    const from = before.status as IssueStatus;
    if (from === status) return before;
    if (!canMoveIssue(from, status)) fail("issue_status_transition_invalid", { status: "issue_status_transition_invalid" });
    const after = await repo.updateIssue(tx, actor.companyId, id, { status, endedAt: endedAtFor(status, before.endedAt) });
    await repo.insertEvent(tx, { companyId: actor.companyId, issueId: id, actorUserId: actor.userId, type: "status_changed", payload: { from, to: status } });
    return after;
  });
  return present(ctx.db, actor, row);
}

export async function assign(ctx: AppContext, actor: MemberActor, id: number, assigneeId: number) {
  const { row, changed } = await ctx.db.transaction(async (tx) => {
    const before = await visibleIssue(tx, actor, id, true);
    assertMayChangeIssue(actor, "assign");
    if (before.assigneeUserId === assigneeId) return { row: before, changed: false };
    await checkAssignee(tx, actor.companyId, assigneeId);
    const after = await repo.updateIssue(tx, actor.companyId, id, { assigneeUserId: assigneeId });
    await repo.insertEvent(tx, {
      companyId: actor.companyId,
      issueId: id,
      actorUserId: actor.userId,
      type: "assigned",
      payload: { from: before.assigneeUserId, to: assigneeId },
    });
    return { row: after, changed: true };
  });
  if (changed) await notify(ctx, actor, [assigneeId], "assigned", row);
  return present(ctx.db, actor, row);
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  await visibleIssue(ctx.db, actor, id);
  assertMayChangeIssue(actor, "delete");
  await repo.deleteIssue(ctx.db, actor.companyId, id);
  return { ok: true as const };
}

/** A comment (issue.edit) by anyone who sees the issue; each mentioned colleague (an active person of the company) is notified. */
export async function comment(ctx: AppContext, actor: MemberActor, id: number, body: string, mentionIds: number[]) {
  const mentions = [...new Set(mentionIds)];
  const { issue, created } = await ctx.db.transaction(async (tx) => {
    const issue = await visibleIssue(tx, actor, id, true);
    assertMayChangeIssue(actor, "comment");
    if ((await repo.activeColleagues(tx, actor.companyId, mentions)).length !== mentions.length)
      fail("issue_mention_invalid", { mention_ids: "issue_mention_invalid" });
    const created = await repo.insertComment(tx, { companyId: actor.companyId, issueId: id, authorUserId: actor.userId, body, mentionIds: mentions });
    await repo.insertEvent(tx, { companyId: actor.companyId, issueId: id, actorUserId: actor.userId, type: "commented", payload: { comment_id: created.id } });
    return { issue, created };
  });
  await notify(ctx, actor, mentions, "mentioned", issue);
  const refs = refIndex(await repo.loadRefs(ctx.db, actor.companyId, [], [actor.userId, ...mentions]));
  return presentComment(created, refs);
}

export async function people(ctx: AppContext, actor: MemberActor) {
  const rows = await repo.listPeople(ctx.db, actor.companyId);
  return { items: rows.map(userRef), total: rows.length };
}

export async function contactOptions(ctx: AppContext, actor: MemberActor, search: string) {
  const rows = await repo.searchContacts(ctx.db, actor.companyId, search, 20);
  return { items: rows.map(contactRef), total: rows.length };
}
