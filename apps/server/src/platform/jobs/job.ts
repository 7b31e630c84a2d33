import type { z } from "zod";

/** What a job's handler knows about the run it is in. */
export interface JobRun {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  /** Fires when the process shuts down: a handler that can stop early should (its job is retried). */
  signal: AbortSignal;
}

/**
 * What a job is, without how it runs: enough to add one. A service that schedules work it also performs
 * names the kind, and the job file adds the handler (`defineJob({ ...kind, handler })`), so the service
 * never imports its job and the job its service back.
 */
export interface JobKind<Payload> {
  id: string;
  payload: z.ZodType<Payload>;
  /** Runs in all (default 5); the pause between runs grows as e^attempt seconds, capped at e^10 (about 6 h). */
  maxAttempts?: number;
}

export function jobKind<Payload>(kind: JobKind<Payload>): JobKind<Payload> {
  return kind;
}

/**
 * A kind of background work: its id, its payload schema (from core), its retry budget and its handler.
 * Handlers are idempotent: a retried or repeated job finds its work already done and does nothing.
 */
export interface JobDefinition<Payload, Ctx> extends JobKind<Payload> {
  handler(ctx: Ctx, payload: Payload, run: JobRun): Promise<void>;
  /** Called once when the last attempt failed, before the job is kept as dead: the place to tell a person. */
  onDead?(ctx: Ctx, payload: Payload, error: unknown): Promise<void>;
}

export function defineJob<Payload, Ctx>(definition: JobDefinition<Payload, Ctx>): JobDefinition<Payload, Ctx> {
  return definition;
}

/** A recurring job: a cron line (minute hour day month weekday, UTC) and the job it adds. */
export interface ScheduledJob<Ctx> {
  cron: string;
  job: JobDefinition<unknown, Ctx>;
}

/** Thrown by a handler that must not be tried again (the provider refused for good, the data is gone). */
export class PermanentJobError extends Error {}
