import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StartError } from "../start-messages.ts";
import { startEmbeddedPostgres } from "./embedded.ts";

describe("embedded PostgreSQL start", () => {
  let dataDir = "";
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("fails with PostgreSQL's own words when it refuses the cluster", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "holboo-broken-"));
    await mkdir(path.join(dataDir, "postgres"), { mode: 0o755 });
    await writeFile(path.join(dataDir, "postgres/PG_VERSION"), "18\n"); // a cluster with nothing else in it

    const error = await startEmbeddedPostgres(dataDir, { notice: () => {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartError);
    const failure = error as StartError;
    expect(failure.key).toBe("postgres_failed");
    expect(failure.output).toContain("postgresql.conf");
    expect(failure.describe("en")).toMatch(/^The embedded PostgreSQL in .+ stopped while starting .+\nPostgreSQL said:\n {2}.*postgresql\.conf/s);
  });
});
