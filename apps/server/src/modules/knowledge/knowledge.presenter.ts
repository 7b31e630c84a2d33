import type { ArticleSummary, ArticleView, FolderView, QaView, QuestionView } from "@holboo/core";
import { LIMITS, fullName } from "@holboo/core";
import type { findArticle, listArticles } from "./articles.repo.ts";
import type { listFolders } from "./folders.repo.ts";
import type { QaRow, QuestionRow } from "./qa.repo.ts";

type Folders = Awaited<ReturnType<typeof listFolders>>;
type SummaryRow = Awaited<ReturnType<typeof listArticles>>["items"][number];
type ArticleRow = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

export function presentFolders({ folders, agents, counts }: Folders): FolderView[] {
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    parent_id: folder.parentId,
    agent_ids: agents
      .filter((a) => a.folderId === folder.id)
      .map((a) => a.agentId)
      .sort((a, b) => a - b),
    article_count: counts.find((c) => c.folderId === folder.id)?.count ?? 0,
  }));
}

export function presentArticleSummary({ article, charCount, authorFirst, authorLast }: SummaryRow): ArticleSummary {
  return {
    id: article.id,
    folder_id: article.folderId,
    name: article.name,
    status: article.status as ArticleSummary["status"],
    source: article.source as ArticleSummary["source"],
    source_url: article.sourceUrl,
    char_count: charCount,
    too_long: charCount > LIMITS.articleCharsWarning,
    updated_at: article.updatedAt.toISOString(),
    updated_by: article.updatedByUserId ? { id: article.updatedByUserId, name: fullName(authorFirst, authorLast) } : null,
  };
}

export const presentArticle = (row: ArticleRow): ArticleView => ({ ...presentArticleSummary(row), content: row.article.content });

export const presentQa = (row: QaRow): QaView => ({
  id: row.id,
  question: row.question,
  variants: row.variants,
  answer: row.answer,
  active: row.active,
  source: row.source as QaView["source"],
  related_article_ids: row.relatedArticleIds,
  origin_article_id: row.originArticleId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentQuestion = (row: QuestionRow): QuestionView => ({
  id: row.id,
  question: row.question,
  outcome: row.outcome as QuestionView["outcome"],
  agent_id: row.agentId,
  interaction_id: row.interactionId,
  qa_pair_id: row.qaPairId,
  article_id: row.articleId,
  confidence: row.confidence,
  created_at: row.createdAt.toISOString(),
  resolved_qa_pair_id: row.resolvedQaPairId,
});
