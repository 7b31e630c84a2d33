import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { App } from "../app.ts";
import { buildApp } from "../app.ts";
import type { Config } from "./config.ts";
import { connectDatabase, type DatabaseHandle } from "./db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { runMigrations } from "./db/migrate.ts";
import { migrateJobQueue } from "./jobs/runner.ts";
import { createMailer } from "./mail/mailer.ts";
import { loadSecretBox } from "./crypto/secret-box.ts";
import { startPeriodic } from "./periodic.ts";
import { describeListening } from "./listening.ts";

export interface RunningServer {
  app: App;
  url: string;
  /** Where it listens, as bound (every address, or one), for the start's message. */
  listening: string;
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

const boundPort = (app: App) => {
  const bound = app.server.address();
  return typeof bound === "object" && bound ? bound.port : 0;
};

/** Starts the database (embedded unless DATABASE_URL is set), migrates, and serves HTTP. */
export async function startServer(config: Config, log: (line: string) => void = console.log): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, { log: config.LOG_LEVEL === "debug" ? log : undefined });
    url = embedded.url;
  }
  const database = connectDatabase(url);
  // Without SMTP, mail that carries a sign-in secret is shown here, to whoever runs the server, and nowhere else.
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, operatorConsole: log });
  let app: App | null = null;
  let address: string;
  try {
    await runMigrations(database.pool);
    await migrateJobQueue(database.pool, config.JOBS_SCHEMA);
    const secrets = await loadSecretBox(config.HOLBOO_SECRET_KEY, config.DATA_DIR);
    app = await buildApp({ db: database.db, databaseUrl: url, pool: database.pool, secrets, config, mailer, version: resolveVersion(config) });
    // A worker-only process serves no HTTP; it still pushes what its jobs change to the web processes.
    address = config.HOLBOO_ROLE === "worker" ? (await app.ready(), "") : await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Leave nothing running behind a failed start, above all not the embedded PostgreSQL.
    await app?.close().catch(() => undefined);
    mailer.close();
    await database.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  const running = app;
  const stopPeriodic = startPeriodic(running.periodic, (task, error) => running.log.error({ err: error }, `${task.name} failed`));
  let stopped = false;
  return {
    app: running,
    url: address.replace("0.0.0.0", "localhost").replace("[::]", "localhost"),
    listening: address ? describeListening(config.HOST, boundPort(running)) : "",
    database,
    async stop() {
      if (stopped) return;
      stopped = true;
      stopPeriodic();
      await running.close();
      mailer.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
