import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../src/platform/db/embedded.ts";
import { connectDatabase } from "../src/platform/db/client.ts";
import { runMigrations } from "../src/platform/db/migrate.ts";
import { migrateJobQueue } from "../src/platform/jobs/runner.ts";
import { TEST_JOB_SCHEMAS } from "./job-schemas.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database per test run: on the server named by TEST_DATABASE_URL or DATABASE_URL,
 * else on an embedded PostgreSQL in a temporary folder. Tests create their own data in it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let tempDir: string | null = null;
  let serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), "holboo-test-"));
    embedded = await startEmbeddedPostgres(tempDir);
    serverUrl = embedded.url;
  }
  const databaseName = `holboo_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const handle = connectDatabase(url.toString(), 2);
  await runMigrations(handle.pool);
  for (const schema of TEST_JOB_SCHEMAS) await migrateJobQueue(handle.pool, schema);
  await handle.close();
  project.provide("databaseUrl", url.toString());

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
