import { AI_VERIFY_AFTER_HOURS, DEFAULT_TIME_ZONE, DURATION_BUCKETS_S } from "@holboo/core";
import { sql, type SQL } from "drizzle-orm";
import { ROLLUP_METRICS } from "../../platform/db/schema.ts";

/**
 * What a fact row adds to the rollups, as SQL: the fold, the rebuild and the figures of partial days all
 * read facts through these three selects, so the rollups and a direct computation cannot drift apart.
 * Every piece here is a constant of the code (column names, bucket edges, the time zone); values come in
 * as parameters.
 */
export type Metric = (typeof ROLLUP_METRICS)[number];

export const TZ = DEFAULT_TIME_ZONE;
const EDGES = `ARRAY[${DURATION_BUCKETS_S.join(",")}]::int[]`;
/** Index of the bucket of an integer number of seconds: bucket k holds (edge[k-1], edge[k]]. */
const bucketOf = (seconds: string) => `width_bucket(${seconds} - 1, ${EDGES})`;
const flag = (condition: string) => `(${condition})::int`;

type Values = Partial<Record<Metric, string>>;

function creationValues(f: string): Values {
  const values: Values = {
    created: "1",
    frt_n: flag(`${f}.frt_s IS NOT NULL`),
    frt_sum: `coalesce(${f}.frt_s, 0)`,
  };
  for (let k = 0; k <= DURATION_BUCKETS_S.length; k++) values[`frt_b${k}` as Metric] = flag(`${f}.frt_s IS NOT NULL AND ${bucketOf(`${f}.frt_s`)} = ${k}`);
  for (let h = 0; h < 24; h++) values[`h${h}` as Metric] = flag(`extract(hour from ${f}.started_at AT TIME ZONE '${TZ}') = ${h}`);
  return values;
}

function closeValues(f: string): Values {
  const values: Values = { closed: "1", res_n: flag(`${f}.res_s IS NOT NULL`), res_sum: `coalesce(${f}.res_s, 0)` };
  for (let k = 0; k <= DURATION_BUCKETS_S.length; k++) values[`res_b${k}` as Metric] = flag(`${f}.res_s IS NOT NULL AND ${bucketOf(`${f}.res_s`)} = ${k}`);
  for (let star = 1; star <= 5; star++) {
    values[`rating_${star}` as Metric] = flag(`${f}.rating IS NOT DISTINCT FROM ${star}`);
    values[`crating_${star}` as Metric] = flag(`${f}.customer_rating IS NOT DISTINCT FROM ${star}`);
  }
  for (const mood of ["angry", "frowning", "normal", "grinning"]) values[`mood_${mood}` as Metric] = flag(`${f}.mood IS NOT DISTINCT FROM '${mood}'`);
  return values;
}

function aiValues(f: string): Values {
  return {
    ai_handled: "1",
    ai_alone: flag(`${f}.ai IN ('verified', 'assumed')`),
    ai_handover: flag(`${f}.ai = 'handed_over'`),
    ai_verified: flag(`${f}.ai = 'verified'`),
    ai_assumed: flag(`${f}.ai = 'assumed'`),
  };
}

function select(from: SQL, f: string, sign: number, at: string, agent: string, values: Values, where: SQL): SQL {
  const columns = ROLLUP_METRICS.map((metric) => `${values[metric] ? `${sign} * (${values[metric]})` : "0"} AS ${metric}`).join(", ");
  return sql`SELECT ${sql.raw(`${f}.company_id, ${at} AS at, ${f}.channel_id, ${agent} AS agent_id, ${columns}`)} FROM ${from} WHERE ${where}`;
}

export interface ContributionFilter {
  /** A condition on the instant a contribution is counted at (creation, or close), given its column. */
  at?: (column: SQL) => SQL;
}

/**
 * The contributions of the fact rows `from` (aliased `f`), each multiplied by `sign`: the creation
 * (at the start), the close (at the close) and the AI agent's share (at the start, counted for the
 * virtual agent). Rows: company_id, at, channel_id, agent_id, then every metric.
 */
export function contributions(from: SQL, sign: number, filter: ContributionFilter = {}, f = "f"): SQL {
  const when = (column: string, extra?: string) => {
    const parts: SQL[] = [];
    if (extra) parts.push(sql.raw(extra));
    if (filter.at) parts.push(filter.at(sql.raw(`${f}.${column}`)));
    return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  };
  return sql.join(
    [
      select(from, f, sign, `${f}.started_at`, `${f}.agent_id`, creationValues(f), when("started_at")),
      select(from, f, sign, `${f}.closed_at`, `${f}.agent_id`, closeValues(f), when("closed_at", `${f}.closed_at IS NOT NULL`)),
      select(from, f, sign, `${f}.started_at`, `${f}.va_id`, aiValues(f), when("started_at", `${f}.va_id > 0`)),
    ],
    sql` UNION ALL `,
  );
}

const SUMS = sql.raw(ROLLUP_METRICS.map((metric) => `sum(${metric})::${metric.endsWith("_sum") ? "bigint" : "int"} AS ${metric}`).join(", "));

