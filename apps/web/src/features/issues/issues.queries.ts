import {
  ISSUE_SETTING_PATHS,
  type ChannelView,
  type IssuePriority,
  type IssueRef,
  type IssueSettingKind,
  type IssueSettingView,
  type IssueStatus,
} from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { useMe } from "../../lib/session.ts";

export const issueSettingsKey = (kind: IssueSettingKind) => ["issue-settings", kind] as const;
export const ISSUES_KEY = ["issues"] as const;

export const STATUS_COLOR: Record<IssueStatus, string> = { open: "blue", in_progress: "yellow", resolved: "teal", closed: "gray" };
export const PRIORITY_COLOR: Record<IssuePriority, string> = { low: "gray", medium: "blue", high: "orange", urgent: "red" };

export function useIssueSettings(kind: IssueSettingKind) {
  return useQuery({
    queryKey: issueSettingsKey(kind),
    queryFn: () => http.get<{ items: IssueSettingView[] }>(ISSUE_SETTING_PATHS[kind]),
    select: (data) => data.items,
  });
}

/** Colleagues who can be assigned or mentioned. */
export function usePeople() {
  return useQuery({
    queryKey: ["issue-options", "people"],
    queryFn: () => http.get<{ items: IssueRef[] }>("/api/issue-options/people"),
    select: (data) => data.items,
  });
}

export function useChannels() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => http.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id ?? 0}/channel`),
    select: (data) => data.items,
    enabled: !!me?.company_id,
  });
}

/** A contact without a name or address (an unregistered visitor) is shown as "Customer 12". */
export const contactLabel = (contact: IssueRef, unnamed: (id: number) => string): IssueRef => ({ id: contact.id, name: contact.name || unnamed(contact.id) });

export const options = (items: Array<{ id: number; name: string }> | undefined) => (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
