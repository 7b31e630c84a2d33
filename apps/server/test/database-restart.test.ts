import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { unique } from "./factories.ts";
import { startServerProcess, type ServerProcess } from "./processes.ts";
import { until } from "./sockets.ts";

/**
 * A database restart (or an administrator's pg_terminate_backend) ends every connection of a running
 * server at once. The process must stay up and reconnect: its pools, its job runner and the realtime
 * fan-out's LISTEN connection, which is checked out for good and so gets no help from its pool.
 */
let server: ServerProcess;
let admin: pg.Pool;
const appName = unique("restart-");

beforeAll(async () => {
  admin = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1 });
  // node-postgres reads PGAPPNAME, so this process's connections can be told from every other test's.
  server = await startServerProcess({ PGAPPNAME: appName });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await admin?.end();
});

/** Backends of this server that have run LISTEN, leaving out those in `ended`. */
const listening = async (ended: number[] = []) =>
  (
    await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%' AND NOT (pid = ANY($2::int[]))",
      [appName, ended],
    )
  ).rows[0]?.n ?? 0;

describe("the database ends a running server's connections", () => {
  it("the server stays up, answers again and listens again", async () => {
    await until(async () => (await listening()) > 0, 20_000);
    // pg_terminate_backend only signals: a dying backend stays in pg_stat_activity for a moment, so
    // the LISTEN that counts is one on a backend that was not ended.
    const ended = await admin.query<{ pid: number }>("SELECT pid, pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = $1", [
      appName,
    ]);
    expect(ended.rowCount).toBeGreaterThan(0);
    const endedPids = ended.rows.map((row) => row.pid);

    await until(async () => (await listening(endedPids)) > 0 || server.child.exitCode !== null, 20_000);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(await listening(endedPids), server.output()).toBeGreaterThan(0);
    const version = await fetch(`${server.url}/pub/version`);
    expect(version.status).toBe(200);
    expect(server.output()).not.toContain("Unhandled");
  }, 60_000);
});
