/**
 * The database schema. Every company-owned table carries company_id NOT NULL and its tenant
 * indexes start with it. Users are the exception: a new sign-up has no company yet (company_id 0
 * in the API, NULL here) until onboarding creates one.
 */
import { LIMITS } from "@holboo/core";
import { sql } from "drizzle-orm";
import {
  bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { TiptapNode } from "@holboo/core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    contactEmail: text("contact_email"),
    phone: text("phone"),
    sector: text("sector"),
    employeeRange: text("employee_range"),
    logoFileId: uuid("logo_file_id"),
    ownerUserId: integer("owner_user_id").notNull(),
    creatorUserId: integer("creator_user_id").notNull(),
    ownershipTransferredAt: timestamp("ownership_transferred_at", { withTimezone: true }),
    domainRuleEnabled: boolean("domain_rule_enabled").notNull().default(false),
    /** Auto-assignment gives an agent at most this many open interactions. */
    maxOpenPerAgent: integer("max_open_per_agent").notNull().default(LIMITS.maxOpenPerAgentDefault),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("companies_name_unique").on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    email: text("email"),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    role: text("role").notNull().default("admin"),
    userType: text("user_type").notNull().default("human"),
    status: text("status").notNull().default("active"),
    presence: text("presence").notNull().default("offline"),
    locale: text("locale").notNull().default("mn"),
    photoFileId: uuid("photo_file_id"),
    isApprovedBySuperadmin: boolean("is_approved_by_superadmin").notNull().default(false),
    invitedByUserId: integer("invited_by_user_id"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`).where(sql`${t.email} IS NOT NULL`),
    index("users_company_idx").on(t.companyId, t.id),
    index("users_company_role_status_idx").on(t.companyId, t.role, t.status),
  ],
);

export const virtualAgents = pgTable(
  "virtual_agents",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    agentType: text("agent_type").notNull().default("social_agent"),
    isPrimary: boolean("is_primary").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("virtual_agents_company_idx").on(t.companyId, t.id),
    uniqueIndex("virtual_agents_one_primary").on(t.companyId).where(sql`${t.isPrimary}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use tokens: guard hand-offs, invitations and password resets. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.role, t.permission] })],
);

export const mailDomains = pgTable(
  "mail_domains",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_domains_company_domain_unique").on(t.companyId, t.domain)],
);

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    mime: text("mime").notNull(),
    name: text("name").notNull().default(""),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId, t.id)],
);

/** Outgoing mail. Without SMTP configured it stays here ("kept") so an admin can read it. */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_company_idx").on(t.companyId, t.id)],
);

export const channels = pgTable(
  "channels",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    name: text("name").notNull(),
    number: text("number"),
    description: text("description").notNull(),
    active: boolean("active").notNull().default(true),
    /** The virtual agent that serves the channel; it answers first only while agent_active is on. */
    agentId: integer("agent_id").references(() => virtualAgents.id, { onDelete: "set null" }),
    agentActive: boolean("agent_active").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("channels_company_idx").on(t.companyId, t.type, t.id)],
);

