import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Realtime } from "./realtime/realtime.ts";
import type { KnowledgeHub } from "../modules/knowledge/knowledge.source.ts";

/** What feature modules receive: explicit dependencies, no globals. */
export interface AppDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  version: string;
}

export interface AppContext extends AppDeps {
  realtime: Realtime;
  /** The knowledge the answer engine reads, and the change signal it listens to. */
  knowledge: KnowledgeHub;
}
