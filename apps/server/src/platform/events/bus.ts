import { DOMAIN_EVENTS, type DomainEventName, type DomainEventPayload } from "@holboo/core";
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { defineJob, type JobDefinition, type JobRun } from "../jobs/job.ts";
import type { JobQueue } from "../jobs/queue.ts";

/** A queue name or job key made of a fixed prefix and one payload field, so the same definition works in JS and in SQL. */
export interface PayloadKey<Name extends DomainEventName> {
  prefix: string;
  field: keyof DomainEventPayload<Name> & string;
}

/** Only payloads whose field holds one of these values. */
export interface FieldFilter<Name extends DomainEventName> {
  field: keyof DomainEventPayload<Name> & string;
  in: ReadonlyArray<string>;
}

/** The payload's fields as SQL column references, for an event recorded inside the statement that causes it. */
export type StatementColumns<Name extends DomainEventName> = { [Field in keyof DomainEventPayload<Name>]: SQL };

/**
 * A reaction that must happen (at least once) when the event's transaction commits: it runs as a job on the
 * queue, apart from the other subscribers, so one failing is retried alone. Its handler is idempotent.
 */
export interface DurableSubscriber<Name extends DomainEventName, Ctx> {
  kind: "durable";
  /** The job id it runs under; stable, since waiting jobs are stored under it. */
  id: string;
  event: Name;
  /** Only the events this returns true for add a job (an event recorded inside a statement cannot use it; see `whenField`). */
  when?(payload: DomainEventPayload<Name>): boolean;
  /** A filter on one field's value, which works in JS and in SQL alike. */
  whenField?: FieldFilter<Name>;
  /** Jobs of one queue run one at a time and in order (one conversation's turns). */
  queue?: PayloadKey<Name>;
  /** A second job with the same key replaces the waiting one. */
  key?: PayloadKey<Name>;
  maxAttempts?: number;
  handle(ctx: Ctx, payload: DomainEventPayload<Name>, run: JobRun): Promise<void>;
  /** The last attempt failed: the place to fall back (hand the conversation to people). */
  onDead?(ctx: Ctx, payload: DomainEventPayload<Name>, error: unknown): Promise<void>;
}

/**
 * A reaction in this process right after the commit (a push to the sockets): not retried, since what it
 * tells can be fetched again (clients catch up by sequence number after a missed push).
 */
export interface AfterCommitSubscriber<Name extends DomainEventName, Ctx> {
  kind: "afterCommit";
  id: string;
  event: Name;
  handle(ctx: Ctx, payload: DomainEventPayload<Name>): void;
}

export type Subscriber<Ctx> = { [Name in DomainEventName]: DurableSubscriber<Name, Ctx> | AfterCommitSubscriber<Name, Ctx> }[DomainEventName];

/** Names the event once, so the payload's type follows from it. */
export function durable<Name extends DomainEventName, Ctx>(subscriber: Omit<DurableSubscriber<Name, Ctx>, "kind">): DurableSubscriber<Name, Ctx> {
  return { kind: "durable", ...subscriber };
}

export function afterCommit<Name extends DomainEventName, Ctx>(subscriber: Omit<AfterCommitSubscriber<Name, Ctx>, "kind">): AfterCommitSubscriber<Name, Ctx> {
  return { kind: "afterCommit", ...subscriber };
}

type AnyDurable<Ctx> = DurableSubscriber<DomainEventName, Ctx>;

/** The job a durable subscriber runs as; its payload is the event's. */
export function subscriberJob<Ctx>(subscriber: AnyDurable<Ctx>): JobDefinition<unknown, Ctx> {
  const job = defineJob<DomainEventPayload<DomainEventName>, Ctx>({
    id: subscriber.id,
    payload: DOMAIN_EVENTS[subscriber.event] as never,
    maxAttempts: subscriber.maxAttempts,
    handler: (ctx, payload, run) => subscriber.handle(ctx, payload, run),
    onDead: subscriber.onDead && ((ctx, payload, error) => subscriber.onDead?.(ctx, payload, error) ?? Promise.resolve()),
  });
  return job as JobDefinition<unknown, Ctx>;
}

/** Prefixes and filter values are written into SQL text by `inStatement`. */
const SAFE_LITERAL = /^[a-z0-9_:.-]*$/;
const matches = (filter: FieldFilter<DomainEventName> | undefined, payload: Record<string, unknown>) =>
  !filter || filter.in.includes(String(payload[filter.field]));
const keyOf = (key: PayloadKey<DomainEventName> | undefined, payload: Record<string, unknown>) => key && `${key.prefix}${String(payload[key.field])}`;

/**
 * The domain-event bus: a service records what happened with the executor of the change, and each
 * interested durable subscriber's job is added in that same transaction, so a reaction exists exactly
 * when the change commits. After the commit, the service tells the bus, which runs the afterCommit ones.
 */
