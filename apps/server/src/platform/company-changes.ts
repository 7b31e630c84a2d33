import type { Signals } from "./signals.ts";

/**
 * "A company's X changed", heard in this process at once and, through a signal channel, in every other
 * process sharing the database. After a lost signal connection, listeners hear `null`: anything may have
 * changed. One listener's failure does not keep the others from hearing it.
 */
export class CompanyChanges {
  private readonly listeners = new Set<(companyId: number | null) => void>();

  constructor(
    private readonly channel: string,
    private readonly signals?: Signals,
  ) {
    signals?.on(
      channel,
      (payload) => {
        const companyId = Number(payload);
        if (Number.isInteger(companyId) && companyId > 0) this.tell(companyId);
      },
      () => this.tell(null),
    );
  }

  onChange(listener: (companyId: number | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After the change committed: this process's listeners now, the others through the signal. */
  changed(companyId: number): void {
    this.tell(companyId);
    void this.signals?.publish(this.channel, String(companyId));
  }

  private tell(companyId: number | null): void {
    for (const listener of this.listeners) {
      try {
        listener(companyId);
      } catch {
        // a listener's own problem; the change is committed either way
      }
    }
  }
}
