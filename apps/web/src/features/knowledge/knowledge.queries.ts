import type { ArticleStatus, FolderView, QaSource, QuestionOutcome } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, notifyError } from "../../lib/api.ts";
import { agentKeys } from "../settings/agents/agents.keys.ts";
import { knowledgeKeys } from "./knowledge.keys.ts";

export const useFolders = () => useQuery({ queryKey: knowledgeKeys.folders(), queryFn: () => api.get("/api/knowledge/folders") });
/** The company's virtual agents a folder can be given to (the pickers' short list). */
export const useAgents = () => useQuery({ queryKey: agentKeys.options(), queryFn: () => api.get("/api/company/virtual-agents"), staleTime: 60_000 });

/** Folders in tree order with their depth, for selects and the tree. */
export function flattenTree(folders: FolderView[]): { folder: FolderView; depth: number }[] {
  const out: { folder: FolderView; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const folder of folders.filter((f) => f.parent_id === parent)) {
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export const folderOptions = (folders: FolderView[]) =>
  flattenTree(folders).map(({ folder, depth }) => ({ value: String(folder.id), label: `${"— ".repeat(depth)}${folder.name}` }));

// --- The knowledge lists (KnowledgePage articles, QaPage pairs and questions) ---

export const KNOWLEDGE_PAGE_SIZE = 20;

/** One page of a folder's articles (every folder's with none chosen), searched and by status. */
export const useArticleList = (folderId: number | null, search: string, status: ArticleStatus | null, page: number) =>
  useQuery({
    queryKey: knowledgeKeys.articleList(folderId, search, status, page),
    queryFn: () => api.get("/api/knowledge/articles", { query: { folder_id: folderId, search, status, page, page_size: KNOWLEDGE_PAGE_SIZE } }),
  });

/** One page of Q&A pairs of one source (reviewed or auto-generated), searched. */
export const useQaPairs = (source: QaSource, search: string, page: number) =>
  useQuery({
    queryKey: knowledgeKeys.pairs(source, search, page),
    queryFn: () => api.get("/api/knowledge/qa", { query: { source, search, page, page_size: KNOWLEDGE_PAGE_SIZE } }),
  });

/** One page of the questions asked, by how the agent answered them. */
export const useAskedQuestions = (outcome: QuestionOutcome, page: number) =>
  useQuery({
    queryKey: knowledgeKeys.questions(outcome, page),
    queryFn: () => api.get("/api/knowledge/questions", { query: { outcome, page, page_size: KNOWLEDGE_PAGE_SIZE } }),
  });

/** The pairs table's changes: (de)activate some, approve an auto-generated one, delete one; each refreshes the Q&A lists. */
export function useQaPairActions(onActiveSet: () => void) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: knowledgeKeys.qa() });
  const setActive = useMutation({
    mutationFn: ({ ids, active }: { ids: number[]; active: boolean }) => api.post("/api/knowledge/qa/active", { body: { ids, active } }),
    onSuccess: () => {
      onActiveSet();
      refresh();
    },
    onError: notifyError,
  });
  const approve = useMutation({
    mutationFn: (id: number) => api.post("/api/knowledge/qa/:id/approve", { params: { id } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.del("/api/knowledge/qa/:id", { params: { id } }), onSuccess: refresh, onError: notifyError });
  return { setActive, approve, remove };
}
