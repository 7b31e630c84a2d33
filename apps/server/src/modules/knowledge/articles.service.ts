import type { ArticleInput, ArticleListQuery, ArticleSource, ArticleStatus, TiptapNode } from "@holboo/core";
import { ArticlePairsJobPayload, LIMITS, sanitizeDocLinks } from "@holboo/core";
import { jobKind } from "../../platform/jobs/job.ts";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./articles.repo.ts";
import { findFolder } from "./folders.repo.ts";
import { type GeneratedPair, generatePairs } from "./knowledge.autogen.ts";
import { presentArticle, presentArticleSummary } from "./knowledge.presenter.ts";
import { docText } from "./knowledge.text.ts";
import { autoQuestionsOf, deleteAutoPairsOf, insertQaPairs } from "./qa.repo.ts";
import { assertWithinLimit } from "../billing/limits.service.ts";

export async function list(ctx: AppContext, actor: MemberActor, query: ArticleListQuery) {
  const { items, total } = await repo.listArticles(ctx.db, actor.companyId, query);
  return { items: items.map(presentArticleSummary), total };
}

export async function get(ctx: AppContext, actor: MemberActor, id: number) {
  return presentArticle((await repo.findArticle(ctx.db, actor.companyId, id)) ?? fail("article_not_found"));
}

async function assertFolder(db: Executor, companyId: number, folderId: number) {
  if (!(await findFolder(db, companyId, folderId))) fail("knowledge_folder_not_found", { folder_id: "knowledge_folder_not_found" });
}

/** Plain text of the content; above the hard cap the article is refused (above the warning limit it is only flagged). */
function textOf(content: TiptapNode): string {
  const text = docText(content);
  if (text.length > LIMITS.articleCharsMax) fail("text_too_long", { content: "text_too_long" });
  return text;
}

/** An article made by hand or by an import; it always starts as a draft. */
export async function create(
  ctx: AppContext,
  actor: MemberActor,
  input: ArticleInput,
  origin: { source: ArticleSource; sourceUrl: string | null } = { source: "manual", sourceUrl: null },
) {
  await assertFolder(ctx.db, actor.companyId, input.folder_id);
  input = { ...input, content: sanitizeDocLinks(input.content) };
  const plainText = textOf(input.content);
  if ((await repo.countArticles(ctx.db, actor.companyId)) >= LIMITS.articlesPerCompany) fail("article_limit_reached");
  const id = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "articles");
    return repo.insertArticle(tx, {
      companyId: actor.companyId,
      folderId: input.folder_id,
      name: input.name,
      status: "draft",
      content: input.content,
      plainText,
      source: origin.source,
      sourceUrl: origin.sourceUrl,
      updatedByUserId: actor.userId,
    });
  });
  ctx.knowledge.changed(actor.companyId);
  return get(ctx, actor, id);
}

/** Rows of pairs generated from an article: `auto` until a person reviews them, tied to the article. */
const autoPairRows = (companyId: number, articleId: number, pairs: GeneratedPair[]) =>
  pairs.map((pair) => ({ companyId, ...pair, source: "auto", originArticleId: articleId, relatedArticleIds: [articleId] }));

/** Pairs of a published article: those from its structure now, and the model's in a job of the same commit. */
async function publishPairs(ctx: AppContext, tx: Executor, companyId: number, articleId: number, content: TiptapNode) {
  await regeneratePairs(tx, companyId, articleId, content);
  await ctx.jobs.add(tx, articlePairs, { company_id: companyId, article_id: articleId }, { key: `article_pairs:${articleId}` });
}

/** A published article's generated pairs follow its content; pairs a person reviewed are kept. */
async function regeneratePairs(db: Executor, companyId: number, articleId: number, content: TiptapNode) {
  await deleteAutoPairsOf(db, companyId, articleId);
  await insertQaPairs(db, autoPairRows(companyId, articleId, generatePairs(content)));
}

/** The company's chat model writes Q&A pairs from a published article (article-pairs.job.ts); a later edit replaces a waiting run. */
export const articlePairs = jobKind<ArticlePairsJobPayload>({ id: "knowledge.article_pairs", payload: ArticlePairsJobPayload, maxAttempts: 3 });

/**
 * With a chat model configured, the model also writes pairs from a just-published (or edited published)
 * article. It runs as a job (article-pairs.job.ts, added with the edit; a model takes seconds), and adds its
 * pairs only if the article is still published with the same name and text; otherwise the later edit's
 * own run does. Pairs whose question the article's structure already gave are skipped.
 */
export async function addModelPairs(ctx: AppContext, companyId: number, articleId: number) {
  const found = await repo.findArticle(ctx.db, companyId, articleId);
  if (!found || found.article.status !== "published") return;
  const { name, plainText } = found.article;
  const pairs = await ctx.answers.pairsFromArticle(companyId, name, plainText);
  if (!pairs.length) return;
  const added = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockArticle(tx, companyId, articleId);
    if (!current || current.status !== "published" || current.name !== name || current.plainText !== plainText) return false;
    const known = new Set((await autoQuestionsOf(tx, companyId, articleId)).map((q) => q.toLowerCase()));
    const fresh = pairs.filter((pair) => !known.has(pair.question.toLowerCase()));
    await insertQaPairs(tx, autoPairRows(companyId, articleId, fresh));
    return fresh.length > 0;
  });
  if (added) ctx.knowledge.changed(companyId);
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: ArticleInput) {
  await assertFolder(ctx.db, actor.companyId, input.folder_id);
  // Links that could run script when a reader clicks them are dropped on save (their text stays).
  input = { ...input, content: sanitizeDocLinks(input.content) };
  const plainText = textOf(input.content);
  await ctx.db.transaction(async (tx) => {
    const row =
      (await repo.updateArticle(tx, actor.companyId, id, {
        folderId: input.folder_id,
        name: input.name,
        content: input.content,
        plainText,
        updatedByUserId: actor.userId,
      })) ?? fail("article_not_found");
    if (row.status === "published") await publishPairs(ctx, tx, actor.companyId, id, input.content);
  });
  ctx.knowledge.changed(actor.companyId);
  return get(ctx, actor, id);
}

export async function setStatus(ctx: AppContext, actor: MemberActor, id: number, status: ArticleStatus) {
  await ctx.db.transaction(async (tx) => {
    const row = (await repo.updateArticle(tx, actor.companyId, id, { status, updatedByUserId: actor.userId })) ?? fail("article_not_found");
    if (status === "published") await publishPairs(ctx, tx, actor.companyId, id, row.content);
  });
  ctx.knowledge.changed(actor.companyId);
  return get(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteArticle(ctx.db, actor.companyId, id))) fail("article_not_found");
  ctx.knowledge.changed(actor.companyId);
  return { ok: true as const };
}