/** Contribution rows summed per company, local day (or month), channel and agent: the shape of dashboard_days and _months. */
export function daily(contribution: SQL, unit: "day" | "month" = "day"): SQL {
  const day = sql.raw(`(at AT TIME ZONE '${TZ}')::date`);
  return sql`SELECT company_id, ${unit === "day" ? day : sql`date_trunc('month', ${day})::date`} AS day, channel_id, agent_id, ${SUMS}
    FROM (${contribution}) c GROUP BY 1, 2, 3, 4`;
}

/** Rows of dashboard_days summed per month, the shape of dashboard_months. */
export function monthsOfDays(where: SQL): SQL {
  return sql`SELECT company_id, date_trunc('month', day)::date AS day, channel_id, agent_id, ${SUMS} FROM dashboard_days WHERE ${where} GROUP BY 1, 2, 3, 4`;
}

/**
 * The facts of the interactions in `candidates` (rows of company_id, interaction_id), read from the
 * interactions, their events and messages at `now`: who they count for, durations, ratings, mood and
 * the AI agent's outcome. A resolution by the agent alone is verified when the customer confirmed (a
 * flow reached success), either rating is 4 or more, or 72 hours passed without the customer coming back.
 */
export function freshFacts(candidates: SQL, now: Date): SQL {
  const hours = sql.raw(`interval '${AI_VERIFY_AFTER_HOURS} hours'`);
  return sql`
    SELECT i.company_id, i.id AS interaction_id, i.last_seq AS seq, i.contact_id, coalesce(i.channel_id, 0) AS channel_id,
      coalesce(i.assignee_user_id, i.closed_by_user_id, CASE WHEN ai.involved THEN va.user_id END, 0) AS agent_id,
      CASE WHEN ai.involved THEN coalesce(va.user_id, 0) ELSE 0 END AS va_id,
      i.started_at, i.closed_at,
      CASE WHEN i.first_response_at IS NOT NULL THEN greatest(0, floor(extract(epoch FROM i.first_response_at - i.started_at)))::int END AS frt_s,
      CASE WHEN i.closed_at IS NOT NULL THEN greatest(0, floor(extract(epoch FROM i.closed_at - i.started_at)))::int END AS res_s,
      i.rating, i.customer_rating, i.mood,
      CASE WHEN NOT ai.involved THEN NULL
        WHEN ai.handed THEN 'handed_over'
        WHEN i.closed_at IS NULL THEN 'open'
        WHEN ai.confirmed OR i.customer_rating >= 4 OR i.rating >= 4 THEN 'verified'
        WHEN back.came_back THEN 'assumed'
        WHEN i.closed_at + ${hours} <= ${now}::timestamptz THEN 'verified'
        ELSE 'assumed' END AS ai,
      CASE WHEN ai.involved AND NOT ai.handed AND i.closed_at IS NOT NULL AND NOT (ai.confirmed OR coalesce(i.customer_rating >= 4, false) OR coalesce(i.rating >= 4, false))
        AND NOT back.came_back AND i.closed_at + ${hours} > ${now}::timestamptz THEN i.closed_at + ${hours} END AS verify_due_at
    FROM (${candidates}) cand
    JOIN interactions i ON i.company_id = cand.company_id AND i.id = cand.interaction_id
    CROSS JOIN LATERAL (
      SELECT i.owner_type = 'ai' OR coalesce(bool_or(e.type = 'ownership.changed' AND 'ai' IN (e.payload->>'previous_owner_type', e.payload->>'owner_type')), false) AS involved,
        coalesce(bool_or(e.type = 'ownership.changed' AND e.payload->>'previous_owner_type' = 'ai' AND e.payload->>'owner_type' <> 'ai'), false) AS handed,
        coalesce(bool_or(e.type = 'flow.step' AND e.payload->>'node_kind' = 'success'), false) AS confirmed
      FROM interaction_events e
      WHERE e.company_id = i.company_id AND e.interaction_id = i.id AND e.type IN ('ownership.changed', 'flow.step')
    ) ai
    CROSS JOIN LATERAL (
      SELECT coalesce(
        (SELECT m.sender_user_id FROM messages m WHERE m.company_id = i.company_id AND m.interaction_id = i.id AND m.sender_type = 'ai' AND m.sender_user_id IS NOT NULL ORDER BY m.seq LIMIT 1),
        (SELECT v.user_id FROM channels ch JOIN virtual_agents v ON v.id = ch.agent_id AND v.company_id = ch.company_id WHERE ch.company_id = i.company_id AND ch.id = i.channel_id)
      ) AS user_id
    ) va
    CROSS JOIN LATERAL (
      SELECT i.closed_at IS NOT NULL AND EXISTS (
        SELECT 1 FROM interactions j
        WHERE j.company_id = i.company_id AND j.contact_id = i.contact_id AND j.id <> i.id AND j.started_at > i.closed_at AND j.started_at <= i.closed_at + ${hours}
      ) AS came_back
    ) back`;
}
