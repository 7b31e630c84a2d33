import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { ROLLUP_METRICS } from "../../platform/db/schema.ts";
import { TZ, contributions, type Metric } from "./contributions.repo.ts";

export type MetricRow = Record<Metric, number>;
export interface Filters {
  channelId?: number;
  agentId?: number;
}
export interface Window {
  from: Date;
  to: Date;
}

const zone = sql.raw(`'${TZ}'`);
const HOURS = Array.from({ length: 24 }, (_, h) => `h${h}` as Metric);
const COUNTS: Metric[] = ["created", "closed"];
const sums = sql.raw(ROLLUP_METRICS.map((metric) => `sum(${metric})::float8 AS ${metric}`).join(", "));

/** The full local days inside a window ([d1, d2)) and their instants a (start of d1) and b (start of d2). */
async function dayBounds(db: Executor, window: Window) {
  const { rows } = await db.execute<{ d1: string; d2: string; a: string; b: string }>(sql`
    WITH x AS (SELECT (${window.from}::timestamptz AT TIME ZONE ${zone})::date AS f, (${window.to}::timestamptz AT TIME ZONE ${zone})::date AS d2),
    y AS (SELECT CASE WHEN (f::timestamp AT TIME ZONE ${zone}) >= ${window.from}::timestamptz THEN f ELSE f + 1 END AS d1, d2 FROM x)
    SELECT d1::text, d2::text, (d1::timestamp AT TIME ZONE ${zone})::text AS a, (d2::timestamp AT TIME ZONE ${zone})::text AS b FROM y`);
  const row = rows[0]!;
  return { d1: row.d1, d2: row.d2, a: new Date(row.a), b: new Date(row.b) };
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(day: string) {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/**
 * Rows of the whole local days [d1, d2) (d1 null: from the beginning): whole months from
 * dashboard_months when `months`, the days around them from dashboard_days.
 */
function wholeDays(companyId: number, d1: string | null, d2: string, columns: SQL, months: boolean): SQL[] {
  const days = (from: string | null, to: string) =>
    sql`SELECT day, channel_id, agent_id, ${columns} FROM dashboard_days WHERE company_id = ${companyId}${from ? sql` AND day >= ${from}::date` : sql``} AND day < ${to}::date`;
  if (!months) return [days(d1, d2)];
  const m1 = d1 === null ? null : d1 === firstOfMonth(d1) ? d1 : nextMonth(d1);
  const m2 = firstOfMonth(d2);
  if (m1 !== null && m1 >= m2) return [days(d1, d2)];
  const parts = [
    sql`SELECT day, channel_id, agent_id, ${columns} FROM dashboard_months WHERE company_id = ${companyId}${m1 ? sql` AND day >= ${m1}::date` : sql``} AND day < ${m2}::date`,
  ];
  if (d1 !== null && m1 !== null && d1 < m1) parts.push(days(d1, m1));
  if (m2 < d2) parts.push(days(m2, d2));
  return parts;
}

/**
 * Rows (day, channel_id, agent_id, metrics…) of a window: whole months and days from the rollups, the
 * partial days at either end from the facts (the same contributions the rollups are summed from).
 * `months` is off where a figure needs days (the heatmap's weekdays, a daily series).
 */
async function source(
  db: Executor,
  companyId: number,
  window: Window | { from: null; to: Date },
  filters: Filters,
  metrics: readonly Metric[] = ROLLUP_METRICS,
  months = true,
): Promise<SQL> {
  const metricColumns = sql.raw(metrics.join(", "));
  const parts: SQL[] = [];
  const bounds = await dayBounds(db, { from: window.from ?? new Date(0), to: window.to });
  const facts = (from: Date | null, to: Date) =>
    sql`SELECT (at AT TIME ZONE ${zone})::date AS day, channel_id, agent_id, ${metricColumns} FROM (${contributions(sql`dashboard_facts f`, 1, {
      at: (column) => sql`f.company_id = ${companyId} AND ${column} < ${to}::timestamptz${from ? sql` AND ${column} >= ${from}::timestamptz` : sql``}`,
    })}) c`;
  if (window.from === null) {
    parts.push(...wholeDays(companyId, null, bounds.d2, metricColumns, months));
    parts.push(facts(bounds.b, window.to));
  } else if (bounds.a <= bounds.b) {
    parts.push(...wholeDays(companyId, bounds.d1, bounds.d2, metricColumns, months));
    if (window.from < bounds.a) parts.push(facts(window.from, bounds.a));
    if (bounds.b < window.to) parts.push(facts(bounds.b, window.to));
  } else {
    parts.push(facts(window.from, window.to));
  }
  const where: SQL[] = [sql`true`];
  if (filters.channelId !== undefined) where.push(sql`channel_id = ${filters.channelId}`);
  if (filters.agentId !== undefined) where.push(sql`agent_id = ${filters.agentId}`);
  return sql`(SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) u WHERE ${sql.join(where, sql` AND `)})`;
}

/** Every metric summed per channel and agent over the window. */
export async function figuresByChannelAgent(db: Executor, companyId: number, window: Window, filters: Filters) {
  const { rows } = await db.execute<MetricRow & { channel_id: number; agent_id: number }>(
    sql`SELECT channel_id, agent_id, ${sums} FROM ${await source(db, companyId, window, filters)} s GROUP BY channel_id, agent_id`,
  );
  return rows;
}

/** Created and closed per local day or month. */
export async function series(db: Executor, companyId: number, window: Window, filters: Filters, unit: "day" | "month") {
  const bucket = unit === "day" ? sql`day` : sql`date_trunc('month', day)::date`;
  const { rows } = await db.execute<{ date: string; created: number; closed: number }>(
    sql`SELECT ${bucket}::text AS date, sum(created)::int AS created, sum(closed)::int AS closed FROM ${await source(db, companyId, window, filters, COUNTS, unit === "month")} s
      GROUP BY 1 ORDER BY 1`,
  );
  return rows;
}

/** Conversations created per ISO weekday (1 = Monday) and local hour. */
export async function heatmap(db: Executor, companyId: number, window: Window, filters: Filters) {
  const hours = sql.raw(Array.from({ length: 24 }, (_, h) => `sum(h${h})::int AS h${h}`).join(", "));
  const { rows } = await db.execute<Record<string, number>>(
    sql`SELECT extract(isodow FROM day)::int AS dow, ${hours} FROM ${await source(db, companyId, window, filters, HOURS, false)} s GROUP BY 1`,
  );
  return rows;
}

/** Conversations open at `to`, per channel: everything created before it less everything closed. */
export async function openByChannel(db: Executor, companyId: number, to: Date, filters: Filters) {
  const { rows } = await db.execute<{ channel_id: number; open: number }>(
    sql`SELECT channel_id, (sum(created) - sum(closed))::int AS open FROM ${await source(db, companyId, { from: null, to }, filters, COUNTS)} s GROUP BY channel_id`,
  );
  return rows;
}

/** The knowledge's most asked questions it could not answer (still unanswered), from the learning loop's log. */
export async function topNotFound(db: Executor, companyId: number, window: Window, limit: number) {
  const { rows } = await db.execute<{ question: string; count: number }>(sql`
    SELECT min(question) AS question, count(*)::int AS count FROM knowledge_questions
    WHERE company_id = ${companyId} AND outcome = 'not_found' AND resolved_at IS NULL AND created_at >= ${window.from}::timestamptz AND created_at < ${window.to}::timestamptz
    GROUP BY lower(question) ORDER BY count(*) DESC, min(question) LIMIT ${limit}`);
  return rows;
}

/** Issues opened (registered) and resolved in the window, per type. */
export async function issuesByType(db: Executor, companyId: number, window: Window, filters: { channelId?: number; assigneeId?: number }) {
  const where: SQL[] = [sql`i.company_id = ${companyId}`];
  if (filters.channelId !== undefined) where.push(sql`i.channel_id = ${filters.channelId}`);
  if (filters.assigneeId !== undefined) where.push(sql`i.assignee_user_id = ${filters.assigneeId}`);
  const { rows } = await db.execute<{ type_id: number | null; name: string | null; opened: number; resolved: number }>(sql`
    SELECT i.type_id, t.name,
      count(*) FILTER (WHERE i.registered_at >= ${window.from}::timestamptz AND i.registered_at < ${window.to}::timestamptz)::int AS opened,
      count(*) FILTER (WHERE i.status = 'resolved' AND i.ended_at >= ${window.from}::timestamptz AND i.ended_at < ${window.to}::timestamptz)::int AS resolved
    FROM issues i LEFT JOIN issue_settings t ON t.company_id = i.company_id AND t.id = i.type_id
    WHERE ${sql.join(where, sql` AND `)}
      AND ((i.registered_at >= ${window.from}::timestamptz AND i.registered_at < ${window.to}::timestamptz)
        OR (i.ended_at >= ${window.from}::timestamptz AND i.ended_at < ${window.to}::timestamptz))
    GROUP BY i.type_id, t.name ORDER BY opened DESC, t.name`);
  return rows;
}

/** Names of the company's channels and people (virtual agents flagged), for the tables. */
export async function names(db: Executor, companyId: number) {
  const [channelRows, userRows] = await Promise.all([
    db.execute<{ id: number; type: string; name: string }>(sql`SELECT id, type, name FROM channels WHERE company_id = ${companyId}`),
    db.execute<{ id: number; first_name: string; last_name: string; virtual: boolean }>(sql`
      SELECT u.id, u.first_name, u.last_name, (u.user_type <> 'human' OR EXISTS (SELECT 1 FROM virtual_agents v WHERE v.company_id = u.company_id AND v.user_id = u.id)) AS virtual
      FROM users u WHERE u.company_id = ${companyId}`),
  ]);
  return { channels: channelRows.rows, users: userRows.rows };
}
