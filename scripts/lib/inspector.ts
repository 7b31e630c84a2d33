/**
 * A DevTools-protocol session with another Node process started with `--inspect`: lets a benchmark
 * collect that process's garbage before reading its memory, so a figure is what stays, not what
 * the collector has not reached yet.
 */
import WebSocket from "ws";

interface Reply {
  id?: number;
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

export class InspectorSession {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: Reply) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const reply = JSON.parse(String(data)) as Reply;
      if (reply.id !== undefined) this.pending.get(reply.id)?.(reply);
    });
  }

  static open(url: string): Promise<InspectorSession> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new InspectorSession(socket)));
      socket.once("error", reject);
    });
  }

  private call(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        this.pending.delete(id);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply);
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Resident and heap memory (kB) after two full collections. */
  async memoryAfterGc(): Promise<{ rssKb: number; heapUsedKb: number }> {
    await this.call("HeapProfiler.collectGarbage");
    await this.call("HeapProfiler.collectGarbage");
    const reply = await this.call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
    const usage = JSON.parse(String(reply.result?.result?.value)) as { rss: number; heapUsed: number };
    return { rssKb: Math.round(usage.rss / 1024), heapUsedKb: Math.round(usage.heapUsed / 1024) };
  }

  /** Starts sampling the process's CPU (DevTools' Profiler, 1 ms interval). */
  async startProfile() {
    await this.call("Profiler.enable");
    await this.call("Profiler.setSamplingInterval", { interval: 1000 });
    await this.call("Profiler.start");
  }

  /** Stops sampling and returns the profile (the .cpuprofile format). */
  async stopProfile(): Promise<unknown> {
    const reply = (await this.call("Profiler.stop")) as { result?: { profile?: unknown } };
    return reply.result?.profile ?? null;
  }

  close() {
    this.socket.close();
  }
}
