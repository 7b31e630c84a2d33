import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/global-setup.ts"],
    // Files that share a world beyond their company's rows take turns (vitest.shared-world.ts).
    setupFiles: ["./test/shared-world.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
