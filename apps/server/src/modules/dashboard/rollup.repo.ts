import { AI_VERIFY_AFTER_HOURS } from "@holboo/core";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../platform/db/client.ts";
import { ROLLUP_METRICS } from "../../platform/db/schema.ts";
import { TZ, contributions, daily, freshFacts, monthsOfDays } from "./contributions.repo.ts";

/** One fold or rebuild at a time, across every process. */
const ROLLUP_LOCK = 0xda5b;
/**
 * Events are re-read for this long after they were written: an event's id is taken before its
 * transaction commits, so a lower id can become visible after a higher one. Re-reading is cheap,
 * since an interaction whose facts already hold its last sequence number is skipped.
 */
const REREAD = sql.raw("interval '2 minutes'");
const FACT_COLUMNS = [
  "company_id",
  "interaction_id",
  "seq",
  "contact_id",
  "channel_id",
  "agent_id",
  "va_id",
  "started_at",
  "closed_at",
  "frt_s",
  "res_s",
  "rating",
  "customer_rating",
  "mood",
  "ai",
  "verify_due_at",
];
const factColumns = sql.raw(FACT_COLUMNS.join(", "));
const factUpdate = sql.raw(
  FACT_COLUMNS.slice(2)
    .map((column) => `${column} = excluded.${column}`)
    .join(", "),
);
const dayColumns = sql.raw(["company_id", "day", "channel_id", "agent_id", ...ROLLUP_METRICS].join(", "));
const add = (table: string) => sql.raw(ROLLUP_METRICS.map((metric) => `${metric} = ${table}.${metric} + excluded.${metric}`).join(", "));
const dayAdd = add("dashboard_days");
const monthAdd = add("dashboard_months");

async function lock(tx: Executor) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
}

interface Watermark {
  eventId: number;
  interactionId: number;
}

async function readWatermark(tx: Executor): Promise<Watermark | null> {
  const { rows } = await tx.execute<{ event_id: string; interaction_id: number }>(sql`SELECT event_id, interaction_id FROM dashboard_watermark WHERE id = 1`);
  const row = rows[0];
  return row ? { eventId: Number(row.event_id), interactionId: row.interaction_id } : null;
}

/** The ids below which every row was written long enough ago to be visible now. */
async function settledWatermark(tx: Executor, after: Watermark): Promise<Watermark> {
  const { rows } = await tx.execute<{ event_id: string | null; interaction_id: number | null }>(sql`
    SELECT (SELECT max(id) FROM interaction_events WHERE id > ${after.eventId} AND created_at < now() - ${REREAD}) AS event_id,
      (SELECT max(id) FROM interactions WHERE id > ${after.interactionId} AND started_at < now() - ${REREAD}) AS interaction_id`);
  const row = rows[0];
  return {
    eventId: row?.event_id ? Number(row.event_id) : after.eventId,
    interactionId: row?.interaction_id ?? after.interactionId,
  };
}

async function saveWatermark(tx: Executor, mark: Watermark) {
  await tx.execute(sql`INSERT INTO dashboard_watermark (id, event_id, interaction_id, folded_at) VALUES (1, ${mark.eventId}, ${mark.interactionId}, now())
    ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, interaction_id = excluded.interaction_id, folded_at = now()`);
}

/**
 * Replaces the facts of `candidates` and moves their contributions in dashboard_days: the old facts'
 * are subtracted and the new ones' added, in one statement (its CTEs share one snapshot). Returns how
 * many interactions were folded.
 */
async function refold(tx: Executor, candidates: SQL, now: Date): Promise<number> {
  const { rows } = await tx.execute<{ folded: number }>(sql`
    WITH cand AS MATERIALIZED (${candidates}),
    old AS MATERIALIZED (SELECT f.* FROM dashboard_facts f JOIN cand USING (company_id, interaction_id)),
    fresh AS MATERIALIZED (${freshFacts(sql`SELECT * FROM cand`, now)}),
    saved AS (
      INSERT INTO dashboard_facts (${factColumns}) SELECT ${factColumns} FROM fresh
      ON CONFLICT (company_id, interaction_id) DO UPDATE SET ${factUpdate}
    ),
    gone AS (
      DELETE FROM dashboard_facts d USING old
      WHERE d.company_id = old.company_id AND d.interaction_id = old.interaction_id
        AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.company_id = old.company_id AND fresh.interaction_id = old.interaction_id)
    ),
    delta AS MATERIALIZED (${contributions(sql`old f`, -1)} UNION ALL ${contributions(sql`fresh f`, 1)}),
    moved AS (
      INSERT INTO dashboard_days (${dayColumns})
      ${daily(sql`SELECT * FROM delta`)}
      ON CONFLICT (company_id, day, channel_id, agent_id) DO UPDATE SET ${dayAdd}
    ),
    moved_months AS (
      INSERT INTO dashboard_months (${dayColumns})
      ${daily(sql`SELECT * FROM delta`, "month")}
      ON CONFLICT (company_id, day, channel_id, agent_id) DO UPDATE SET ${monthAdd}
    )
    SELECT count(*)::int AS folded FROM cand`);
  return rows[0]?.folded ?? 0;
}

/**
 * Folds what changed since the watermark into the rollups: interactions with new events (or new
 * interactions) whose facts are older than their last event, resolutions whose 72 hours have passed,
 * and earlier conversations of customers who came back. The first run rebuilds everything.
 */
