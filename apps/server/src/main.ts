import { performance } from "node:perf_hooks";
import { ConfigError, loadConfig, type Config } from "./platform/config.ts";
import { startServer } from "./platform/server.ts";
import { startFailure } from "./platform/start-failure.ts";

async function main(config: Config) {
  const startedAt = performance.now();
  const server = await startServer(config);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const database = config.DATABASE_URL ? "external" : "embedded";
  if (config.HOLBOO_ROLE === "worker") console.log(`Holboo worker is running background jobs (${database} PostgreSQL, ${seconds} s)`);
  else
    console.log(
      `Holboo is ready at ${config.PUBLIC_URL} (listening on ${server.listening}; ${config.HOLBOO_ROLE === "web" ? "without background jobs, " : ""}${database} PostgreSQL, ${seconds} s)`,
    );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Holboo…`);
    // Running jobs get this long to finish; the timer also keeps the process alive while they do.
    const deadline = setTimeout(() => {
      console.error("Holboo did not stop within 30 s; exiting anyway (unfinished jobs run again on the next start).");
      process.exit(1);
    }, 30_000);
    await server.stop().catch((error: unknown) => console.error(error));
    clearTimeout(deadline);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // A closed terminal: PostgreSQL runs in its own process group, so it is stopped here like on Ctrl-C.
  process.on("SIGHUP", () => void shutdown("SIGHUP"));
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

main(config).catch((error: unknown) => {
  // One sentence with the cause and the fix; the stack only when asked for, since it is ours, not theirs.
  console.error(startFailure(error, config).describe());
  if (config.LOG_LEVEL === "debug" || config.LOG_LEVEL === "trace") console.error(error);
  process.exit(1);
});
