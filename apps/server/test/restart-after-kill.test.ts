import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dovecotMissing } from "./dovecot.ts";
import { finished, MID_WORK_ENV, startWorkInFlight } from "./killed-mid-work.ts";
import { startMailWorld, type MailWorld } from "./mail-world.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const PASSWORD = "Restart-after-kill-1";

interface Started {
  child: ChildProcess;
  url: string;
  output: string;
}

const children: ChildProcess[] = [];

/** `npm start`'s server as its own process on `dataDir` (embedded PostgreSQL, whatever the test run uses). */
function launch(dataDir: string, env: Record<string, string> = {}): { child: ChildProcess; ready: Promise<Started>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LANG: "C",
      LC_ALL: "",
      WEB_DIST_DIR: "/nonexistent-web-dist",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<Started>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const url = /listening on (http:\/\/[^\s,;]+)/.exec(output)?.[1];
      if (url) resolve({ child, url, output });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exit.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, ready, exit };
}

async function post(url: string, body: object): Promise<number> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.status;
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postgres/postmaster.pid"), "utf8").split("\n")[0]);
}

/** The embedded PostgreSQL a server of `dataDir` runs now (its port changes with each start). */
function embeddedDatabase(dataDir: string): pg.Pool {
  const { user, password } = JSON.parse(readFileSync(path.join(dataDir, "postgres-credentials.json"), "utf8")) as { user: string; password: string };
  const port = Number(readFileSync(path.join(dataDir, "postgres/postmaster.pid"), "utf8").split("\n")[3]);
  const pool = new pg.Pool({ host: "127.0.0.1", port, user, password, database: "postgres", max: 3 });
  pool.on("error", () => undefined); // the killed server's PostgreSQL is stopped by the next start
  return pool;
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
};

describe.skipIf(process.platform !== "linux")("a start after the server was killed with SIGKILL", () => {
  let dataDir = "";
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (dataDir && existsSync(path.join(dataDir, "postgres/postmaster.pid"))) {
      const pid = postmasterPid(dataDir);
      if (running(pid)) process.kill(pid, "SIGQUIT");
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("stops the orphaned PostgreSQL of its data directory, keeps the data, and never takes a live server's database", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "holboo-kill-"));
    await chmod(dataDir, 0o755); // as root, keep the cluster here rather than under /var/lib/holboo
    const email = `killed-${Date.now()}@example.mn`;

    const first = await launch(dataDir).ready;
    expect(await post(`${first.url}/api/signup`, { first_name: "Болд", last_name: "Сүх", email, password: PASSWORD })).toBe(200);
    const orphan = postmasterPid(dataDir);

    // A second server on the same data while the first still serves it is refused, and harms nothing.
    const second = launch(dataDir);
    expect(await second.exit).toBe(1);
    expect(await second.ready.catch((error: Error) => error.message)).toMatch(/is in use by another running Holboo \(pid \d+\); stop that one first/);
    expect(running(orphan)).toBe(true);

    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(running(orphan)).toBe(true); // left behind, holding postmaster.pid

    const third = launch(dataDir);
    const restarted = await third.ready;
    expect(restarted.output).toContain(`Stopped the embedded PostgreSQL (pid ${orphan}) that an earlier Holboo left running`);
    expect(running(orphan)).toBe(false);
    expect(await post(`${restarted.url}/api/login`, { email, password: PASSWORD })).toBe(200);

    third.child.kill("SIGINT");
    expect(await third.exit).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres/postmaster.pid"))).toBe(false);
  }, 180_000);
});

describe.skipIf(process.platform !== "linux" || dovecotMissing())("the embedded default killed with -9 in the middle of its work", () => {
  let dataDir = "";
  let world: MailWorld | null = null;
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => undefined);
    await world?.stop();
    const last = children.at(-1);
    if (last && last.exitCode === null && last.signalCode === null) {
      last.kill("SIGINT");
      await new Promise((resolve) => last.once("exit", resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("started again, it finishes the half-done 100-mail sync and the replies in flight: every mail once, every reply accepted once", async () => {
    const conversations = 4;
    dataDir = await mkdtemp(path.join(os.tmpdir(), "holboo-kill-work-"));
    await chmod(dataDir, 0o755);
    world = await startMailWorld();
    const first = await launch(dataDir, MID_WORK_ENV).ready;
    const before = embeddedDatabase(dataDir);
    pools.push(before);
    // Its 4 workers: the sync held at mail 50, three replies waiting at the SMTP server (the fourth queued behind them).
    const work = await startWorkInFlight(first, before, world, { conversations, heldSends: 3 });

    const killed = Date.now();
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    await work.unblock();
    world.sends.release();
    const second = launch(dataDir, MID_WORK_ENV);
    await second.ready;
    const restarted = Date.now();
    const after = embeddedDatabase(dataDir);
    pools.push(after);
    const done = await finished(after, world, work, conversations, 120_000);
    console.log(
      `embedded default: the killed server's work was finished ${((done - killed) / 1000).toFixed(1)} s after the kill, ` +
        `${((done - restarted) / 1000).toFixed(1)} s after the restart (which took ${((restarted - killed) / 1000).toFixed(1)} s)`,
    );
  }, 300_000);
});
