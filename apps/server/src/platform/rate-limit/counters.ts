import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { RedisClient } from "../redis.ts";

export interface CounterTotal {
  count: number;
  /** When the key's window ends (epoch ms); its count starts again from zero then. */
  resetAt: number;
}

/**
 * Counters every process shares, each in a fixed window that starts with its key's first count (as
 * @fastify/rate-limit's own stores do).
 */
export interface SharedCounters {
  /** Adds each entry's amount (keys distinct) and returns each key's total after the addition. */
  add(entries: ReadonlyArray<{ key: string; by: number; windowMs: number }>): Promise<Map<string, CounterTotal>>;
  /** Removes counters of ended windows (Redis expires its own). */
  purge(): Promise<void>;
}

/** In an UNLOGGED table: one statement for any number of keys. */
export function postgresCounters(db: Database): SharedCounters {
  return {
    async add(entries) {
      if (!entries.length) return new Map();
      const result = await db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, count, expires_at)
        SELECT k, n, now() + w * interval '1 millisecond'
        FROM jsonb_to_recordset(${JSON.stringify(entries.map((e) => ({ k: e.key, n: e.by, w: e.windowMs })))}::jsonb) AS t(k text, n int, w float8)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.expires_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
          expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END
        RETURNING key, count, (extract(epoch FROM expires_at) * 1000)::float8 AS reset_at`);
      const rows = result.rows as Array<{ key: string; count: number; reset_at: number }>;
      return new Map(rows.map((row) => [row.key, { count: Number(row.count), resetAt: Number(row.reset_at) }]));
    },
    async purge() {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < now()`);
    },
  };
}

/** The window starts with the first count: the expiry is set only on the addition that created the key. */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** In Redis: one script call per key, all keys in one round trip. */
export function redisCounters(client: RedisClient): SharedCounters {
  return {
    async add(entries) {
      if (!entries.length) return new Map();
      const now = Date.now();
      const batch = client.multi();
      for (const entry of entries) batch.eval(ADD_SCRIPT, { keys: [entry.key], arguments: [String(entry.by), String(entry.windowMs)] });
      const replies = (await batch.exec()) as unknown as Array<[number, number]>;
      return new Map(
        entries.map((entry, i) => {
          const [count, ttl] = replies[i] ?? [entry.by, entry.windowMs];
          return [entry.key, { count: Number(count), resetAt: now + Math.max(Number(ttl), 0) }];
        }),
      );
    },
    async purge() {},
  };
}
