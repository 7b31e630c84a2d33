import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { listQueryBase } from "./common.ts";
import { ISSUE_SETTING_KINDS } from "./constants.ts";
import { AttachmentView } from "./interactions.ts";

// ---- Settings: issue types, issue tags (with colour) and issue reasons ("issue name") ----

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const IssueSettingInput = z.object({
  name: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .min(LIMITS.issueSettingNameMinChars, { error: "name_too_short" })
    .max(LIMITS.issueSettingNameMaxChars, { error: "name_too_long" }),
  description: z.string().trim().max(LIMITS.issueSettingDescriptionMaxChars, { error: "text_too_long" }).default(""),
  /** Only tags carry a colour; types and reasons ignore it. */
  color: z.string().trim().regex(HEX_COLOR, { error: "color_invalid" }).default("#228be6"),
});
export type IssueSettingInput = z.input<typeof IssueSettingInput>;

export const IssueSettingView = z.object({
  id: z.number().int(),
  kind: z.enum(ISSUE_SETTING_KINDS),
  name: z.string(),
  description: z.string(),
  color: z.string().nullable(),
  created_at: z.string(),
});
export type IssueSettingView = z.infer<typeof IssueSettingView>;

// ---- Issues (customer requests) ----

/**
 * The lifecycle (the spec leaves it open): a new issue is open; work moves it to in_progress;
 * resolved means the customer's request is answered, closed means nothing more will happen.
 * Resolved and closed issues may be reopened (back to open). Deleting is a separate permission.
 */
export const ISSUE_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
/** Issues still being worked on: they keep their contact from being deleted. */
export const UNRESOLVED_ISSUE_STATUSES = ["open", "in_progress"] as const satisfies readonly IssueStatus[];
export const ISSUE_TRANSITIONS: Record<IssueStatus, readonly IssueStatus[]> = {
  open: ["in_progress", "resolved", "closed"],
  in_progress: ["open", "resolved", "closed"],
  resolved: ["closed", "open"],
  closed: ["open"],
};
/** Statuses that set the end date. */
export const ISSUE_FINISHED_STATUSES: readonly IssueStatus[] = ["resolved", "closed"];
export const canMoveIssue = (from: IssueStatus, to: IssueStatus) => from === to || ISSUE_TRANSITIONS[from].includes(to);

export const ISSUE_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

const requiredId = (code: string) => z.number({ error: code }).int({ error: code }).positive({ error: code });
const optionalId = z.number().int().positive().nullable().default(null);
const dateTime = (code: string) => z.iso.datetime({ offset: true, error: code });

/** Fields a person edits; the status moves through ISSUE_TRANSITIONS and the assignee through assign. */
const issueFields = {
  name: z
    .string({ error: "issue_name_empty" })
    .trim()
    .min(1, { error: "issue_name_empty" })
    .min(LIMITS.issueNameMinChars, { error: "issue_name_too_short" })
    .max(LIMITS.issueNameMaxChars, { error: "name_too_long" }),
  reason_id: optionalId,
  type_id: optionalId,
  tag_ids: z.array(z.number().int().positive()).max(LIMITS.issueTagsMax).default([]),
  priority: z.enum(ISSUE_PRIORITIES, { error: "issue_priority_invalid" }),
  description: z.string().trim().max(LIMITS.issueDescriptionMaxChars, { error: "text_too_long" }).default(""),
  contact_id: requiredId("issue_contact_empty"),
  channel_id: requiredId("issue_channel_empty"),
  interaction_id: optionalId,
  registered_at: dateTime("issue_created_date_invalid").optional(),
  due_at: dateTime("issue_due_date_invalid").nullable().default(null),
  attachment_ids: z
    .array(z.string().uuid({ error: "file_not_found" }))
    .max(LIMITS.issueAttachmentsMax)
    .default([]),
};

const dueAfterRegistered = (value: { registered_at?: string | undefined; due_at: string | null }, ctx: z.RefinementCtx) => {
  if (value.due_at && value.registered_at && Date.parse(value.due_at) < Date.parse(value.registered_at)) {
    ctx.addIssue({ code: "custom", path: ["due_at"], message: "issue_due_date_invalid" });
  }
};

