/** Long work in slices of about SLICE_MS, between which the event loop runs, so that indexing or training
 * a large knowledge base never holds up the server's other requests. */
const SLICE_MS = 20;

export class Slices {
  private started = performance.now();

  /** Yields to the event loop once the current slice has run SLICE_MS; returns at once otherwise. */
  async pause(): Promise<void> {
    if (performance.now() - this.started <= SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}
