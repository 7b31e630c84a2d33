import { createHash } from "node:crypto";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { SharedCounters } from "./counters.ts";

/**
 * @fastify/rate-limit's store over the shared counters: exact (one round trip per limited request), as
 * these routes guard sign-in and uploads rather than carry the message path.
 */
export function sharedRateLimitStore(counters: SharedCounters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = "http:",
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      // Keys may carry a visitor's token: only a digest of them leaves the process.
      const counter = `${this.prefix}${createHash("sha256").update(key).digest("base64url").slice(0, 22)}`;
      counters.add([{ key: counter, by: 1, windowMs: timeWindow }]).then(
        (totals) => {
          const total = totals.get(counter) ?? { count: 1, resetAt: Date.now() + timeWindow };
          callback(null, { current: total.count, ttl: Math.max(total.resetAt - Date.now(), 0) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Each route counts apart, as the plugin's own stores do. */
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its typings leave it out).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore({}, `${this.prefix}${String(route?.method ?? "")}${String(route?.url ?? "")}-`);
    }
  }
  return SharedStore;
}