export const CreateIssueInput = z
  .object({
    ...issueFields,
    status: z.enum(ISSUE_STATUSES, { error: "issue_status_invalid" }).default("open"),
    assignee_id: requiredId("issue_assignee_empty"),
  })
  .superRefine(dueAfterRegistered);
export type CreateIssueInput = z.input<typeof CreateIssueInput>;
export type CreateIssueData = z.output<typeof CreateIssueInput>;

export const UpdateIssueInput = z.object(issueFields).superRefine(dueAfterRegistered);
export type UpdateIssueInput = z.input<typeof UpdateIssueInput>;
export type UpdateIssueData = z.output<typeof UpdateIssueInput>;

export const IssueStatusInput = z.object({ status: z.enum(ISSUE_STATUSES, { error: "issue_status_invalid" }) });
export const IssueAssignInput = z.object({ assignee_id: requiredId("issue_assignee_empty") });

export const IssueCommentInput = z.object({
  body: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.issueCommentMaxChars, { error: "text_too_long" }),
  /** Colleagues mentioned with @; each is notified. */
  mention_ids: z.array(z.number().int().positive()).max(20).default([]),
});
export type IssueCommentInput = z.input<typeof IssueCommentInput>;

/** The pickers of the issue form: colleagues to assign or mention, customers by name, e-mail or phone. */
export const IssueContactQuery = z.object({ search: z.string().trim().max(100).default("") });

export const IssueListQuery = listQueryBase.extend({
  status: z.enum(ISSUE_STATUSES, { error: "issue_status_invalid" }).optional(),
  priority: z.enum(ISSUE_PRIORITIES, { error: "issue_priority_invalid" }).optional(),
  type_id: z.coerce.number().int().positive().optional(),
  tag_id: z.coerce.number().int().positive().optional(),
  assignee_id: z.coerce.number().int().positive().optional(),
  contact_id: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  to: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type IssueListQuery = z.infer<typeof IssueListQuery>;

export const IssueRef = z.object({ id: z.number().int(), name: z.string() });
export type IssueRef = z.infer<typeof IssueRef>;
const Ref = IssueRef;
const TagRef = Ref.extend({ color: z.string() });

/** What the requesting member may do with this issue they see, from the server's issues policy (which guards those routes). */
export const IssueAbilities = z.object({
  edit: z.boolean(),
  change_status: z.boolean(),
  assign: z.boolean(),
  comment: z.boolean(),
  delete: z.boolean(),
});
export type IssueAbilities = z.infer<typeof IssueAbilities>;
export type IssueAction = keyof IssueAbilities;

export const IssueView = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  reason: Ref.nullable(),
  type: Ref.nullable(),
  tags: z.array(TagRef),
  priority: z.enum(ISSUE_PRIORITIES),
  status: z.enum(ISSUE_STATUSES),
  description: z.string(),
  contact: Ref,
  channel: Ref.nullable(),
  interaction_id: z.number().int().nullable(),
  assignee: Ref.nullable(),
  created_by: Ref.nullable(),
  registered_at: z.string(),
  due_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  attachments: z.array(AttachmentView),
  updated_at: z.string(),
  can: IssueAbilities,
});
export type IssueView = z.infer<typeof IssueView>;

export const IssueCommentView = z.object({
  id: z.number().int(),
  author: Ref.nullable(),
  body: z.string(),
  mentions: z.array(Ref),
  created_at: z.string(),
});
export type IssueCommentView = z.infer<typeof IssueCommentView>;

export const ISSUE_EVENT_TYPES = ["created", "updated", "status_changed", "assigned", "commented"] as const;
export const IssueEventView = z.object({
  id: z.number().int(),
  type: z.enum(ISSUE_EVENT_TYPES),
  actor: Ref.nullable(),
  /** created: {}; updated: { fields: string[] }; status_changed: { from, to }; assigned: { from, to } (user ids); commented: { comment_id } */
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type IssueEventView = z.infer<typeof IssueEventView>;

export const IssueDetailView = IssueView.extend({ comments: z.array(IssueCommentView), history: z.array(IssueEventView) });
export type IssueDetailView = z.infer<typeof IssueDetailView>;

export const IssueNotification = z.object({
  reason: z.enum(["assigned", "mentioned"]),
  issue_id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  by: z.string(),
});
export type IssueNotification = z.infer<typeof IssueNotification>;
