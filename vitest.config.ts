import { defineConfig } from "vitest/config";

/**
 * Most test files wait on PostgreSQL, sockets and timers more than they compute, so three run at once even on two
 * cores; the server files that share a world take turns (apps/server/vitest.shared-world.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: ["packages/core", "apps/server", "apps/web", "apps/widget"],
  },
});
