import type { ArticleInput, ArticleStatus, ArticleView, FolderInput, FolderView, QaInput, QaSource, QuestionOutcome, ResolveQuestionInput } from "@holboo/core";
import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { api, notifyError } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
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

/** A knowledge write that refreshes `key` (every knowledge cache unless said) before the screen's own reactions. */
function useKnowledgeWrite<Input, Output>(
  write: (input: Input) => Promise<Output>,
  reactions: Omit<UseMutationOptions<Output, Error, Input>, "mutationFn">,
  key: readonly unknown[] = knowledgeKeys.all,
) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: write,
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: key });
      return reactions.onSuccess?.(...args);
    },
  });
}

// --- Folders (FolderDialogs) ---

/** Adds a folder, or saves the one edited (`folderId`); only the folder tree refreshes. */
export const useSaveFolder = (folderId: number | null, reactions: MutationReactions<(body: FolderInput) => Promise<FolderView>>) =>
  useKnowledgeWrite(
    (body: FolderInput) =>
      folderId !== null ? api.put("/api/knowledge/folders/:id", { params: { id: folderId }, body }) : api.post("/api/knowledge/folders", { body }),
    reactions,
    knowledgeKeys.folders(),
  );

/** Deletes a folder with the delete word the person typed (the server checks it again). */
export const useRemoveFolder = (confirmWord: string, reactions: MutationReactions<(folder: FolderView) => Promise<unknown>>) =>
  useKnowledgeWrite((folder: FolderView) => api.del("/api/knowledge/folders/:id", { params: { id: folder.id }, body: { confirm_word: confirmWord } }), {
    onError: notifyError,
    ...reactions,
  });

// --- One article (ArticlePage) ---

export const useArticle = (articleId: number | null) =>
  useQuery({
    queryKey: knowledgeKeys.article(articleId),
    queryFn: () => api.get("/api/knowledge/articles/:id", { params: { id: articleId } }),
    enabled: articleId !== null,
  });

/** An article write answers the article: it is cached at once and every knowledge list refreshes. */
function useArticleWrite<Input>(write: (input: Input) => Promise<ArticleView>, reactions: Omit<UseMutationOptions<ArticleView, Error, Input>, "mutationFn">) {
  const client = useQueryClient();
  return useKnowledgeWrite(write, {
    ...reactions,
    onSuccess: (view, ...rest) => {
      client.setQueryData(knowledgeKeys.article(view.id), view);
      return reactions.onSuccess?.(view, ...rest);
    },
  });
}

/** Adds an article, or saves the one edited (`articleId`). */
export const useSaveArticle = (articleId: number | null, reactions: MutationReactions<(body: ArticleInput) => Promise<ArticleView>>) =>
  useArticleWrite(
    (body: ArticleInput) =>
      articleId !== null ? api.put("/api/knowledge/articles/:id", { params: { id: articleId }, body }) : api.post("/api/knowledge/articles", { body }),
    reactions,
  );

export const usePublishArticle = (articleId: number | undefined, reactions: MutationReactions<(action: "publish" | "unpublish") => Promise<ArticleView>>) =>
  useArticleWrite(
    (action: "publish" | "unpublish") =>
      action === "publish"
        ? api.post("/api/knowledge/articles/:id/publish", { params: { id: articleId } })
        : api.post("/api/knowledge/articles/:id/unpublish", { params: { id: articleId } }),
    { onError: notifyError, ...reactions },
  );

export const useRemoveArticle = (articleId: number | undefined, reactions: MutationReactions<() => Promise<unknown>>) =>
  useKnowledgeWrite(() => api.del("/api/knowledge/articles/:id", { params: { id: articleId } }), { onError: notifyError, ...reactions });

// --- Imports (ImportPanel) ---

/** Imports a .docx/.pdf upload into the folder as a draft article. */
export const useImportArticleFile = (folderId: number, reactions: MutationReactions<(file: File) => Promise<ArticleView>>) =>
  useKnowledgeWrite(
    (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.upload("/api/knowledge/import/file", form, undefined, { folder_id: folderId });
    },
    { onError: notifyError, ...reactions },
  );

/** Imports a web page into the folder as a draft article. */
export const useImportArticleUrl = (folderId: number, reactions: MutationReactions<(url: string) => Promise<ArticleView>>) =>
  useKnowledgeWrite((url: string) => api.post("/api/knowledge/import/url", { body: { folder_id: folderId, url } }), reactions);

// --- Q&A pairs and questions (QaDialogs) ---

/** The articles a pair can point to. */
export const useArticleOptions = () =>
  useQuery({ queryKey: knowledgeKeys.articleOptions(), queryFn: () => api.get("/api/knowledge/articles", { query: { page_size: 100 } }) });

/** Adds a pair, or saves the one edited (`pairId`); either way it is "reviewed". */
export const useSaveQaPair = (pairId: number | null, reactions: MutationReactions<(body: QaInput) => Promise<unknown>>) =>
  useKnowledgeWrite(
    (body: QaInput) => (pairId !== null ? api.put("/api/knowledge/qa/:id", { params: { id: pairId }, body }) : api.post("/api/knowledge/qa", { body })),
    reactions,
  );

/** Answers an asked question: it becomes an active, reviewed pair. */
export const useResolveQuestion = (questionId: number, reactions: MutationReactions<(body: ResolveQuestionInput) => Promise<unknown>>) =>
  useKnowledgeWrite((body: ResolveQuestionInput) => api.post("/api/knowledge/questions/:id/resolve", { params: { id: questionId }, body }), reactions);
