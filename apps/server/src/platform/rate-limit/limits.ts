import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { SharedCounters } from "./counters.ts";
import { sharedRateLimitStore } from "./http-store.ts";
import { SharedRateWindow } from "./shared-window.ts";

/** How often a process adds its admissions to the shared counters (see SharedRateWindow's tolerance). */
export const FLUSH_MS = 500;

/** The rate limits of a process, counted with every other process in one store (PostgreSQL or Redis). */
/** The same counters under a prefix of their own. */
function scoped(counters: SharedCounters, scope: string): SharedCounters {
  return {
    async add(entries) {
      const totals = await counters.add(entries.map((entry) => ({ ...entry, key: `${scope}/${entry.key}` })));
      return new Map(entries.map((entry) => [entry.key, totals.get(`${scope}/${entry.key}`) ?? { count: entry.by, resetAt: Date.now() + entry.windowMs }]));
    },
    purge: () => counters.purge(),
  };
}

export class SharedLimits {
  private readonly windows = new Map<string, SharedRateWindow>();
  readonly httpStore: FastifyRateLimitStoreCtor;

  readonly counters: SharedCounters;

  constructor(
    counters: SharedCounters,
    private readonly onError: (error: unknown) => void,
    options: { scope?: string; flushMs?: number } = {},
  ) {
    this.counters = options.scope ? scoped(counters, options.scope) : counters;
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.httpStore = sharedRateLimitStore(this.counters);
  }

  private readonly flushMs: number;

  /** The budget named `name` (one per name for the process's life). */
  window(name: string, max: number, windowMs: number): SharedRateWindow {
    let window = this.windows.get(name);
    if (!window) {
      window = new SharedRateWindow(name, max, windowMs, this.counters, this.flushMs, this.onError);
      this.windows.set(name, window);
    }
    return window;
  }

  /** Sends what is pending (at shutdown, so the other processes still count it). */
  async close() {
    for (const window of this.windows.values()) {
      window.close();
      await window.flush();
    }
  }
}
