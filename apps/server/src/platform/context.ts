import type { FastifyBaseLogger } from "fastify";
import type { AnswerEngine } from "../modules/answers/answers.engine.ts";
import type { KnowledgeHub } from "../modules/knowledge/knowledge.source.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { SharedLimits } from "./rate-limit/limits.ts";
import type { Realtime } from "./realtime/realtime.ts";

/** What feature modules receive: explicit dependencies, no globals. */
export interface AppDeps {
  db: Database;
  /** The database `db` is connected to, for the connections that listen (realtime fan-out, signals). */
  databaseUrl: string;
  config: Config;
  /** Counts rate limits apart from other apps on the same database (each in-test app; processes of one
   * installation leave it unset, so they count together). */
  limitsScope?: string;
  mailer: Mailer;
  version: string;
}

export interface AppContext extends AppDeps {
  realtime: Realtime;
  /** The knowledge the answer engine reads, and the change signal it listens to. */
  knowledge: KnowledgeHub;
  /** The answer engine over that knowledge, with each company's model provider when it has one. */
  answers: AnswerEngine;
  /** Rate limits counted with every process on the same database (or Redis). */
  limits: SharedLimits;
  /** For failures of work that runs after a response (the virtual agent's turn). */
  log: FastifyBaseLogger;
}
