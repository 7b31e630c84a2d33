import type { AttachmentView, UpdateIssueData } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel } from "../../channels/channels.lookup.ts";
import { findContact } from "../contacts/contacts.service.ts";
import { findInteraction } from "../interactions/interactions.lookup.ts";
import { loadAttachments } from "../interactions/messages.service.ts";
import { findSettings } from "./issue-settings.repo.ts";
import { NOT_FOUND } from "./issue-settings.service.ts";
import { activeColleagues } from "./issues.repo.ts";

/** How far ahead of the server's clock a registered date may be (clock skew), never more. */
const REGISTERED_SKEW_MS = 5 * 60_000;

/**
 * Checks that everything an issue's input points at is the actor's company's (another company's id
 * answers like a missing one) and that its dates make sense; returns the attachments to store.
 */
export async function checkIssueRefs(db: Executor, actor: MemberActor, input: UpdateIssueData): Promise<AttachmentView[]> {
  const companyId = actor.companyId;
  if (input.registered_at && Date.parse(input.registered_at) > Date.now() + REGISTERED_SKEW_MS) {
    fail("issue_created_date_invalid", { registered_at: "issue_created_date_invalid" });
  }
  if (!(await findContact(db, companyId, input.contact_id))) fail("issue_contact_not_found", { contact_id: "issue_contact_not_found" });
  if (!(await findChannel(db, companyId, input.channel_id))) fail("channel_not_found", { channel_id: "channel_not_found" });
  if (input.interaction_id !== null && !(await findInteraction(db, companyId, input.interaction_id))) {
    fail("interaction_not_found", { interaction_id: "interaction_not_found" });
  }
  for (const [kind, id] of [
    ["type", input.type_id],
    ["reason", input.reason_id],
  ] as const) {
    if (id !== null && !(await findSettings(db, companyId, kind, [id])).length) fail(NOT_FOUND[kind], { [`${kind}_id`]: NOT_FOUND[kind] });
  }
  const tagIds = [...new Set(input.tag_ids)];
  if ((await findSettings(db, companyId, "tag", tagIds)).length !== tagIds.length) fail("issue_tag_not_found", { tag_ids: "issue_tag_not_found" });
  return loadAttachments(db, companyId, input.attachment_ids);
}

export async function checkAssignee(db: Executor, companyId: number, assigneeId: number) {
  if (!(await activeColleagues(db, companyId, [assigneeId])).length) fail("assignee_invalid", { assignee_id: "assignee_invalid" });
}
