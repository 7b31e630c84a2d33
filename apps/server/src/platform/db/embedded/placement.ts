import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, cp, lstat, mkdir, readdir, readlink, rename, rm, rmdir, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { StartError, type MessageParams, type StartMessage } from "../../start-messages.ts";
import { binPath, type PostgresBinaries } from "./binaries.ts";
import { canEnter, canRun, type OsUser } from "./os-user.ts";

/**
 * Where root keeps what the `postgres` user must reach when the project folder is closed to it
 * (`/root` and `mktemp -d` folders are mode 700): the programs, copied once per version, and the
 * clusters whose DATA_DIR it cannot enter, each linked from `<DATA_DIR>/postgres`.
 */
export const SYSTEM_DIR = "/var/lib/holboo";

export type Notice = (key: StartMessage, params: MessageParams) => void;

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : String(error);
}

async function systemFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
  } catch (error) {
    throw new StartError("system_dir_unusable", { path: dir, reason: reasonOf(error) });
  }
}

/** Everyone may read every file and enter every folder; nobody but root may change them. */
async function openToReading(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      await chmod(full, 0o755);
      await openToReading(full);
    } else {
      const { mode } = await stat(full);
      await chmod(full, mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

/**
 * The programs where `user` can run them: in place when it can, else a copy under `systemDir`
 * made once per version. The copy is built beside its final name and renamed, so a start that
 * races another, or dies half-way, never uses a partial copy.
 */
export async function reachableBinaries(binaries: PostgresBinaries, user: OsUser, systemDir: string, notice: Notice): Promise<string> {
  if (canRun(user, binPath(binaries.dir, "postgres"))) return binaries.dir;
  await systemFolder(systemDir);
  const target = path.join(systemDir, `postgres-${binaries.version}`);
  if (!existsSync(binPath(target, "postgres"))) {
    const partial = `${target}.partial-${process.pid}-${randomBytes(3).toString("hex")}`;
    try {
      await cp(binaries.dir, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      await openToReading(partial);
      await rename(partial, target);
      notice("binaries_copied", { path: target });
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      // Another start renamed its copy first: use that one.
      if (!existsSync(binPath(target, "postgres"))) throw new StartError("system_dir_unusable", { path: target, reason: reasonOf(error) });
    }
  }
  if (!canRun(user, binPath(target, "postgres")))
    throw new StartError("system_dir_unusable", { path: target, reason: `the user "${user.name}" cannot run it` });
  return target;
}

/** A folder name that says which DATA_DIR a relocated cluster belongs to, and never collides. */
function clusterName(dataDir: string): string {
  const slug = dataDir
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(-48);
  return `${slug || "data"}-${randomBytes(4).toString("hex")}`;
}

async function ownedFolder(dir: string, user: OsUser): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chown(dir, user.uid, user.gid);
}

/**
 * The cluster folder for `dataDir` when PostgreSQL runs as `user`: `<dataDir>/postgres` when that
 * user can enter `dataDir` (as before), else a folder under `<systemDir>/clusters` that
 * `<dataDir>/postgres` links to. The link keeps the data found from DATA_DIR: a restart, a backup
 * script reading the link, and a renamed DATA_DIR all still find it.
 */
export async function placeCluster(dataDir: string, user: OsUser, systemDir: string, notice: Notice): Promise<string> {
  const link = path.join(dataDir, "postgres");
  const existing = await lstat(link).catch(() => null);
  if (existing?.isSymbolicLink()) {
    const target = path.resolve(dataDir, await readlink(link));
    if (!existsSync(target)) throw new StartError("cluster_link_broken", { link, target });
    notice("cluster_relocated", { target, link, dataDir });
    return target;
  }
  if (canEnter(user, dataDir)) {
    if (!existsSync(path.join(link, "PG_VERSION"))) await ownedFolder(link, user);
    return link;
  }
  if (existing) {
    // An empty folder is what earlier versions left when initdb could not be run here.
    if (existsSync(path.join(link, "PG_VERSION")) || (await readdir(link)).length > 0) throw new StartError("cluster_unreachable", { path: link });
    await rmdir(link);
  }
  const clusters = path.join(systemDir, "clusters");
  await systemFolder(clusters);
  const target = path.join(clusters, clusterName(dataDir));
  await ownedFolder(target, user);
  await symlink(target, link);
  notice("cluster_relocated", { target, link, dataDir });
  return target;
}
