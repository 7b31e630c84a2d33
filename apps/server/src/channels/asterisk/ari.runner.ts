import pg from "pg";
import type { AppContext } from "../../context.ts";
import { listAriConnections, setConnectionState } from "../../modules/calls/call-state.service.ts";
import { AriSession, type SessionOptions } from "./ari.session.ts";

/** Advisory-lock namespace of ARI connections (the second key is the connection id). */
const LOCK_NAMESPACE = 0x41524931; // "ARI1"

const running = new Set<AriConnections>();

/** Asks this process to look for new or changed PBX connections now (settings were just saved). */
export function wakeAriConnections() {
  for (const runner of running) runner.scanSoon();
}

/**
 * Runs every company's ARI connection in exactly one worker process: the owner holds a PostgreSQL advisory
 * lock on the connection on its own lock connection, so a process that dies lets go with it and another
 * takes the connection over at its next scan (and reconciles the calls in progress from the PBX). A
 * connection whose settings changed since its session started is restarted.
 */
export class AriConnections {
  private locks: pg.Client | null = null;
  private readonly sessions = new Map<number, { session: AriSession; version: number }>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: SessionOptions & { scanMs: number },
  ) {}

  start() {
    running.add(this);
    this.scanSoon();
    this.timer = setInterval(() => this.scanSoon(), this.options.scanMs);
    this.timer.unref();
  }

  scanSoon() {
    if (this.stopped) return;
    this.scanning = this.scanning.then(() => this.scan()).catch((error: unknown) => this.ctx.log.warn({ err: error }, "ARI connection scan failed"));
  }

  private async lockConnection(): Promise<pg.Client> {
    if (this.locks) return this.locks;
    const client = new pg.Client({ connectionString: this.ctx.databaseUrl });
    client.on("error", (error) => {
      this.ctx.log.warn({ err: error }, "ARI lock connection failed");
      if (this.locks === client) this.locks = null;
      for (const { session } of this.sessions.values()) void session.stop();
      this.sessions.clear();
    });
    await client.connect();
    this.locks = client;
    return client;
  }

  private async scan() {
    if (this.stopped) return;
    const connections = await listAriConnections(this.ctx.db);
    const current = new Map(connections.map((c) => [c.id, c.updatedAt.getTime()]));
    for (const [id, owned] of this.sessions) {
      if (current.get(id) === owned.version) continue;
      await owned.session.stop();
      this.sessions.delete(id);
      await this.locks?.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, id]).catch(() => undefined);
    }
    for (const connection of connections) {
      if (this.sessions.has(connection.id) || this.stopped) continue;
      const locks = await this.lockConnection();
      const taken = await locks.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [LOCK_NAMESPACE, connection.id]);
      if (!taken.rows[0]?.ok) continue;
      let secrets: { password?: string } | null;
      try {
        secrets = connection.secrets ? this.ctx.secrets.open<{ password?: string }>(connection.secrets) : null;
      } catch {
        // Sealed with another HOLBOO_SECRET_KEY: left to a process that can open it.
        await locks.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, connection.id]);
        continue;
      }
      if (!secrets?.password) {
        await setConnectionState(this.ctx.db, connection.id, "failed", "no password");
        await locks.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, connection.id]);
        continue;
      }
      const session = new AriSession(this.ctx, connection, { password: secrets.password }, this.options);
      this.sessions.set(connection.id, { session, version: connection.updatedAt.getTime() });
      session.start();
    }
  }

  async stop() {
    this.stopped = true;
    running.delete(this);
    if (this.timer) clearInterval(this.timer);
    await this.scanning;
    await Promise.all([...this.sessions.values()].map(({ session }) => session.stop()));
    this.sessions.clear();
    await this.locks?.end().catch(() => undefined);
    this.locks = null;
  }
}
