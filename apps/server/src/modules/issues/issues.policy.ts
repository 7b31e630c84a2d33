import type { IssueAbilities, IssueAction, Permission } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import type { IssueRow } from "./issues.repo.ts";

/**
 * Who sees an issue (spec §6 "view all"): members with issue.view_all see every issue of the company;
 * the others only those assigned to them, created by them or where a comment mentions them (so a
 * colleague asked for help can read and answer). An invisible issue answers 404.
 */
export const seesAll = (actor: MemberActor) => actor.permissions.has("issue.view_all");

/** Whether the actor sees the issue without looking at its comments. */
export function seesDirectly(actor: MemberActor, issue: IssueRow): boolean {
  if (issue.companyId !== actor.companyId) return false;
  return seesAll(actor) || issue.assigneeUserId === actor.userId || issue.createdByUserId === actor.userId;
}

export function assertVisible(actor: MemberActor, issue: IssueRow | null, mentioned: (issue: IssueRow) => boolean = () => false): IssueRow {
  if (!issue || !(seesDirectly(actor, issue) || (issue.companyId === actor.companyId && mentioned(issue)))) return fail("issue_not_found");
  return issue;
}

/** Giving an issue to someone else needs issue.assign; anyone who creates one may take it themselves. */
export function assertMayAssign(actor: MemberActor, assigneeId: number): void {
  if (assigneeId !== actor.userId && !actor.permissions.has("issue.assign")) fail("forbidden");
}

/** Which permission each action on a visible issue needs (spec §6): status and comments go with editing. */
const PERMISSION_FOR: Record<IssueAction, Permission> = {
  edit: "issue.edit",
  change_status: "issue.edit",
  assign: "issue.assign",
  comment: "issue.edit",
  delete: "issue.delete",
};

/** The routes' guard on a visible issue, and the rule `can` is filled from. */
export function assertMayChangeIssue(actor: MemberActor, action: IssueAction): void {
  if (!actor.permissions.has(PERMISSION_FOR[action])) fail("forbidden");
}

export const issueAbilities = (actor: MemberActor): IssueAbilities => ({
  edit: actor.permissions.has(PERMISSION_FOR.edit),
  change_status: actor.permissions.has(PERMISSION_FOR.change_status),
  assign: actor.permissions.has(PERMISSION_FOR.assign),
  comment: actor.permissions.has(PERMISSION_FOR.comment),
  delete: actor.permissions.has(PERMISSION_FOR.delete),
});