/** Web-chat settings of a channel. The domain is unique across companies: one site, one web chat. */
export const webchatChannels = pgTable(
  "webchat_channels",
  {
    channelId: integer("channel_id").primaryKey().references(() => channels.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    publicKey: text("public_key").notNull(),
    hmacSecret: text("hmac_secret").notNull(),
    nameMn: text("name_mn").notNull(),
    nameEn: text("name_en").notNull().default(""),
    greetingMn: text("greeting_mn").notNull().default(""),
    greetingEn: text("greeting_en").notNull().default(""),
    brandColor: text("brand_color").notNull(),
    textColor: text("text_color").notNull(),
    language: text("language").notNull().default("mn"),
    faq: jsonb("faq").$type<Array<{ question_mn: string; question_en: string; answer_mn: string; answer_en: string }>>().notNull().default([]),
    logoFileId: uuid("logo_file_id"),
  },
  (t) => [
    uniqueIndex("webchat_domain_unique").on(t.domain),
    uniqueIndex("webchat_public_key_unique").on(t.publicKey),
    index("webchat_company_idx").on(t.companyId, t.channelId),
  ],
);

export const savedResponses = pgTable(
  "saved_responses",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    text: text("text").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_responses_company_key_unique").on(t.companyId, sql`lower(${t.key})`)],
);

export const interactionTags = pgTable(
  "interaction_tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    important: boolean("important").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interaction_tags_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

/** Contact types (/settings/contact_type). Declared before contacts, which reference them. */
export const contactTypes = pgTable(
  "contact_types",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_types_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** Lower-case e-mails and E.164 phones (core normalizePhone), so duplicates compare equal. */
    email: text("email"),
    email2: text("email2"),
    phone: text("phone"),
    phone2: text("phone2"),
    companyName: text("company_name").notNull().default(""),
    profession: text("profession").notNull().default(""),
    city: text("city").notNull().default(""),
    district: text("district").notNull().default(""),
    subdistrict: text("subdistrict").notNull().default(""),
    addressDetail: text("address_detail").notNull().default(""),
    note: text("note").notNull().default(""),
    description: text("description").notNull().default(""),
    typeId: integer("type_id").references(() => contactTypes.id, { onDelete: "set null" }),
    special: boolean("special").notNull().default(false),
    /** user, system, ai or unregistered (a visitor who introduced nobody) */
    createdBy: text("created_by").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The client's key of an add, so a retried add returns the first contact instead of a second one. */
    idempotencyKey: text("idempotency_key"),
    /** What search matches (trigram GIN index with company_id, see the contacts migration). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(email2, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(phone2, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_company_idx").on(t.companyId, t.id),
    // The list is newest first: a backward scan of these gives ORDER BY created_at DESC, id DESC with each filter.
    index("contacts_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("contacts_company_creator_idx").on(t.companyId, t.createdByUserId, t.createdAt, t.id),
    index("contacts_company_origin_idx").on(t.companyId, t.createdBy, t.createdAt, t.id),
    index("contacts_company_type_idx").on(t.companyId, t.typeId, t.createdAt, t.id),
    index("contacts_company_special_idx").on(t.companyId, t.createdAt, t.id).where(sql`${t.special}`),
    index("contacts_company_email_idx").on(t.companyId, t.email),
    index("contacts_company_email2_idx").on(t.companyId, t.email2),
    index("contacts_company_phone_idx").on(t.companyId, t.phone),
    index("contacts_company_phone2_idx").on(t.companyId, t.phone2),
    uniqueIndex("contacts_company_idempotency_unique").on(t.companyId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** A contact's identity on one channel: a web-chat visitor, later a Messenger PSID or an e-mail address. */
export const contactIdentities = pgTable(
  "contact_identities",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    verified: boolean("verified").notNull().default(false),
    visitorTokenHash: text("visitor_token_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_identities_channel_external_unique").on(t.channelId, t.externalId),
    uniqueIndex("contact_identities_token_unique").on(t.visitorTokenHash),
    index("contact_identities_company_contact_idx").on(t.companyId, t.contactId),
  ],
);

export const interactions = pgTable(
  "interactions",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
    identityId: integer("identity_id").references(() => contactIdentities.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status").notNull().default("open"),
    ownerType: text("owner_type").notNull(),
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedByUserId: integer("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    mood: text("mood"),
    rating: integer("rating"),
    ratingComment: text("rating_comment"),
    ratingTokenHash: text("rating_token_hash"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessagePreview: text("last_message_preview"),
    /**
     * The virtual agent's memory of this conversation: answers that missed in a row, and the choices it
     * last offered with the question they clarify.
     */
    botState: jsonb("bot_state").$type<{ misses: number; options: Array<{ id: string; title: string }>; question?: string }>(),
  },
  (t) => [
    // Not on last_message_at: every message moves it, and an unindexed change lets PostgreSQL update
    // the row in place (HOT). The open tab is small enough to sort; the closed one uses closed_at.
    index("interactions_company_status_idx").on(t.companyId, t.status, t.closedAt),
    index("interactions_company_assignee_idx").on(t.companyId, t.assigneeUserId, t.status),
    index("interactions_company_contact_idx").on(t.companyId, t.contactId),
    // Every customer message finds its conversation by the sender's channel identity.
    index("interactions_company_identity_idx").on(t.companyId, t.identityId, t.status),
    index("interactions_company_channel_idx").on(t.companyId, t.channelId, t.status),
    uniqueIndex("interactions_rating_token_unique").on(t.ratingTokenHash),
  ],
);

export const interactionTagLinks = pgTable(
  "interaction_tag_links",
  {
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id").notNull().references(() => interactions.id, { onDelete: "cascade" }),
    tagId: integer("tag_id").notNull().references(() => interactionTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.interactionId, t.tagId] }), index("interaction_tag_links_company_tag_idx").on(t.companyId, t.tagId)],
);

/** The ordered log of an interaction. Written with the change it records, read by resync and pushes. */
export const interactionEvents = pgTable(
  "interaction_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // No foreign key to companies on the two hot tables: the interaction's own key already ties the row
    // to its company (and deletes it with it), and a key check would share-lock the company's row on
    // every message, one write to that row per message.
    companyId: integer("company_id").notNull(),
    interactionId: integer("interaction_id").notNull().references(() => interactions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    /** Whether the customer's side may see it (private notes and staff-only events are not). */
    visibleToContact: boolean("visible_to_contact").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interaction_events_seq_unique").on(t.companyId, t.interactionId, t.seq)],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // See interaction_events: the interaction's key ties a message to its company.
    companyId: integer("company_id").notNull(),
    interactionId: integer("interaction_id").notNull().references(() => interactions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    direction: text("direction").notNull(),
    senderType: text("sender_type").notNull(),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull().default(""),
    attachments: jsonb("attachments").$type<Array<{ file_id: string; name: string; mime: string; size: number }>>().notNull().default([]),
    status: text("status").notNull(),
    isBot: boolean("is_bot").notNull().default(false),
    isPrivate: boolean("is_private").notNull().default(false),
    providerMessageId: text("provider_message_id"),
    clientId: text("client_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // One index serves tenant reads, history paging and sequence uniqueness; the id indexes skip NULLs.
    uniqueIndex("messages_interaction_seq_unique").on(t.companyId, t.interactionId, t.seq),
    uniqueIndex("messages_client_id_unique").on(t.companyId, t.clientId).where(sql`${t.clientId} IS NOT NULL`),
    uniqueIndex("messages_provider_id_unique").on(t.companyId, t.providerMessageId).where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);

// ---- Knowledge base: folders, articles, Q&A pairs and the learning-loop question log ----

export const knowledgeFolders = pgTable(
  "knowledge_folders",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
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
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").notNull().references(() => knowledgeFolders.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull().references(() => virtualAgents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.agentId] }), index("knowledge_folder_agents_company_agent_idx").on(t.companyId, t.agentId)],
);

export const knowledgeArticles = pgTable(
  "knowledge_articles",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").notNull().references(() => knowledgeFolders.id, { onDelete: "cascade" }),
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
  (t) => [
    index("knowledge_articles_company_folder_idx").on(t.companyId, t.folderId, t.status),
  ],
);

export const knowledgeQaPairs = pgTable(
  "knowledge_qa_pairs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
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
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull().references(() => virtualAgents.id, { onDelete: "cascade" }),
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
// ---------------------------------------------------------------------------------------------------
// Answer engine: a company's optional OpenAI-compatible model provider (OpenAI, Azure OpenAI, Ollama,
// vLLM, llama.cpp). One row per company; the API key is stored as given and never returned in full.
export const modelProviders = pgTable("model_providers", {
  companyId: integer("company_id").primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  apiKey: text("api_key").notNull().default(""),
  chatModel: text("chat_model").notNull().default(""),
  embeddingModel: text("embedding_model").notNull().default(""),
  updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
// ── Contacts ──────────────────────────────────────────────────────────────────────────────────────

/** One merge of two contacts: the kept contact, a snapshot of the removed one, who and when. */
export const contactMerges = pgTable(
  "contact_merges",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    keptContactId: integer("kept_contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
    removedContactId: integer("removed_contact_id").notNull(),
    removedSnapshot: jsonb("removed_snapshot").$type<Record<string, unknown>>().notNull(),
    mergedByUserId: integer("merged_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_merges_company_kept_idx").on(t.companyId, t.keptContactId)],
);

// ---------------------------------------------------------------------------------------------------
// Issues (customer requests): settings (types, tags with colour, reasons), issues with a per-company
// number, their tags, comments with mentions, and the activity history (every change: who, what, when).
/** Issue types, tags and reasons share one shape; `kind` tells them apart, names are unique per kind. */
export const issueSettings = pgTable(
  "issue_settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Tags only. */
    color: text("color"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("issue_settings_company_kind_name_unique").on(t.companyId, t.kind, sql`lower(${t.name})`)],
);

export const issues = pgTable(
  "issues",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    /** Per company, from 1; shown as #number. */
    number: integer("number").notNull(),
    name: text("name").notNull(),
    reasonId: integer("reason_id").references(() => issueSettings.id, { onDelete: "set null" }),
    typeId: integer("type_id").references(() => issueSettings.id, { onDelete: "set null" }),
    priority: text("priority").notNull(),
    status: text("status").notNull(),
    description: text("description").notNull().default(""),
    contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => channels.id, { onDelete: "set null" }),
    interactionId: integer("interaction_id").references(() => interactions.id, { onDelete: "set null" }),
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    attachments: jsonb("attachments").$type<Array<{ file_id: string; name: string; mime: string; size: number }>>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("issues_company_number_unique").on(t.companyId, t.number),
    index("issues_company_registered_idx").on(t.companyId, t.registeredAt),
    index("issues_company_assignee_idx").on(t.companyId, t.assigneeUserId, t.status),
    index("issues_company_creator_idx").on(t.companyId, t.createdByUserId),
    index("issues_company_contact_idx").on(t.companyId, t.contactId),
  ],
);

export const issueTagLinks = pgTable(
  "issue_tag_links",
  {
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id").notNull().references(() => issues.id, { onDelete: "cascade" }),
    tagId: integer("tag_id").notNull().references(() => issueSettings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.tagId] }), index("issue_tag_links_company_tag_idx").on(t.companyId, t.tagId)],
);

export const issueComments = pgTable(
  "issue_comments",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id").notNull().references(() => issues.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentionIds: jsonb("mention_ids").$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("issue_comments_company_issue_idx").on(t.companyId, t.issueId, t.id)],
);

/** The activity history of an issue, written in the same transaction as the change it records. */
export const issueEvents = pgTable(
  "issue_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    issueId: integer("issue_id").notNull().references(() => issues.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("issue_events_company_issue_idx").on(t.companyId, t.issueId, t.id)],
);
