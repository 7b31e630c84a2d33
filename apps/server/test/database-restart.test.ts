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

const listening = async () =>
  (await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%'", [appName])).rows[0]
    ?.n ?? 0;

describe("the database ends a running server's connections", () => {
  it("the server stays up, answers again and listens again", async () => {
    await until(async () => (await listening()) > 0, 20_000);
    const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [appName]);
    expect(ended.rowCount).toBeGreaterThan(0);

    await until(async () => (await listening()) > 0 || server.child.exitCode !== null, 20_000);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(await listening(), server.output()).toBeGreaterThan(0);
    const version = await fetch(`${server.url}/pub/version`);
    expect(version.status).toBe(200);
    expect(server.output()).not.toContain("Unhandled");
  }, 60_000);
});
