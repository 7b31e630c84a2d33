import pg from "pg";
import type { AppContext } from "../context.ts";

/** Something one process runs for one row (a mailbox's reader, a PBX connection's session). */
export interface OwnedWorker {
  stop(): Promise<void>;
}

export interface OwnedWorkersOptions<Item, Worker extends OwnedWorker> {
  /** For log lines ("e-mail reader", "ARI connection"). */
  name: string;
  /** First key of the advisory lock; the second is the row's id. */
  lockNamespace: number;
  scanMs: number;
  /** The rows that should be running now, across the installation. */
  list(): Promise<Item[]>;
  idOf(item: Item): number;
  /** Whether the worker running for a row goes on (`item` is undefined when the row is gone). */
  keep(worker: Worker, item: Item | undefined): boolean;
  /** Starts the worker of a row whose lock this process just took; null gives the lock back (nothing to run). */
  start(item: Item): Promise<Worker | null>;
  /** After a worker was stopped and its lock given back. */
  released?(id: number, worker: Worker): void;
}

/**
 * Runs each row's worker in exactly one process: the owner holds a PostgreSQL advisory lock on the row on
 * its own lock connection, so a process that dies (even kill -9) lets go with its connection and another
 * takes the row over at its next scan. A scan runs every `scanMs`, and at once on `scanSoon` (settings saved).
 */
export class OwnedWorkers<Item, Worker extends OwnedWorker> {
  private locks: pg.Client | null = null;
  private readonly workers = new Map<number, Worker>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: OwnedWorkersOptions<Item, Worker>,
  ) {}

  start() {
    this.scanSoon();
    this.timer = setInterval(() => this.scanSoon(), this.options.scanMs);
    this.timer.unref();
  }

  scanSoon() {
    if (this.stopped) return;
    this.scanning = this.scanning.then(() => this.scan()).catch((error: unknown) => this.ctx.log.warn({ err: error }, `${this.options.name} scan failed`));
  }

  /** Gives back the lock of a row this process took but does not run. */
  unlock(id: number) {
    return this.locks?.query("SELECT pg_advisory_unlock($1, $2)", [this.options.lockNamespace, id]).then(
      () => undefined,
      () => undefined,
    );
  }

  private async lockConnection(): Promise<pg.Client> {
    if (this.locks) return this.locks;
    const client = new pg.Client({ connectionString: this.ctx.databaseUrl });
    client.on("error", (error) => {
      this.ctx.log.warn({ err: error }, `${this.options.name} lock connection failed`);
      // Its locks went with it: stop every worker; the next scan takes the rows again.
      if (this.locks === client) this.locks = null;
      for (const worker of this.workers.values()) void worker.stop();
      this.workers.clear();
    });
    await client.connect();
    this.locks = client;
    return client;
  }

  private async scan() {
    if (this.stopped) return;
    const items = await this.options.list();
    const current = new Map(items.map((item) => [this.options.idOf(item), item]));
    for (const [id, worker] of this.workers) {
      if (this.options.keep(worker, current.get(id))) continue;
      await worker.stop();
      this.workers.delete(id);
      await this.unlock(id);
      this.options.released?.(id, worker);
    }
    for (const [id, item] of current) {
      if (this.workers.has(id) || this.stopped) continue;
      const locks = await this.lockConnection();
      const taken = await locks.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [this.options.lockNamespace, id]);
      if (!taken.rows[0]?.ok) continue;
      const worker = await this.options.start(item);
      if (worker) this.workers.set(id, worker);
      else await this.unlock(id);
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.scanning;
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    this.workers.clear();
    await this.locks?.end().catch(() => undefined);
    this.locks = null;
  }
}
