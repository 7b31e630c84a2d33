import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { safeLink } from "../text.ts";
import { listQueryBase } from "./common.ts";

/** The word a person types to delete a folder (spec §5); the server accepts the word of either locale. */
export const DELETE_WORDS = { mn: "устгах", en: "delete" } as const;
export const isDeleteWord = (value: string): boolean => Object.values(DELETE_WORDS).some((word) => word === value.trim().toLowerCase());

const idList = z.array(z.number().int().positive()).max(100);
const nameSchema = (max: number) => z.string({ error: "name_empty" }).trim().min(1, { error: "name_empty" }).max(max, { error: "name_too_long" });

// ---- Folders ----
export const FolderInput = z.object({
  name: nameSchema(LIMITS.knowledgeFolderNameMaxChars),
  parent_id: z.number().int().positive().nullable().default(null),
  /** The virtual agents that answer from this folder; empty or missing means the primary agent (or the parent's agents). */
  agent_ids: idList.optional(),
});
export type FolderInput = z.infer<typeof FolderInput>;

export const FolderView = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  agent_ids: z.array(z.number().int()),
  article_count: z.number().int(),
});
export type FolderView = z.infer<typeof FolderView>;

export const DeleteFolderInput = z.object({ confirm_word: z.string({ error: "delete_word_mismatch" }).max(50) });
export type DeleteFolderInput = z.infer<typeof DeleteFolderInput>;

// ---- Articles (content is Tiptap JSON) ----
export const TIPTAP_NODE_TYPES = [
  "doc",
  "paragraph",
  "text",
  "heading",
  "bulletList",
  "orderedList",
  "listItem",
  "blockquote",
  "codeBlock",
  "hardBreak",
  "horizontalRule",
  "figure",
  "figcaption",
] as const;
export const TIPTAP_MARK_TYPES = ["bold", "italic", "strike", "code", "link", "underline"] as const;

export interface TiptapNode {
  type: (typeof TIPTAP_NODE_TYPES)[number];
  attrs?: Record<string, string | number | boolean | null>;
  content?: TiptapNode[];
  text?: string;
  marks?: { type: (typeof TIPTAP_MARK_TYPES)[number]; attrs?: Record<string, string | number | boolean | null> }[];
}

const attrs = z.record(z.string().max(40), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).optional();
export const TiptapNodeSchema: z.ZodType<TiptapNode> = z.lazy(() =>
  z.object({
    type: z.enum(TIPTAP_NODE_TYPES, { error: "invalid_parameters" }),
    attrs,
    content: z.array(TiptapNodeSchema).optional(),
    text: z.string().optional(),
    marks: z.array(z.object({ type: z.enum(TIPTAP_MARK_TYPES, { error: "invalid_parameters" }), attrs })).optional(),
  }),
);
/** The document with every link that is not http(s), mailto or tel (or an anchor) unlinked: its text stays. */
export function sanitizeDocLinks(node: TiptapNode): TiptapNode {
  const marks = node.marks
    ?.map((mark) => (mark.type === "link" ? { ...mark, attrs: { ...mark.attrs, href: safeLink(mark.attrs?.href) } } : mark))
    .filter((mark) => mark.type !== "link" || mark.attrs?.href !== null);
  const attrs = node.attrs && "href" in node.attrs ? { ...node.attrs, href: safeLink(node.attrs.href) } : node.attrs;
  return {
    ...node,
    ...(attrs ? { attrs } : {}),
    ...(marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(sanitizeDocLinks) } : {}),
  };
}

export const emptyDoc = (): TiptapNode => ({ type: "doc", content: [{ type: "paragraph" }] });

