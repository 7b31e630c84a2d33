import type { SharedCounters } from "./counters.ts";

interface Budget {
  /** The shared total (all processes) when last heard. */
  known: number;
  /** Admitted here, on the way to the shared counters. */
  sending: number;
  /** Admitted here, not sent yet. */
  pending: number;
  /** When the window ends, as the shared counters last said (or as guessed before they answered). */
  resetAt: number;
}

/**
 * A per-key budget in fixed windows, shared by every process without a database round trip per call:
 * `take` decides at once from the total the shared counters last reported plus what this process has
 * admitted since, and the admissions are added to the shared counters in one batch every `flushMs`.
 *
 * Tolerance: a process hears the shared total again at its first flush after it admits a call for the
 * key, so over a window a key may be admitted beyond its budget by at most what each process admits for
 * it within one flush interval (plus a round trip) after the budget is reached elsewhere — for a visitor's
 * messages, the one or two a person types in half a second. One process alone never exceeds the budget.
 * When the store fails, each process counts alone and sends its admissions again with the next flush.
 */
export class SharedRateWindow {
  private readonly budgets = new Map<string | number, Budget>();
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
  take(key: string | number, now = Date.now()): boolean {
    let budget = this.budgets.get(key);
    if (!budget || (now >= budget.resetAt && !budget.sending)) {
      budget = { known: 0, sending: 0, pending: 0, resetAt: now + this.windowMs };
      this.budgets.set(key, budget);
    }
    if (budget.known + budget.sending + budget.pending >= this.max) return false;
    budget.pending++;
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

  private async send() {
    const now = Date.now();
    const batch: Array<[string | number, Budget]> = [];
    for (const [key, budget] of this.budgets) {
      if (budget.pending) {
        budget.sending = budget.pending;
        budget.pending = 0;
        batch.push([key, budget]);
      } else if (now >= budget.resetAt) {
        this.budgets.delete(key);
      }
    }
    if (!batch.length) return;
    const counterKey = (key: string | number) => `${this.name}:${key}`;
    try {
      const totals = await this.counters.add(batch.map(([key, budget]) => ({ key: counterKey(key), by: budget.sending, windowMs: this.windowMs })));
      for (const [key, budget] of batch) {
        const total = totals.get(counterKey(key));
        if (total) Object.assign(budget, { known: total.count, resetAt: total.resetAt });
        budget.sending = 0;
      }
    } catch (error) {
      this.onError(error);
      for (const [, budget] of batch) {
        budget.pending += budget.sending;
        budget.sending = 0;
      }
    }
  }
}
