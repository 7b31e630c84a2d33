import {
  ISSUE_SETTING_PATHS,
  type CreateIssueInput,
  type IssueCommentInput,
  type IssuePriority,
  type IssueRef,
  type IssueSettingKind,
  type IssueStatus,
  type UpdateIssueInput,
} from "@holboo/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { api, notifyError } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { issueKeys, issueOptionKeys, issueSettingKeys } from "./issues.keys.ts";

export const STATUS_COLOR: Record<IssueStatus, string> = { open: "blue", in_progress: "yellow", resolved: "teal", closed: "gray" };
export const PRIORITY_COLOR: Record<IssuePriority, string> = { low: "gray", medium: "blue", high: "orange", urgent: "red" };

export function useIssueSettings(kind: IssueSettingKind) {
  return useQuery({
    queryKey: issueSettingKeys.kind(kind),
    queryFn: () => api.get(ISSUE_SETTING_PATHS[kind]),
    select: (data) => data.items,
  });
}

/** Colleagues who can be assigned or mentioned. */
/** The company's people as issues and the dashboard's filters offer them. */
export function usePeople(enabled = true) {
  return useQuery({
    queryKey: issueOptionKeys.people(),
    queryFn: () => api.get("/api/issue-options/people"),
    select: (data) => data.items,
    enabled,
  });
}

/** A contact without a name or address (an unregistered visitor) is shown as "Customer 12". */
/** A contact as an option or a cell, named as every screen names them (`useContactName`). */
export const contactLabel = (contact: IssueRef, nameOf: (contact: IssueRef) => string): IssueRef => ({ id: contact.id, name: nameOf(contact) });

export const options = (items: Array<{ id: number; name: string }> | undefined) => (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

// --- The issues list screen (IssuesPage) ---

/** One page of the issues this user may see, by the list's filters; the previous page stays while the next loads. */
export const useIssueList = (query: Record<string, string | number | undefined>) =>
  useQuery({ queryKey: issueKeys.list(query), queryFn: () => api.get("/api/issues", { query }), placeholderData: keepPreviousData });

/** The contacts the issue form's picker offers, by search. */
export const useIssueContactOptions = (search: string) =>
  useQuery({ queryKey: issueOptionKeys.contacts(search), queryFn: () => api.get("/api/issue-options/contacts", { query: { search } }) });

/** A contact's issues (the ones this user may see), newest first. */
export const useContactIssues = (contactId: number) =>
  useQuery({ queryKey: issueKeys.contact(contactId), queryFn: () => api.get("/api/issues", { query: { contact_id: contactId, page_size: 20 } }) });

// --- One issue (IssueDetailPage, IssueComments, IssueFormModal) ---

export const useIssue = (id: number) =>
  useQuery({ queryKey: issueKeys.detail(id), queryFn: () => api.get("/api/issues/:id", { params: { id } }), retry: false });

/** An issue write refreshes every issue cache (lists, details, a contact's) before the screen's own reactions. */
function useIssueWrite<Input, Output>(write: (input: Input) => Promise<Output>, reactions: Omit<UseMutationOptions<Output, Error, Input>, "mutationFn">) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: write,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: issueKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

export const useMoveIssue = (id: number) =>
  useIssueWrite((status: IssueStatus) => api.post("/api/issues/:id/status", { params: { id }, body: { status } }), { onError: notifyError });
export const useAssignIssue = (id: number) =>
  useIssueWrite((assigneeId: number) => api.post("/api/issues/:id/assign", { params: { id }, body: { assignee_id: assigneeId } }), { onError: notifyError });
export const useRemoveIssue = (id: number, reactions: MutationReactions<() => Promise<unknown>>) =>
  useIssueWrite(() => api.del("/api/issues/:id", { params: { id } }), { onError: notifyError, ...reactions });

export const useAddIssueComment = (issueId: number, reactions: MutationReactions<(input: IssueCommentInput) => Promise<unknown>>) =>
  useIssueWrite((input: IssueCommentInput) => api.post("/api/issues/:id/comments", { params: { id: issueId }, body: input }), reactions);

const saveIssue = (input: { id: number; body: UpdateIssueInput } | { id: null; body: CreateIssueInput }) =>
  input.id === null ? api.post("/api/issues", { body: input.body }) : api.put("/api/issues/:id", { params: { id: input.id }, body: input.body });
/** Creates an issue (`id` null) or saves an edit. */
export const useSaveIssue = (reactions: MutationReactions<typeof saveIssue>) => useIssueWrite(saveIssue, reactions);

/** Uploads a file to attach to an issue; the form sends the answer's `file_id` with the issue. */
export { uploadAttachment } from "../../lib/attachments.ts";
