import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./db/client.ts";

interface Subscription {
  onMessage: (payload: string) => void;
  /** After a reconnection: notifications sent while it was down are lost, so assume anything changed. */
  onResync: () => void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * Small signals between the processes sharing one database (PostgreSQL LISTEN/NOTIFY on channels of our
 * own), on one dedicated connection that reconnects. A process does not hear its own signals: it has
 * acted on them already.
 */
export class Signals {
  private readonly origin = randomUUID();
  private readonly subscriptions = new Map<string, Subscription[]>();
  private client: pg.Client | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Set when a connection failed or was lost: signals may have been missed until the next one. */
  private missed = false;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Channels are subscribed before `start`. */
  on(channel: string, onMessage: (payload: string) => void, onResync: () => void = () => undefined) {
    const list = this.subscriptions.get(channel) ?? [];
    list.push({ onMessage, onResync });
    this.subscriptions.set(channel, list);
    if (this.client) void this.client.query(`LISTEN "${channel}"`).catch(this.onError);
  }

  /** Resolves once listening (or after the first failure, retrying in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Sent after the change is committed; a failure is reported, not thrown (the change stands). */
  async publish(channel: string, payload: string): Promise<void> {
    try {
      await this.db.execute(sql`SELECT pg_notify(${channel}, ${`${this.origin} ${payload}`})`);
    } catch (error) {
      this.onError(error);
    }
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, null));
    client.on("notification", (message) => this.deliver(message.channel, message.payload ?? ""));
    try {
      await client.connect();
      for (const channel of this.subscriptions.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    if (this.missed) for (const list of this.subscriptions.values()) for (const s of list) s.onResync();
    this.missed = false;
  }

  private lost(client: pg.Client, error: unknown) {
    if (error) this.onError(error);
    client.removeAllListeners("end");
    void client.end().catch(() => undefined);
    if (this.client === client) this.client = null;
    if (this.closed) return;
    this.missed = true;
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private deliver(channel: string, raw: string) {
    const space = raw.indexOf(" ");
    if (space < 0 || raw.slice(0, space) === this.origin) return;
    const payload = raw.slice(space + 1);
    for (const subscription of this.subscriptions.get(channel) ?? []) {
      try {
        subscription.onMessage(payload);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Simulates a lost connection (tests): the next connection resyncs. */
  dropConnection() {
    this.client?.emit("end");
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
    }
  }
}
