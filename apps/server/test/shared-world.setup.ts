import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { sharesWorld } from "../vitest.shared-world.ts";

const SHARED_WORLD_LOCK = 727_400;
/** A file may wait for the others that share its world to finish: the run's whole length, not a hook's usual minute. */
const WAIT_FOR_TURN_MS = 45 * 60_000;

let holder: pg.Client | null = null;

// eslint-disable-next-line no-empty-pattern -- Vitest reads the first parameter as fixtures, which must be a pattern; the file is the second.
beforeAll(async ({}, suite) => {
  const file = "filepath" in suite ? suite.filepath : suite.file.filepath;
  if (!sharesWorld(file)) return;
  holder = new pg.Client({ connectionString: inject("databaseUrl") });
  await holder.connect();
  // Held on this connection until the file ends; a worker that dies drops the connection, and the lock with it.
  await holder.query("SELECT pg_advisory_lock($1)", [SHARED_WORLD_LOCK]);
}, WAIT_FOR_TURN_MS);

afterAll(async () => {
  await holder?.end();
  holder = null;
});
