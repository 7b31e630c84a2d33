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
