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
  console.log(`Holboo is ready at ${config.PUBLIC_URL} (listening on ${server.url}, ${config.DATABASE_URL ? "external" : "embedded"} PostgreSQL, ${seconds} s)`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Holboo…`);
    await server.stop().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
