import type { FastifyBaseLogger } from "fastify";
import type { MeView } from "@holboo/core";
import type pg from "pg";
import type { AnswerEngine } from "./modules/answers/answers.engine.ts";
import type { KnowledgeHub } from "./modules/knowledge/knowledge.source.ts";
import type { FlowQuestions } from "./modules/flows/flows.source.ts";
import type { PbxDriver } from "./modules/calls/pbx-driver.ts";
import type { VoiceFlows } from "./modules/calls/voice-flows.ts";
import type { ChannelDelivery } from "./modules/interactions/channel-delivery.ts";
import type { Config } from "./platform/config.ts";
import type { Database } from "./platform/db/client.ts";
import type { SecretBox } from "./platform/crypto/secret-box.ts";
import type { DomainEvents } from "./platform/events/bus.ts";
import type { JobQueue } from "./platform/jobs/queue.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import type { SharedLimits } from "./platform/rate-limit/limits.ts";
import type { Realtime } from "./platform/realtime/realtime.ts";

/** What feature modules receive: explicit dependencies, no globals. */
export interface AppDeps {
  db: Database;
  /** The database `db` is connected to, for the connections that listen (realtime fan-out, signals). */
  databaseUrl: string;
  /** The same database's connection pool, for what needs connections of its own (the job queue). */
  pool: pg.Pool;
  /** Seals and opens channel secrets (platform/crypto). */
  secrets: SecretBox;
  config: Config;
  mailer: Mailer;
  version: string;
  /** Counts rate limits apart from other apps on the same database (each in-test app; processes of one
   * installation leave it unset, so they count together). */
  limitsScope?: string;
}

export interface AppContext extends AppDeps {
  realtime: Realtime;
  /** Background work, added in the transaction that causes it (platform/jobs). */
  jobs: JobQueue;
  /** Domain events, recorded in the transaction of the change; their subscribers are wired in subscribers.ts. */
  events: DomainEvents<AppContext>;
  /** The knowledge the answer engine reads, and the change signal it listens to. */
  knowledge: KnowledgeHub;
  /** The answer engine over that knowledge, with each company's model provider when it has one. */
  answers: AnswerEngine;
  /** The question nodes of published flows, and the change signal the flow matcher listens to. */
  flowQuestions: FlowQuestions;
  /** A second answer engine, over those question nodes only: which flow a customer's message starts. */
  flowMatcher: AnswerEngine;
  /** The kinds of PBX the call center drives (pbx-drivers.ts), each behind modules/calls/pbx-driver.ts. */
  pbxDrivers: ReadonlyArray<PbxDriver>;
  /** The call operator's flows (modules/flows), as the PBX drivers below them drive a call through one. */
  voiceFlows: VoiceFlows;
  /** The channels' side of a conversation's replies (channels/adapters.service.ts), for conversations below them. */
  channelDelivery: ChannelDelivery;
  /** Rate limits counted with every process on the same database (or Redis). */
  limits: SharedLimits;
  /** GET /api/me's view of a user, assembled at the root (read-models/me.ts) from features of every rank. */
  me(userId: number): Promise<MeView>;
  /** For failures of work that runs outside a request (jobs, sockets). */
  log: FastifyBaseLogger;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's domain-event bus (tests watch what a change records). */
    events: DomainEvents<AppContext>;
  }
}
