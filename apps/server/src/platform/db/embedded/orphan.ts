import { readFileSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { StartError } from "../../start-messages.ts";
import type { Notice } from "./placement.ts";

/**
 * The postmaster carries the pid of the server that started it on its command line
 * (`-c holboo.server_pid=N`, a custom setting PostgreSQL accepts and ignores), so a later start can
 * tell a database still served by a live Holboo (its parent is still that server) from one orphaned
 * by a killed server (re-parented to init).
 */
export const OWNER_SETTING = "holboo.server_pid";

const STOP_WAIT_MS = 30_000;
const QUIT_WAIT_MS = 5_000;

interface ProcessInfo {
  exe: string;
  cwd: string;
  ppid: number;
  args: string[];
}

/** What /proc says of a process; null when it is gone or not ours to read. */
function inspect(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z") return null;
    return {
      exe: readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ""),
      cwd: readlinkSync(`/proc/${pid}/cwd`),
      ppid: Number(ppid),
      args: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"),
    };
  } catch {
    return null;
  }
}

type ProcessState = "running" | "zombie" | "gone";

/** A zombie has exited but keeps its pid until reaped, and PostgreSQL still takes it for a live holder. */
function stateOf(pid: number): ProcessState {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== "EPERM") return "gone";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.charAt(stat.lastIndexOf(")") + 2) === "Z" ? "zombie" : "running";
  } catch {
    return process.platform === "linux" ? "gone" : "running";
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) if (stateOf(pid) !== "running") return true;
  return stateOf(pid) !== "running";
}

/** The lock file of a postmaster that exited but was not reaped would stop PostgreSQL from starting. */
function removeLockOfZombie(lockFile: string, pid: number) {
  if (stateOf(pid) === "zombie") rmSync(lockFile, { force: true });
}

function ownerOf(info: ProcessInfo): number | null {
  const setting = info.args.find((arg) => arg.startsWith(`${OWNER_SETTING}=`));
  return setting ? Number(setting.slice(OWNER_SETTING.length + 1)) : null;
}

/** Whether the server that started this postmaster is still its parent, i.e. still serving it. */
function servedByLiveServer(info: ProcessInfo): boolean {
  const owner = ownerOf(info);
  if (owner !== null) return info.ppid === owner;
  // Started before the owner was recorded: a Node parent is a server; init or a subreaper is not.
  return path.basename(inspect(info.ppid)?.exe ?? "").startsWith("node");
}

/**
 * Makes `clusterDir` free to start: a postmaster left running by a killed server is stopped
 * cleanly (SIGINT is PostgreSQL's fast shutdown: a checkpoint, nothing lost), a lock file whose pid
 * now belongs to another program is removed, and a database a live server still uses is refused.
 * Only Linux has /proc to prove who holds the lock; elsewhere PostgreSQL's own refusal is reported.
 */
export async function clearOrphanPostmaster(clusterDir: string, notice: Notice): Promise<void> {
  const lockFile = path.join(clusterDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || process.platform !== "linux") return;
  if (stateOf(pid) !== "running") return removeLockOfZombie(lockFile, pid);
  const info = inspect(pid);
  if (!info) return;
  const isThisCluster = path.basename(info.exe) === "postgres" && info.cwd === realpathSync(clusterDir);
  if (!isThisCluster) {
    // The pid was reused after a reboot or a crash: no postmaster runs here, the lock is stale.
    rmSync(lockFile, { force: true });
    return;
  }
  if (servedByLiveServer(info)) throw new StartError("cluster_in_use", { path: clusterDir, pid: info.ppid });
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, STOP_WAIT_MS))) {
    process.kill(pid, "SIGQUIT");
    if (!(await waitForExit(pid, QUIT_WAIT_MS))) throw new StartError("orphan_not_stopping", { path: clusterDir, pid });
  }
  removeLockOfZombie(lockFile, pid);
  notice("orphan_stopped", { pid, path: clusterDir });
}