export class DomainEvents<Ctx> {
  private readonly durableBy = new Map<DomainEventName, { subscriber: AnyDurable<Ctx>; job: JobDefinition<unknown, Ctx> }[]>();
  private readonly liveBy = new Map<DomainEventName, AfterCommitSubscriber<DomainEventName, Ctx>[]>();
  private ctx: Ctx | null = null;

  constructor(
    private readonly jobs: JobQueue,
    subscribers: ReadonlyArray<Subscriber<Ctx>>,
    private readonly onLiveError: (subscriberId: string, error: unknown) => void,
  ) {
    for (const subscriber of subscribers as ReadonlyArray<AnyDurable<Ctx> | AfterCommitSubscriber<DomainEventName, Ctx>>) {
      if (subscriber.kind === "durable") {
        // Prefixes are written into SQL text by `inStatement`.
        const literals = [subscriber.queue?.prefix, subscriber.key?.prefix, ...(subscriber.whenField?.in ?? [])];
        if (literals.some((literal) => literal !== undefined && !SAFE_LITERAL.test(literal))) throw new Error(`unsafe literal in ${subscriber.id}`);
        const list = this.durableBy.get(subscriber.event) ?? [];
        list.push({ subscriber, job: subscriberJob(subscriber) });
        this.durableBy.set(subscriber.event, list);
      } else {
        const list = this.liveBy.get(subscriber.event) ?? [];
        list.push(subscriber);
        this.liveBy.set(subscriber.event, list);
      }
    }
  }

  /** The context afterCommit subscribers run with (set once the app's context exists). */
  bind(ctx: Ctx): void {
    this.ctx = ctx;
  }

  /** Whether any durable subscriber reacts to the event (a statement need not record what nobody hears). */
  isHeard(name: DomainEventName): boolean {
    return (this.durableBy.get(name)?.length ?? 0) > 0;
  }

  /** Records the event with the change's executor: one job per interested durable subscriber, in the same transaction. */
  async record<Name extends DomainEventName>(db: Executor, name: Name, payload: DomainEventPayload<Name>): Promise<void> {
    const checked = DOMAIN_EVENTS[name].parse(payload) as Record<string, unknown>;
    for (const { subscriber, job } of this.durableBy.get(name) ?? []) {
      if (!matches(subscriber.whenField, checked)) continue;
      if (subscriber.when && !subscriber.when(checked as DomainEventPayload<DomainEventName>)) continue;
      await this.jobs.add(db, job, checked, { queue: keyOf(subscriber.queue, checked), key: keyOf(subscriber.key, checked) });
    }
  }

  /**
   * The same recording as SQL select-list items, for a statement that writes the change and records the event
   * from the rows it writes (the message hot path stays one statement); a bare NULL when nobody listens
   * (`isHeard`). Read the CTE that holds these, since volatile calls in a CTE run only when it is read.
   */
  inStatement<Name extends DomainEventName>(name: Name, columns: StatementColumns<Name>): SQL {
    const subscribers = this.durableBy.get(name) ?? [];
    if (!subscribers.length) return sql`NULL`;
    const column = (field: string) => (columns as Record<string, SQL>)[field] ?? sql`NULL`;
    const payload = sql`json_build_object(${sql.join(
      Object.keys(DOMAIN_EVENTS[name].shape).map((field) => sql`${sql.raw(`'${field}'`)}, ${column(field)}`),
      sql`, `,
    )})`;
    const keySql = (key: PayloadKey<DomainEventName> | undefined) => (key ? sql`${sql.raw(`'${key.prefix}'`)} || ${column(key.field)}` : undefined);
    const items = subscribers.map(({ subscriber, job }) => {
      if (subscriber.when) throw new Error(`${subscriber.id} filters ${name} in JS, which a statement cannot: use whenField`);
      const add = this.jobs.inStatement(job, { payload, queue: keySql(subscriber.queue), key: keySql(subscriber.key) });
      const filter = subscriber.whenField;
      if (!filter) return add;
      const values = sql.raw(filter.in.map((value) => `'${value}'`).join(", "));
      return sql`CASE WHEN (${column(filter.field)})::text IN (${values}) THEN ${add} END`;
    });
    return sql.join(items, sql`, `);
  }

  /** After the commit: the afterCommit subscribers, each on its own, a failure only logged. */
  afterCommit<Name extends DomainEventName>(name: Name, payload: DomainEventPayload<Name>): void {
    const ctx = this.ctx;
    if (!ctx) return;
    for (const subscriber of this.liveBy.get(name) ?? []) {
      try {
        subscriber.handle(ctx, payload);
      } catch (error) {
        this.onLiveError(subscriber.id, error);
      }
    }
  }
}

/** The jobs of the durable subscribers among these, for the job runner. */
export function subscriberJobs<Ctx>(subscribers: ReadonlyArray<Subscriber<Ctx>>): JobDefinition<unknown, Ctx>[] {
  return (subscribers as ReadonlyArray<AnyDurable<Ctx> | AfterCommitSubscriber<DomainEventName, Ctx>>).flatMap((subscriber) =>
    subscriber.kind === "durable" ? [subscriberJob(subscriber)] : [],
  );
}
