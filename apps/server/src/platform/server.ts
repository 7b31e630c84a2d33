import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { App } from "../app.ts";
import { buildApp } from "../app.ts";
import type { Config } from "./config.ts";
import { connectDatabase, type DatabaseHandle } from "./db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { runMigrations } from "./db/migrate.ts";
import { createMailer } from "./mail/mailer.ts";
import { purgeSpentTokens } from "./auth/one-time-tokens.ts";
import { purgeExpiredSessions } from "./auth/sessions.ts";
import { startPeriodic } from "./periodic.ts";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface RunningServer {
  app: App;
  url: string;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The build version: set explicitly, or stamped into the web build, or the package version. */
function resolveVersion(config: Config): string {
  if (config.APP_VERSION) return config.APP_VERSION;
  const stamp = path.resolve(config.WEB_DIST_DIR ?? path.join(ROOT, "apps/web/dist"), "version.json");
  if (existsSync(stamp)) return (JSON.parse(readFileSync(stamp, "utf8")) as { version: string }).version;
  return (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/** Starts the database (embedded unless DATABASE_URL is set), migrates, and serves HTTP. */
export async function startServer(config: Config, log: (line: string) => void = console.log): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.DATA_DIR), config.LOG_LEVEL === "debug" ? log : undefined);
    url = embedded.url;
  }
  const database = connectDatabase(url);
  try {
    await runMigrations(database.pool);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const app = await buildApp({ db: database.db, databaseUrl: url, config, mailer, version: resolveVersion(config) });
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const housekeeping = async () => {
    await purgeExpiredSessions(database.db);
    await purgeSpentTokens(database.db);
  };
  const timer = setInterval(() => void housekeeping().catch((error: unknown) => app.log.error(error)), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  const stopPeriodic = startPeriodic(app.periodic, (task, error) => app.log.error({ err: error }, `${task.name} failed`));
  let stopped = false;
  return {
    app,
    url: address.replace("0.0.0.0", "localhost").replace("[::]", "localhost"),
    database,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stopPeriodic();
      await app.close();
      mailer.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