export async function fold(db: Database, now: Date): Promise<{ folded: number; rebuilt: boolean }> {
  return db.transaction(async (tx) => {
    await lock(tx);
    const mark = await readWatermark(tx);
    if (!mark) {
      await rebuildIn(tx, null, null, now);
      await saveWatermark(tx, await settledWatermark(tx, { eventId: 0, interactionId: 0 }));
      return { folded: 0, rebuilt: true };
    }
    const hours = sql.raw(`interval '${AI_VERIFY_AFTER_HOURS} hours'`);
    const folded = await refold(
      tx,
      sql`
        SELECT x.company_id, x.interaction_id FROM (
          -- A customer's message or a read receipt changes no fact: at 1,000 messages a second, refolding every
          -- conversation on each of them would cost more than the messages themselves.
          SELECT e.company_id, e.interaction_id FROM interaction_events e WHERE e.id > ${mark.eventId}
            AND e.type <> 'message.status' AND NOT (e.type = 'message.created' AND e.payload->'message'->>'direction' = 'in')
          UNION SELECT i.company_id, i.id FROM interactions i WHERE i.id > ${mark.interactionId}
        ) x
        WHERE NOT EXISTS (
          SELECT 1 FROM dashboard_facts f JOIN interactions i ON i.company_id = f.company_id AND i.id = f.interaction_id
          WHERE f.company_id = x.company_id AND f.interaction_id = x.interaction_id AND f.seq = i.last_seq
        )
        UNION SELECT f.company_id, f.interaction_id FROM dashboard_facts f WHERE f.verify_due_at <= ${now}::timestamptz
        UNION SELECT j.company_id, j.id FROM interactions n
          JOIN interactions j ON j.company_id = n.company_id AND j.contact_id = n.contact_id AND j.id <> n.id
            AND j.closed_at >= n.started_at - ${hours} AND j.closed_at < n.started_at
          WHERE n.id > ${mark.interactionId}
            AND NOT EXISTS (SELECT 1 FROM dashboard_facts f WHERE f.company_id = n.company_id AND f.interaction_id = n.id)`,
      now,
    );
    await saveWatermark(tx, await settledWatermark(tx, mark));
    return { folded, rebuilt: false };
  });
}

const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${sql.raw(`'${TZ}'`)})`;

/**
 * Rebuilds the rollups of [fromDay, toDay) (local days; null: unbounded) for one company (null: all)
 * from the interactions and their events: their facts are read again, the days deleted and summed anew.
 */
async function rebuildIn(tx: Executor, companyId: number | null, range: { fromDay: string | null; toDay: string | null } | null, now: Date) {
  const company = (column: string) => (companyId === null ? sql`true` : sql`${sql.raw(column)} = ${companyId}`);
  const inRange = (column: SQL) => {
    const parts: SQL[] = [];
    if (range?.fromDay) parts.push(sql`${column} >= ${dayStart(range.fromDay)}`);
    if (range?.toDay) parts.push(sql`${column} < ${dayStart(range.toDay)}`);
    return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  };
  const startedIn = inRange(sql`i.started_at`);
  const closedIn = inRange(sql`i.closed_at`);
  await tx.execute(sql`
    WITH cand AS MATERIALIZED (SELECT i.company_id, i.id AS interaction_id FROM interactions i WHERE ${company("i.company_id")} AND ((${startedIn}) OR (${closedIn}))),
    fresh AS (${freshFacts(sql`SELECT * FROM cand`, now)})
    INSERT INTO dashboard_facts (${factColumns}) SELECT ${factColumns} FROM fresh
    ON CONFLICT (company_id, interaction_id) DO UPDATE SET ${factUpdate}`);
  await tx.execute(sql`DELETE FROM dashboard_facts f WHERE ${company("f.company_id")} AND (${inRange(sql`f.started_at`)})
    AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.company_id = f.company_id AND i.id = f.interaction_id)`);
  const dayIn = [company("company_id")];
  if (range?.fromDay) dayIn.push(sql`day >= ${range.fromDay}::date`);
  if (range?.toDay) dayIn.push(sql`day < ${range.toDay}::date`);
  await tx.execute(sql`DELETE FROM dashboard_days WHERE ${sql.join(dayIn, sql` AND `)}`);
  await tx.execute(sql`
    INSERT INTO dashboard_days (${dayColumns})
    ${daily(contributions(sql`dashboard_facts f`, 1, { at: (column) => sql`${company("f.company_id")} AND ${inRange(column)}` }))}
    ON CONFLICT (company_id, day, channel_id, agent_id) DO UPDATE SET ${dayAdd}`);
  // The months the period touches, summed again from their days.
  const monthIn = [company("company_id")];
  if (range?.fromDay) monthIn.push(sql`day >= date_trunc('month', ${range.fromDay}::date)::date`);
  if (range?.toDay) monthIn.push(sql`day < (date_trunc('month', ${range.toDay}::date - 1) + interval '1 month')::date`);
  const monthsWhere = sql.join(monthIn, sql` AND `);
  await tx.execute(sql`DELETE FROM dashboard_months WHERE ${monthsWhere}`);
  await tx.execute(sql`INSERT INTO dashboard_months (${dayColumns}) ${monthsOfDays(monthsWhere)}`);
}

/** Rebuilds a company's rollups of the local days [fromDay, toDay) (null: unbounded) from the source tables. */
export function rebuild(db: Database, companyId: number | null, range: { fromDay: string | null; toDay: string | null } | null, now: Date) {
  return db.transaction(async (tx) => {
    await lock(tx);
    await rebuildIn(tx, companyId, range, now);
  });
}
