import { ISSUE_SETTING_PATHS, type IssuePriority, type IssueRef, type IssueSettingKind, type IssueStatus } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
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
