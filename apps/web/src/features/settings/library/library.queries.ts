import {
  ISSUE_SETTING_PATHS,
  type InteractionTagInput,
  type InteractionTagView,
  type IssueSettingInput,
  type IssueSettingKind,
  type IssueSettingView,
  type SavedResponseInput,
  type SavedResponseView,
} from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { issueSettingKeys } from "../../issues/issues.keys.ts";
import { interactionTagKeys, savedResponseKeys } from "./library.keys.ts";

// --- Interaction tags (their settings page, the inbox's filter and the tag dialog) ---

export { useInteractionTags } from "../../interacts/inbox.queries.ts";

const saveTag = (id: number | null, body: InteractionTagInput) =>
  id === null ? api.post("/api/interaction-tags", { body }) : api.put("/api/interaction-tags/:id", { params: { id }, body });

/** Adds a tag (`tag` null) or saves a changed one; every tag list refreshes. */
export function useSaveInteractionTag(tag: InteractionTagView | null, reactions: MutationReactions<(body: InteractionTagInput) => ReturnType<typeof saveTag>>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: InteractionTagInput) => saveTag(tag?.id ?? null, body),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: interactionTagKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

export function useDeleteInteractionTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tag: InteractionTagView) => api.del("/api/interaction-tags/:id", { params: { id: tag.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: interactionTagKeys.all }),
  });
}

// --- Issue types, tags and reasons (their settings pages; issues.queries.ts reads them) ---

const saveIssueSetting = (kind: IssueSettingKind, id: number | null, body: IssueSettingInput) =>
  id === null ? api.post(ISSUE_SETTING_PATHS[kind], { body }) : api.put(`${ISSUE_SETTING_PATHS[kind]}/:id` as const, { params: { id }, body });

/** Adds an issue type, tag or reason (`item` null) or saves a changed one; that kind's lists refresh. */
export function useSaveIssueSetting(
  kind: IssueSettingKind,
  item: IssueSettingView | null,
  reactions: MutationReactions<(body: IssueSettingInput) => ReturnType<typeof saveIssueSetting>>,
) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: IssueSettingInput) => saveIssueSetting(kind, item?.id ?? null, body),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: issueSettingKeys.kind(kind) });
      return reactions.onSuccess?.(...args);
    },
  });
}

export function useDeleteIssueSetting(kind: IssueSettingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: IssueSettingView) => api.del(`${ISSUE_SETTING_PATHS[kind]}/:id` as const, { params: { id: item.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: issueSettingKeys.kind(kind) }),
  });
}

// --- Saved responses (their settings page and the composer's `/`) ---

export const SAVED_RESPONSES_PAGE_SIZE = 20;

export const useSavedResponses = (search: string, page: number) =>
  useQuery({
    queryKey: savedResponseKeys.page(search, page),
    queryFn: () => api.get("/api/saved-responses", { query: { search, page, page_size: SAVED_RESPONSES_PAGE_SIZE } }),
  });

const saveResponse = (id: number | null, body: SavedResponseInput) =>
  id === null ? api.post("/api/saved-responses", { body }) : api.put("/api/saved-responses/:id", { params: { id }, body });

/** Adds a saved response (`response` null) or saves a changed one; every list of them refreshes. */
export function useSaveSavedResponse(
  response: SavedResponseView | null,
  reactions: MutationReactions<(body: SavedResponseInput) => ReturnType<typeof saveResponse>>,
) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: SavedResponseInput) => saveResponse(response?.id ?? null, body),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: savedResponseKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

export function useDeleteSavedResponse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (r: SavedResponseView) => api.del("/api/saved-responses/:id", { params: { id: r.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedResponseKeys.all }),
  });
}
