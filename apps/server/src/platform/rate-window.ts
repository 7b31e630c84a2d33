/**
 * Counts calls per key in fixed windows, for limits no HTTP rate limiter sees (socket events, or one
 * budget shared by a socket and an HTTP route). Memory is bounded by the keys seen in one window.
 */
export class RateWindow<K> {
  private readonly counts = new Map<K, number>();
  private windowStart = Date.now();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call; false when the key is over its budget in this window. */
  take(key: K): boolean {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = now;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.max;
  }
}
