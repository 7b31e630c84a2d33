import { inject, afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../db/client.ts";
import { postgresCounters, type CounterTotal, type SharedCounters } from "./counters.ts";
import { SharedRateWindow } from "./shared-window.ts";

const database = connectDatabase(inject("databaseUrl"), 2);
afterAll(() => database.close());
const key = () => `test:${Math.random().toString(36).slice(2)}`;

/** Shared counters held in memory, standing for the database between two "processes". */
function memoryCounters(): SharedCounters & { failing: boolean } {
  const totals = new Map<string, CounterTotal>();
  return {
    failing: false,
    async add(entries) {
      if (this.failing) throw new Error("store down");
      const now = Date.now();
      for (const { key: k, by, windowMs } of entries) {
        const current = totals.get(k);
        totals.set(k, current && current.resetAt > now ? { ...current, count: current.count + by } : { count: by, resetAt: now + windowMs });
      }
      return new Map(entries.map((e) => [e.key, totals.get(e.key) as CounterTotal]));
    },
    async purge() {},
  };
}

describe("PostgreSQL rate-limit counters", () => {
  it("add up across calls in one statement per batch and start again after the window", async () => {
    const counters = postgresCounters(database.db);
    const [a, b] = [key(), key()];
    const first = await counters.add([
      { key: a, by: 2, windowMs: 60_000 },
      { key: b, by: 1, windowMs: 150 },
    ]);
    expect(first.get(a)?.count).toBe(2);
    expect((await counters.add([{ key: a, by: 3, windowMs: 60_000 }])).get(a)?.count).toBe(5);
    expect(first.get(a)?.resetAt).toBeGreaterThan(Date.now() + 55_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await counters.add([{ key: b, by: 1, windowMs: 150 }])).get(b)?.count).toBe(1);
  });
});

describe("a budget shared by processes", () => {
  it("holds across two processes once each has flushed, and one process alone never exceeds it", async () => {
    const store = memoryCounters();
    const a = new SharedRateWindow("m", 10, 60_000, store, 60_000);
    const b = new SharedRateWindow("m", 10, 60_000, store, 60_000);
    for (let i = 0; i < 6; i++) expect(a.take(1)).toBe(true);
    await a.flush();
    for (let i = 0; i < 4; i++) expect(b.take(1)).toBe(true);
    await b.flush();
    expect(b.take(1)).toBe(false);
    // A heard 6 when it last flushed: within the tolerance it admits until its next flush, then refuses.
    expect(a.take(1)).toBe(true);
    await a.flush();
    expect(a.take(1)).toBe(false);
    expect(b.take(2)).toBe(true);
    const alone = new SharedRateWindow("m", 3, 60_000, memoryCounters(), 60_000);
    expect([alone.take(9), alone.take(9), alone.take(9), alone.take(9)]).toEqual([true, true, true, false]);
    for (const w of [a, b, alone]) w.close();
  });

  it("counts admissions still on their way to the store, and keeps them for the next flush when it fails", async () => {
    const store = memoryCounters();
    const a = new SharedRateWindow("n", 3, 60_000, store, 60_000);
    expect(a.take(1)).toBe(true);
    const flushing = a.flush();
    expect([a.take(1), a.take(1), a.take(1)]).toEqual([true, true, false]);
    await flushing;
    store.failing = true;
    await a.flush();
    expect(a.take(1)).toBe(false);
    store.failing = false;
    await a.flush();
    const b = new SharedRateWindow("n", 3, 60_000, store, 60_000);
    await b.flush();
    expect(b.take(1)).toBe(true);
    await b.flush();
    expect(b.take(1)).toBe(false);
    for (const w of [a, b]) w.close();
  });
});
