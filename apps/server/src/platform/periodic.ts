/** Work each process repeats for itself on a timer (its own sockets' presence); shared timed work is a scheduled job. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Registered by the app, run by platform/server.ts (tests call the functions directly). */
    periodic: PeriodicTask[];
  }
}

/** Starts each task on its own timer; returns the function that stops them all. */
export function startPeriodic(tasks: PeriodicTask[], onError: (task: PeriodicTask, error: unknown) => void): () => void {
  const timers = tasks.map((task) => {
    const timer = setInterval(() => void task.run().catch((error: unknown) => onError(task, error)), task.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
