import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearOrphanPostmaster } from "./orphan.ts";

// The orphan itself (a postmaster whose server was SIGKILLed) is in test/restart-after-kill.test.ts.
describe.skipIf(process.platform !== "linux")("a postmaster.pid no postmaster of this cluster holds", () => {
  let cluster = "";
  const lock = () => path.join(cluster, "postmaster.pid");
  beforeEach(async () => {
    cluster = await mkdtemp(path.join(os.tmpdir(), "holboo-lock-"));
  });
  afterEach(() => rm(cluster, { recursive: true, force: true }));

  it("is removed when its pid now belongs to another program", async () => {
    await writeFile(lock(), `${process.pid}\n${cluster}\n`);
    const notice = vi.fn();
    await clearOrphanPostmaster(cluster, notice);
    expect(existsSync(lock())).toBe(false);
    expect(notice).not.toHaveBeenCalled();
  });

  it("is left to PostgreSQL when its process is gone (PostgreSQL replaces such a lock itself)", async () => {
    const gone = spawnSync("true").pid;
    await writeFile(lock(), `${gone}\n${cluster}\n`);
    await clearOrphanPostmaster(cluster, vi.fn());
    expect(existsSync(lock())).toBe(true);
  });
});
