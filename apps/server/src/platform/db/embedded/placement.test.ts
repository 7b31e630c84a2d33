import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readlink, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StartError } from "../../start-messages.ts";
import { binPath } from "./binaries.ts";
import { canEnter, canRun, postgresUser } from "./os-user.ts";
import { placeCluster, reachableBinaries } from "./placement.ts";

// Only root hands PostgreSQL to another user; for everyone else nothing here runs.
describe.skipIf(process.getuid?.() !== 0)("as root, what the postgres user cannot reach", () => {
  let closed: string; // a mode-700 folder, like /root or a mktemp -d folder
  let systemDir: string;
  const user = () => postgresUser();

  beforeEach(async () => {
    closed = await mkdtemp(path.join(os.tmpdir(), "holboo-closed-"));
    systemDir = await mkdtemp(path.join(os.tmpdir(), "holboo-system-"));
    await chmod(systemDir, 0o755);
  });
  afterEach(async () => {
    await rm(closed, { recursive: true, force: true });
    await rm(systemDir, { recursive: true, force: true });
  });

  it("runs the programs from a copy made once per version", async () => {
    const native = path.join(closed, "project/node_modules/native");
    await mkdir(path.join(native, "bin"), { recursive: true });
    await mkdir(path.join(native, "share/timezone"), { recursive: true });
    await writeFile(binPath(native, "postgres"), "#!/bin/sh\nexit 0\n", { mode: 0o700 });
    await writeFile(path.join(native, "share/timezone/UTC"), "tz", { mode: 0o600 });
    await symlink("UTC", path.join(native, "share/timezone/Zulu"));
    expect(canRun(user(), binPath(native, "postgres"))).toBe(false);

    const notice = vi.fn();
    const copy = await reachableBinaries({ dir: native, version: "18.0-test" }, user(), systemDir, notice);
    expect(copy).toBe(path.join(systemDir, "postgres-18.0-test"));
    expect(canRun(user(), binPath(copy, "postgres"))).toBe(true);
    expect((await stat(path.join(copy, "share/timezone/UTC"))).mode & 0o777).toBe(0o644);
    expect(await readlink(path.join(copy, "share/timezone/Zulu"))).toBe("UTC");
    expect(notice).toHaveBeenCalledWith("binaries_copied", { path: copy });

    notice.mockClear();
    expect(await reachableBinaries({ dir: native, version: "18.0-test" }, user(), systemDir, notice)).toBe(copy);
    expect(notice).not.toHaveBeenCalled();
  });

  it("keeps a reachable DATA_DIR's cluster in place, owned by the postgres user", async () => {
    await chmod(closed, 0o755);
    const dataDir = path.join(closed, "data");
    await mkdir(dataDir, { mode: 0o755 });
    const cluster = await placeCluster(dataDir, user(), systemDir, vi.fn());
    expect(cluster).toBe(path.join(dataDir, "postgres"));
    expect((await stat(cluster)).uid).toBe(user().uid);
  });

  it("places an unreachable DATA_DIR's cluster under the system folder and links it from DATA_DIR", async () => {
    const dataDir = path.join(closed, "deep/er/data");
    await mkdir(path.join(dataDir, "postgres"), { recursive: true, mode: 0o755 }); // what earlier versions left
    expect(canEnter(user(), dataDir)).toBe(false);

    const notice = vi.fn();
    const cluster = await placeCluster(dataDir, user(), systemDir, notice);
    expect(path.dirname(cluster)).toBe(path.join(systemDir, "clusters"));
    expect(path.basename(cluster)).toMatch(/deep-er-data-[0-9a-f]{8}$/);
    expect(await readlink(path.join(dataDir, "postgres"))).toBe(cluster);
    expect(canEnter(user(), cluster)).toBe(true);
    expect(notice).toHaveBeenCalledWith("cluster_relocated", { target: cluster, link: path.join(dataDir, "postgres"), dataDir });

    expect(await placeCluster(dataDir, user(), systemDir, vi.fn())).toBe(cluster);

    await rm(cluster, { recursive: true });
    const broken = await placeCluster(dataDir, user(), systemDir, vi.fn()).catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(StartError);
    expect((broken as StartError).key).toBe("cluster_link_broken");
    expect((await lstat(path.join(dataDir, "postgres"))).isSymbolicLink()).toBe(true);
  });

  it("refuses, rather than moves, a cluster that already lives where the postgres user cannot reach", async () => {
    const dataDir = path.join(closed, "data");
    await mkdir(path.join(dataDir, "postgres"), { recursive: true });
    await writeFile(path.join(dataDir, "postgres/PG_VERSION"), "18\n");
    const error = await placeCluster(dataDir, user(), systemDir, vi.fn()).catch((caught: unknown) => caught);
    expect((error as StartError).key).toBe("cluster_unreachable");
    expect(existsSync(path.join(systemDir, "clusters"))).toBe(false);
  });
});
