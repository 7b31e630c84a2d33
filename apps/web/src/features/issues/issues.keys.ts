import type { IssueSettingKind } from "@holboo/core";

/** The issue caches: the page's lists, each issue's detail and a contact's issues, all refreshed through `all`. */
export const issueKeys = {
  all: ["issues"] as const,
  list: (query: Record<string, unknown>) => [...issueKeys.all, "list", query] as const,
  detail: (id: number) => [...issueKeys.all, "detail", id] as const,
  contact: (contactId: number) => [...issueKeys.all, "contact", contactId] as const,
};

/** The pickers of the issue form and the dashboard: colleagues, and contacts by search. */
export const issueOptionKeys = {
  all: ["issue-options"] as const,
  people: () => [...issueOptionKeys.all, "people"] as const,
  contacts: (search: string) => [...issueOptionKeys.all, "contacts", search] as const,
};

/** Issue types, tags and reasons, one list each. */
export const issueSettingKeys = {
  all: ["issue-settings"] as const,
  kind: (kind: IssueSettingKind) => [...issueSettingKeys.all, kind] as const,
};
