/** The knowledge base (folders assigned to agents, articles, Q&A pairs, the learning loop's question log) and a company's optional model provider. */
import type { TiptapNode } from "@holboo/core";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns.ts";
import { companies, users, virtualAgents } from "./accounts.ts";
import { interactions } from "./interactions.ts";

export const knowledgeFolders = pgTable(
  "knowledge_folders",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => knowledgeFolders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("knowledge_folders_company_idx").on(t.companyId, t.parentId),
    // A name must not duplicate a sibling's (case-insensitively); top-level folders are siblings too.
    uniqueIndex("knowledge_folders_sibling_name_unique").on(t.companyId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
  ],
);

/** Which virtual agents answer from a folder. */
export const knowledgeFolderAgents = pgTable(
  "knowledge_folder_agents",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    folderId: integer("folder_id")
      .notNull()
      .references(() => knowledgeFolders.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => virtualAgents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.agentId] }), index("knowledge_folder_agents_company_agent_idx").on(t.companyId, t.agentId)],
);

export const knowledgeArticles = pgTable(
  "knowledge_articles",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    folderId: integer("folder_id")
      .notNull()
      .references(() => knowledgeFolders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** draft or published; only published articles feed the agents. */
    status: text("status").notNull().default("draft"),
    /** Tiptap JSON; plain_text is extracted from it on every save. */
    content: jsonb("content").$type<TiptapNode>().notNull(),
    plainText: text("plain_text").notNull().default(""),
    /** manual, url, pdf or docx */
    source: text("source").notNull().default("manual"),
    sourceUrl: text("source_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("knowledge_articles_company_folder_idx").on(t.companyId, t.folderId, t.status)],
);

export const knowledgeQaPairs = pgTable(
  "knowledge_qa_pairs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    variants: jsonb("variants").$type<string[]>().notNull().default([]),
    answer: text("answer").notNull(),
    active: boolean("active").notNull().default(true),
    /** reviewed (written or approved by a person) or auto (generated from an article). */
    source: text("source").notNull().default("reviewed"),
    relatedArticleIds: jsonb("related_article_ids").$type<number[]>().notNull().default([]),
    /** The article an auto-generated pair came from; it feeds only the agents of that article's folder. */
    originArticleId: integer("origin_article_id").references(() => knowledgeArticles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_qa_pairs_company_idx").on(t.companyId, t.source, t.id),
    index("knowledge_qa_pairs_company_origin_idx").on(t.companyId, t.originArticleId),
  ],
);

/** Every customer question an agent handled, with its outcome: the learning loop's log. */
export const knowledgeQuestions = pgTable(
  "knowledge_questions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => virtualAgents.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id").references(() => interactions.id, { onDelete: "set null" }),
    question: text("question").notNull(),
    /** answered, not_found or unrelated */
    outcome: text("outcome").notNull(),
    qaPairId: integer("qa_pair_id").references(() => knowledgeQaPairs.id, { onDelete: "set null" }),
    articleId: integer("article_id").references(() => knowledgeArticles.id, { onDelete: "set null" }),
    confidence: real("confidence"),
    /** Set when an admin answered a "not found" question; the pair it became. */
    resolvedQaPairId: integer("resolved_qa_pair_id").references(() => knowledgeQaPairs.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("knowledge_questions_company_outcome_idx").on(t.companyId, t.outcome, t.id)],
);
export const modelProviders = pgTable("model_providers", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  /** Plain text only until the server's start-up step seals it into api_key_sealed (rows from before sealing). */
  apiKey: text("api_key").notNull().default(""),
  /** The key sealed with the secrets box; never returned. */
  apiKeySealed: bytea("api_key_sealed"),
  chatModel: text("chat_model").notNull().default(""),
  embeddingModel: text("embedding_model").notNull().default(""),
  updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** Sentence vectors of an agent's knowledge texts (answers/engine/sentence-encoder.ts), kept so that a
 * restart does not embed everything again; rows of texts no longer indexed are removed after each full
 * embedding of the agent's knowledge. */
export const knowledgeSentenceVectors = pgTable(
  "knowledge_sentence_vectors",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => virtualAgents.id, { onDelete: "cascade" }),
    /** Which encoder made the vector: a new model never reads an old one's vectors. */
    encoder: text("encoder").notNull(),
    /** SHA-256 of the text, base64url. */
    textHash: text("text_hash").notNull(),
    /** Float32 little-endian. */
    vector: bytea("vector").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.agentId, t.encoder, t.textHash] })],
);
