import { contactKnownName, fullName, type IssueCommentView, type IssueEventView, type IssuePriority, type IssueStatus, type IssueView } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { issueAbilities } from "./issues.policy.ts";
import type { IssueCommentRow, IssueEventRow, IssueRefs, IssueRow } from "./issues.repo.ts";

type Ref = { id: number; name: string };

type ContactNames = { id: number; first: string; last: string; email: string | null; phone: string | null };
/** A contact's name, else how they can be reached, else "" (an unregistered visitor; the client names them with contactDisplayName). */
export const contactRef = (c: ContactNames): Ref => ({
  id: c.id,
  name: contactKnownName({ id: c.id, first_name: c.first, last_name: c.last, email: c.email, phone: c.phone }),
});
export const userRef = (u: { id: number; first: string; last: string }): Ref => ({ id: u.id, name: fullName(u.first, u.last) });

/** Lookups by id over the names loadRefs fetched. */
export function refIndex(refs: IssueRefs) {
  const users = new Map(refs.users.map((u) => [u.id, userRef(u)]));
  const contacts = new Map(refs.contacts.map((c) => [c.id, contactRef(c)]));
  const channels = new Map(refs.channels.map((c) => [c.id, { id: c.id, name: c.name }]));
  const settings = new Map(refs.settings.map((s) => [s.id, { id: s.id, name: s.name }]));
  const user = (id: number | null): Ref | null => (id === null ? null : (users.get(id) ?? null));
  const setting = (id: number | null): Ref | null => (id === null ? null : (settings.get(id) ?? null));
  return { user, setting, contacts, channels, tags: refs.tags };
}
export type RefIndex = ReturnType<typeof refIndex>;

/** An issue as `actor` sees it, with what they may do to it. */
export function presentIssue(row: IssueRow, refs: RefIndex, actor: MemberActor): IssueView {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    reason: refs.setting(row.reasonId),
    type: refs.setting(row.typeId),
    tags: refs.tags.filter((t) => t.issueId === row.id).map((t) => ({ id: t.id, name: t.name, color: t.color ?? "#228be6" })),
    priority: row.priority as IssuePriority,
    status: row.status as IssueStatus,
    description: row.description,
    contact: refs.contacts.get(row.contactId) ?? { id: row.contactId, name: "" },
    channel: row.channelId === null ? null : (refs.channels.get(row.channelId) ?? null),
    interaction_id: row.interactionId,
    assignee: refs.user(row.assigneeUserId),
    created_by: refs.user(row.createdByUserId),
    registered_at: row.registeredAt.toISOString(),
    due_at: row.dueAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    attachments: row.attachments,
    updated_at: row.updatedAt.toISOString(),
    can: issueAbilities(actor),
  };
}

export const presentComment = (row: IssueCommentRow, refs: RefIndex): IssueCommentView => ({
  id: row.id,
  author: refs.user(row.authorUserId),
  body: row.body,
  mentions: row.mentionIds.map((id) => refs.user(id)).filter((u): u is Ref => u !== null),
  created_at: row.createdAt.toISOString(),
});

export const presentEvent = (row: IssueEventRow, refs: RefIndex): IssueEventView => ({
  id: row.id,
  type: row.type as IssueEventView["type"],
  actor: refs.user(row.actorUserId),
  payload: row.payload,
  created_at: row.createdAt.toISOString(),
});
