import { sql } from "drizzle-orm";
import type { RedisClient } from "../redis.ts";
import type { Database } from "../db/client.ts";

/** Adds to counters that every process shares; each key names one fixed window (see windowKey). */
export interface SharedCounters {
  /** Adds each entry's amount (keys distinct) and returns each key's total after the addition. */
  add(entries: ReadonlyArray<{ key: string; by: number; expiresAt: number }>): Promise<Map<string, number>>;
  /** Removes counters of ended windows (Redis expires its own). */
  purge(): Promise<void>;
}

/**
 * Windows are aligned on the clock, so every process counts a key in the same window without agreeing
 * on when it started; the key carries the window's number.
 */
export function windowKey(key: string, windowMs: number, now = Date.now()) {
  const index = Math.floor(now / windowMs);
  return { key: `${key}@${index}`, expiresAt: (index + 1) * windowMs };
}

/** In an UNLOGGED table: one statement for any number of keys. */
export function postgresCounters(db: Database): SharedCounters {
  return {
    async add(entries) {
      if (!entries.length) return new Map();
      const result = await db.execute<{ key: string; count: number }>(sql`
        INSERT INTO rate_limit_counters AS c (key, count, expires_at)
        SELECT k, n, to_timestamp(e / 1000.0)
        FROM unnest(${entries.map((e) => e.key)}::text[], ${entries.map((e) => e.by)}::int[], ${entries.map((e) => e.expiresAt)}::float8[]) AS t(k, n, e)
        ON CONFLICT (key) DO UPDATE SET count = c.count + excluded.count
        RETURNING key, count`);
      return new Map(result.rows.map((row) => [row.key, Number(row.count)]));
    },
    async purge() {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < now()`);
    },
  };
}

/** In Redis: INCRBY and an expiry at the window's end, all keys in one round trip. */
export function redisCounters(client: RedisClient): SharedCounters {
  return {
    async add(entries) {
      if (!entries.length) return new Map();
      const batch = client.multi();
      for (const entry of entries) batch.incrBy(entry.key, entry.by).pExpireAt(entry.key, entry.expiresAt);
      const replies = await batch.exec();
      return new Map(entries.map((entry, i) => [entry.key, Number(replies[i * 2])]));
    },
    async purge() {},
  };
}
