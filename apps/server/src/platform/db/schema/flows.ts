/** Conversation flows (drafts, immutable published versions, per-conversation runs) and custom API endpoints. */
import type { FlowGraph } from "@holboo/core";
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns.ts";
import { companies, virtualAgents } from "./accounts.ts";
import { interactions } from "./interactions.ts";

export const flows = pgTable(
  "flows",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Deleting an agent deletes its flows (spec §4). */
    agentId: integer("agent_id")
      .notNull()
      .references(() => virtualAgents.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** draft, published or off; only published flows match customers' messages. */
    status: text("status").notNull().default("draft"),
    topics: jsonb("topics").$type<string[]>().notNull().default([]),
    /** The canvas as edited; publishing copies it into a new immutable version. */
    draft: jsonb("draft").$type<FlowGraph>().notNull(),
    publishedVersionId: integer("published_version_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("flows_company_agent_idx").on(t.companyId, t.agentId, t.status)],
);

/** A published graph, never changed: running conversations finish on the version they started on. */
export const flowVersions = pgTable(
  "flow_versions",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    graph: jsonb("graph").$type<FlowGraph>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("flow_versions_flow_version_unique").on(t.companyId, t.flowId, t.version)],
);

export interface VoiceRunState {
  callId: number;
  /** The caller's channel on the PBX (the call's provider id). */
  caller: string;
  /** played (a prompt playing), digit (a menu waiting for a key), recorded (a voicemail recording), or nothing. */
  awaiting: "played" | "digit" | "recorded" | null;
  /** Wrong or missing keys at the current menu so far. */
  tries: number;
}

export interface FlowFrame {
  flowId: number;
  versionId: number;
  /** The subflow node of the caller to continue from when the entered flow ends. */
  returnTo: string;
}

/** One flow run in one conversation: where it stands, its variables and the version it runs on. */
export const flowRuns = pgTable(
  "flow_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interactionId: integer("interaction_id")
      .notNull()
      .references(() => interactions.id, { onDelete: "cascade" }),
    /** The flow whose question matched (usage and outcome figures count here). */
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    /** The flow (and version) the run is in now: a subflow's while inside one. */
    currentFlowId: integer("current_flow_id").notNull(),
    versionId: integer("version_id").notNull(),
    nodeId: text("node_id").notNull(),
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    stack: jsonb("stack").$type<FlowFrame[]>().notNull().default([]),
    /** waiting (for the customer's choice), success, fail, ended (no outcome node), replaced, timeout */
    status: text("status").notNull(),
    /** Bumped at every wait, so a timeout job of an earlier wait does nothing. */
    waitSeq: integer("wait_seq").notNull().default(0),
    /** A call operator's run: the call it drives and what it awaits from the PBX (null for a chat's run). */
    voice: jsonb("voice").$type<VoiceRunState>(),
    /** Whether the matched question was the right one (the customer went on), null until known. */
    recognized: boolean("recognized"),
    startedAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("flow_runs_company_flow_idx").on(t.companyId, t.flowId),
    uniqueIndex("flow_runs_one_waiting")
      .on(t.companyId, t.interactionId)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

export interface StoredHeader {
  name: string;
  /** Plain value of a header that is not secret. */
  value: string | null;
  secret: boolean;
}

export const customApiEndpoints = pgTable(
  "custom_api_endpoints",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    method: text("method").notNull(),
    url: text("url").notNull(),
    headers: jsonb("headers").$type<StoredHeader[]>().notNull().default([]),
    /** Secret header values, sealed (name → value); never sent back to the browser. */
    secrets: bytea("secrets"),
    bodyTemplate: text("body_template").notNull().default(""),
    timeoutMs: integer("timeout_ms").notNull(),
    expectedStatus: integer("expected_status").notNull().default(200),
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull().default({}),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("custom_api_endpoints_company_idx").on(t.companyId, t.id)],
);
