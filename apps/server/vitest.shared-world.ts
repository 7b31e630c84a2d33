/**
 * Server tests that share a world beyond their own company's rows: the channel tests (a mailbox reader or a PBX
 * connection, once switched on, takes every company's mailboxes and PBXs in the shared test database), the call
 * center's, and the tests that kill and restart whole processes with the readers on. They run one at a time, each
 * holding a PostgreSQL advisory lock for its whole file (test/shared-world.setup.ts), while every other file runs
 * beside them. Paths from apps/server; a folder ends with a slash.
 */
export const SHARED_WORLD_TESTS = [
  "src/channels/",
  "src/modules/calls/",
  "src/modules/interactions/interactions.test.ts",
  "src/modules/outbox/operator-console.test.ts",
  "test/database-restart.test.ts",
  "test/multi-process.test.ts",
  "test/multi-process-kill.test.ts",
  "test/restart-after-kill.test.ts",
];

export function sharesWorld(file: string): boolean {
  const relative = file.replaceAll("\\", "/").split("/apps/server/")[1] ?? "";
  return SHARED_WORLD_TESTS.some((path) => (path.endsWith("/") ? relative.startsWith(path) : relative === path));
}