export const ARTICLE_STATUSES = ["draft", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_SOURCES = ["manual", "url", "pdf", "docx"] as const;
export type ArticleSource = (typeof ARTICLE_SOURCES)[number];

export const ArticleInput = z.object({
  folder_id: z.number({ error: "required" }).int().positive({ error: "required" }),
  name: nameSchema(LIMITS.articleNameMaxChars),
  content: TiptapNodeSchema,
});
export type ArticleInput = z.infer<typeof ArticleInput>;

const articleBase = {
  id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  source: z.enum(ARTICLE_SOURCES),
  source_url: z.string().nullable(),
  char_count: z.number().int(),
  /** Longer than LIMITS.articleCharsWarning: the agent may not fully understand it. */
  too_long: z.boolean(),
  updated_at: z.string(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
};
export const ArticleSummary = z.object(articleBase);
export type ArticleSummary = z.infer<typeof ArticleSummary>;
export const ArticleView = z.object({ ...articleBase, content: TiptapNodeSchema });
export type ArticleView = z.infer<typeof ArticleView>;

export const ArticleListQuery = listQueryBase.extend({
  folder_id: z.coerce.number().int().positive().optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuery>;

export const UrlImportInput = z.object({
  folder_id: z.number().int().positive(),
  url: z.string({ error: "url_invalid" }).trim().min(1, { error: "url_invalid" }).max(2000, { error: "url_invalid" }),
});
export type UrlImportInput = z.infer<typeof UrlImportInput>;
export const UploadImportQuery = z.object({ folder_id: z.coerce.number().int().positive() });

// ---- Q&A pairs and the question log ----
export const QA_SOURCES = ["reviewed", "auto"] as const;
export type QaSource = (typeof QA_SOURCES)[number];

const question = z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.qaQuestionMaxChars, { error: "text_too_long" });
const answer = z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.qaAnswerMaxChars, { error: "text_too_long" });

export const QaInput = z.object({
  question,
  variants: z
    .array(z.string().trim().max(LIMITS.qaQuestionMaxChars, { error: "text_too_long" }))
    .max(LIMITS.qaVariantsMax, { error: "text_too_long" })
    .default([])
    .transform((list) => [...new Set(list.filter(Boolean))]),
  answer,
  active: z.boolean().default(true),
  related_article_ids: idList.default([]),
});
export type QaInput = z.infer<typeof QaInput>;

export const QaView = z.object({
  id: z.number().int(),
  question: z.string(),
  variants: z.array(z.string()),
  answer: z.string(),
  active: z.boolean(),
  source: z.enum(QA_SOURCES),
  related_article_ids: z.array(z.number().int()),
  origin_article_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QaView = z.infer<typeof QaView>;

export const QaListQuery = listQueryBase.extend({
  source: z.enum(QA_SOURCES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type QaListQuery = z.infer<typeof QaListQuery>;

export const QaBulkActiveInput = z.object({ ids: idList.min(1, { error: "required" }), active: z.boolean() });
export type QaBulkActiveInput = z.infer<typeof QaBulkActiveInput>;

export const QUESTION_OUTCOMES = ["answered", "not_found", "unrelated"] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];

/** The five filters of the Q&A page (spec §4), in the spec's order. */
export const QA_FILTERS = ["manual", "auto", "not_found", "answered", "unrelated"] as const;
export type QaFilter = (typeof QA_FILTERS)[number];

export const QuestionView = z.object({
  id: z.number().int(),
  question: z.string(),
  outcome: z.enum(QUESTION_OUTCOMES),
  agent_id: z.number().int(),
  interaction_id: z.number().int().nullable(),
  qa_pair_id: z.number().int().nullable(),
  article_id: z.number().int().nullable(),
  confidence: z.number().nullable(),
  created_at: z.string(),
  resolved_qa_pair_id: z.number().int().nullable(),
});
export type QuestionView = z.infer<typeof QuestionView>;

export const QuestionListQuery = listQueryBase.extend({ outcome: z.enum(QUESTION_OUTCOMES) });
export type QuestionListQuery = z.infer<typeof QuestionListQuery>;

/** An admin answers a "not found" question in one step: it becomes an active, reviewed Q&A pair. */
export const ResolveQuestionInput = z.object({ question: question.optional(), answer });
export type ResolveQuestionInput = z.infer<typeof ResolveQuestionInput>;
