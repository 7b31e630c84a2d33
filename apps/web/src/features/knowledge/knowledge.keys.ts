import type { ArticleStatus, QaSource, QuestionOutcome } from "@holboo/core";

/** The knowledge base's caches: folders, article lists and articles, Q&A pairs and asked questions; `all` refreshes every one. */
export const knowledgeKeys = {
  all: ["knowledge"] as const,
  folders: () => [...knowledgeKeys.all, "folders"] as const,
  articles: () => [...knowledgeKeys.all, "articles"] as const,
  articleList: (folderId: number | null, search: string, status: ArticleStatus | null, page: number) =>
    [...knowledgeKeys.articles(), "list", folderId, search, status, page] as const,
  articleOptions: () => [...knowledgeKeys.articles(), "options"] as const,
  article: (id: number | null) => [...knowledgeKeys.all, "article", id] as const,
  qa: () => [...knowledgeKeys.all, "qa"] as const,
  pairs: (source: QaSource, search: string, page: number) => [...knowledgeKeys.qa(), "pairs", source, search, page] as const,
  questions: (outcome: QuestionOutcome, page: number) => [...knowledgeKeys.qa(), "questions", outcome, page] as const,
};
