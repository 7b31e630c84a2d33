import { windowKey, type SharedCounters } from "./counters.ts";

/**
 * A per-key budget in fixed windows, shared by every process without a database round trip per call:
 * `take` decides at once from what this process admitted plus the total the shared counters last
 * reported, and the admissions are added to the shared counters in one batch every `flushMs`.
 *
 * Tolerance: a process learns of other processes' admissions only at its next flush, so a key may be
 * admitted a little over its budget, by at most what the other processes admit for it within one flush
 * interval (plus a round trip); a single process never exceeds it. When the store fails, each process
 * keeps counting alone and the admissions are retried with the next flush.
 */
export class SharedRateWindow {
  private window = 0;
  /** Admitted here and not yet added to the shared counters. */
  private pending = new Map<string | number, number>();
  /** The shared total of each key (all processes) when last heard, this window. */
  private readonly known = new Map<string | number, number>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly counters: SharedCounters,
    flushMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** Counts one call; false when the key is over its budget in this window (a refused call is not counted). */
  take(key: string | number): boolean {
    this.roll();
    const used = (this.known.get(key) ?? 0) + (this.pending.get(key) ?? 0);
    if (used >= this.max) return false;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return true;
  }

  /** Adds this process's admissions to the shared counters and learns the totals (one round trip). */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => (this.flushing = null));
    return this.flushing;
  }

  close() {
    clearInterval(this.timer);
  }

  private roll(now = Date.now()) {
    const window = Math.floor(now / this.windowMs);
    if (window === this.window) return;
    this.window = window;
    this.pending.clear();
    this.known.clear();
  }

  private async send() {
    this.roll();
    if (!this.pending.size) return;
    const window = this.window;
    const batch = this.pending;
    this.pending = new Map();
    const start = window * this.windowMs;
    const entries = [...batch].map(([key, by]) => ({ ...windowKey(`${this.name}:${key}`, this.windowMs, start), by, local: key }));
    try {
      const totals = await this.counters.add(entries);
      if (this.window !== window) return;
      for (const entry of entries) this.known.set(entry.local, totals.get(entry.key) ?? entry.by);
    } catch (error) {
      this.onError(error);
      if (this.window !== window) return;
      // Kept for the next flush, and still counted here meanwhile.
      for (const [key, by] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + by);
    }
  }
}
