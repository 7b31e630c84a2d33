import { DEFAULT_TIME_ZONE, DURATION_BUCKETS_S, type DashboardView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { webchatCompany } from "../../../test/factories.ts";
import { buildConversation, newContact } from "../../../test/dashboard-data.ts";
import { ROLLUP_METRICS } from "../../platform/db/schema.ts";
import { fold, rebuild } from "./rollup.repo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Sums = Record<string, number>;

/** Bucket index of a duration, written apart from the SQL: the first edge it does not exceed. */
const bucket = (seconds: number) => {
  const k = DURATION_BUCKETS_S.findIndex((edge) => seconds <= edge);
  return k === -1 ? DURATION_BUCKETS_S.length : k;
};
const dayOf = (iso: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_TIME_ZONE }).format(iso);
const hourOf = (iso: Date) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: DEFAULT_TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(iso));

/** The rollup rows computed straight from the interactions table, in JavaScript. */
async function direct(companyId: number, aiUser: number): Promise<Map<string, Sums>> {
  const { rows } = await t.database.pool.query<{
    channel_id: number | null;
    assignee_user_id: number | null;
    closed_by_user_id: number | null;
    owner_type: string;
    started_at: Date;
    first_response_at: Date | null;
    closed_at: Date | null;
    rating: number | null;
    customer_rating: number | null;
    mood: string | null;
  }>(`SELECT * FROM interactions WHERE company_id = $1`, [companyId]);
  const out = new Map<string, Sums>();
  const bump = (day: string, channel: number, agent: number, metric: string, by = 1) => {
    const key = `${day}|${channel}|${agent}`;
    const row = out.get(key) ?? {};
    row[metric] = (row[metric] ?? 0) + by;
    out.set(key, row);
  };
  for (const i of rows) {
    const channel = i.channel_id ?? 0;
    const agent = i.assignee_user_id ?? i.closed_by_user_id ?? (i.owner_type === "ai" ? aiUser : 0);
    const day = dayOf(i.started_at);
    bump(day, channel, agent, "created");
    bump(day, channel, agent, `h${hourOf(i.started_at)}`);
    if (i.first_response_at) {
      const s = Math.floor((i.first_response_at.getTime() - i.started_at.getTime()) / 1000);
      bump(day, channel, agent, "frt_n");
      bump(day, channel, agent, "frt_sum", s);
      bump(day, channel, agent, `frt_b${bucket(s)}`);
    }
    if (i.closed_at) {
      const closeDay = dayOf(i.closed_at);
      const s = Math.floor((i.closed_at.getTime() - i.started_at.getTime()) / 1000);
      bump(closeDay, channel, agent, "closed");
      bump(closeDay, channel, agent, "res_n");
      bump(closeDay, channel, agent, "res_sum", s);
      bump(closeDay, channel, agent, `res_b${bucket(s)}`);
      if (i.rating) bump(closeDay, channel, agent, `rating_${i.rating}`);
      if (i.customer_rating) bump(closeDay, channel, agent, `crating_${i.customer_rating}`);
      if (i.mood) bump(closeDay, channel, agent, `mood_${i.mood}`);
    }
  }
  return out;
}

/** The rollup rows of the company, AI columns left out, zeros dropped. */
async function rolled(companyId: number): Promise<Map<string, Sums>> {
  const { rows } = await t.database.pool.query<Record<string, string | number>>(`SELECT *, day::text AS day FROM dashboard_days WHERE company_id = $1`, [
    companyId,
  ]);
  const out = new Map<string, Sums>();
  for (const row of rows) {
    const sums: Sums = {};
    for (const metric of ROLLUP_METRICS) if (!metric.startsWith("ai_") && Number(row[metric])) sums[metric] = Number(row[metric]);
    if (Object.keys(sums).length) out.set(`${String(row.day)}|${String(row.channel_id)}|${String(row.agent_id)}`, sums);
  }
  return out;
}

/** dashboard_months against its days summed per month: the two are kept together. */
async function monthsMatchDays(companyId: number) {
  const sums = ROLLUP_METRICS.map((metric) => `sum(${metric})::bigint AS ${metric}`).join(", ");
  const query = (from: string) => `SELECT ${sums} FROM ${from} WHERE company_id = $1 GROUP BY day_month ORDER BY day_month`;
  const [months, days] = await Promise.all([
    t.database.pool.query(query(`(SELECT *, day AS day_month FROM dashboard_months) m`), [companyId]),
    t.database.pool.query(query(`(SELECT *, date_trunc('month', day) AS day_month FROM dashboard_days) d`), [companyId]),
  ]);
  expect(months.rows.length).toBeGreaterThan(0);
  expect(months.rows).toEqual(days.rows);
}

const sorted = (map: Map<string, Sums>) => Object.fromEntries([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));

async function company() {
  const c = await webchatCompany(t);
  const companyId = c.me.company_id;
  const { rows } = await t.database.pool.query<{ user_id: number }>(`SELECT user_id FROM virtual_agents WHERE company_id = $1`, [companyId]);
  return { ...c, companyId, aiUser: rows[0]!.user_id, me: c.me };
}

describe("dashboard rollups", () => {
  it("equal a direct computation on the same conversations, after new events, and after a rebuild", async () => {
    const c = await company();
    const contact = await newContact(t.database.pool, c.companyId);
    const base = Date.parse("2026-03-02T00:30:00Z");
    const ids: number[] = [];
    for (let n = 0; n < 24; n++) {
      const startedAt = new Date(base + n * 7 * 3_600_000 + n * 611_000).toISOString();
      const ai = n % 4 === 0;
      ids.push(
        await buildConversation(t.database.pool, {
          companyId: c.companyId,
          channelId: n % 5 === 0 ? null : c.channel.id,
          contactId: contact,
          startedAt,
          firstResponseS: n % 6 === 5 ? undefined : 7 + n * n * 13,
          ...(n % 3 !== 2 ? { closeS: 600 + n * 4_000 } : {}),
          ...(ai ? { aiAnswer: c.aiUser } : { assignee: n % 2 ? c.me.ID : null, ownerType: n % 2 ? "user" : "queue" }),
          rating: n % 3 === 0 ? (n % 5) + 1 : null,
          customerRating: n % 4 === 1 ? (n % 5) + 1 : null,
          mood: (["angry", "frowning", "normal", "grinning", null] as const)[n % 5] ?? null,
        }),
      );
    }
    await fold(t.database.db, new Date());
    expect(sorted(await rolled(c.companyId))).toEqual(sorted(await direct(c.companyId, c.aiUser)));
    await monthsMatchDays(c.companyId);

    // A conversation closes later, with a rating: its contribution moves from open to closed.
    const open = ids[2]!;
    await t.database.pool.query(
      `UPDATE interactions SET status = 'closed', closed_at = started_at + interval '2 days 3 hours', closed_by_user_id = $3, rating = 5, mood = 'grinning', last_seq = last_seq + 1
       WHERE company_id = $1 AND id = $2`,
      [c.companyId, open, c.me.ID],
    );
    await t.database.pool.query(
      `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload)
       SELECT company_id, id, last_seq, 'interaction.closed', true, '{}' FROM interactions WHERE id = $1`,
      [open],
    );
    await fold(t.database.db, new Date());
    const expected = sorted(await direct(c.companyId, c.aiUser));
    expect(sorted(await rolled(c.companyId))).toEqual(expected);
    await monthsMatchDays(c.companyId);

    // Damage the rollups, then rebuild March from the source tables.
    await t.database.pool.query(`UPDATE dashboard_days SET created = created + 100, closed = 0 WHERE company_id = $1`, [c.companyId]);
    await t.database.pool.query(`UPDATE dashboard_months SET created = 0 WHERE company_id = $1`, [c.companyId]);
    await rebuild(t.database.db, c.companyId, { fromDay: "2026-03-01", toDay: "2026-04-01" }, new Date());
    expect(sorted(await rolled(c.companyId))).toEqual(expected);
    await monthsMatchDays(c.companyId);

    // A period reads whole months, whole days and partial days: every way of reading gives the same figures.
    const read = async (from: string, to: string) => {
      const view = (await c.client.get<DashboardView>(`/api/dashboard?period=custom&from=${from}&to=${to}`)).body;
      return [
        view.summary.created,
        view.summary.closed,
        view.summary.first_response_median_s,
        view.summary.resolution_p90_s,
        view.heatmap.flat().reduce((a, b) => a + b, 0),
      ];
    };
    const months = await read("2026-01-01", "2026-05-31");
    expect(months.slice(0, 2)).toEqual([24, 17]);
    expect(await read("2026-02-15", "2026-04-10")).toEqual(months);
    expect(await read("2026-03-02", "2026-03-31")).toEqual(months);
    expect(await read("2026-03-02T00:00:00.000Z", "2026-04-01T00:00:00.000Z")).toEqual(months);

    // The AI agent's conversations are counted for it, every one answered alone.
    const { rows } = await t.database.pool.query<{ handled: number; alone: number }>(
      `SELECT sum(ai_handled)::int AS handled, sum(ai_alone)::int AS alone FROM dashboard_days WHERE company_id = $1 AND agent_id = $2`,
      [c.companyId, c.aiUser],
    );
    expect(rows[0]).toEqual({ handled: 6, alone: 4 });
  });

  it("keeps the AI agent's verified resolutions apart from assumed ones, by the test's clock", async () => {
    const c = await company();
    const [calm, returning, rated, confirmed, handed] = await Promise.all(
      ["А", "Б", "В", "Г", "Д"].map((name) => newContact(t.database.pool, c.companyId, name)),
    );
    const closedAt = Date.parse("2031-05-04T10:00:00Z");
    const start = new Date(closedAt - 600_000).toISOString();
    const base = { companyId: c.companyId, channelId: c.channel.id, startedAt: start, firstResponseS: 5, closeS: 600, aiAnswer: c.aiUser };
    const calmId = await buildConversation(t.database.pool, { ...base, contactId: calm! });
    const returningId = await buildConversation(t.database.pool, { ...base, contactId: returning! });
    const ratedId = await buildConversation(t.database.pool, { ...base, contactId: rated!, customerRating: 5 });
    const confirmedId = await buildConversation(t.database.pool, { ...base, contactId: confirmed!, confirmed: true });
    const handedId = await buildConversation(t.database.pool, { ...base, contactId: handed!, handedOver: true, assignee: c.me.ID });
    const outcome = async () => {
      const { rows } = await t.database.pool.query<{ interaction_id: number; ai: string }>(
        `SELECT interaction_id, ai FROM dashboard_facts WHERE company_id = $1`,
        [c.companyId],
      );
      return Object.fromEntries(rows.map((row) => [row.interaction_id, row.ai]));
    };
    const aiSums = async () =>
      (
        await t.database.pool.query<{ verified: number; assumed: number; alone: number; handover: number }>(
          `SELECT sum(ai_verified)::int AS verified, sum(ai_assumed)::int AS assumed, sum(ai_alone)::int AS alone, sum(ai_handover)::int AS handover
           FROM dashboard_days WHERE company_id = $1`,
          [c.companyId],
        )
      ).rows[0];

    await fold(t.database.db, new Date(closedAt + 3_600_000));
    expect(await outcome()).toEqual({
      [calmId]: "assumed",
      [returningId]: "assumed",
      [ratedId]: "verified",
      [confirmedId]: "verified",
      [handedId]: "handed_over",
    });
    expect(await aiSums()).toEqual({ verified: 2, assumed: 2, alone: 4, handover: 1 });

    // The returning customer writes again 10 hours later: theirs stays assumed for good.
    await buildConversation(t.database.pool, {
      companyId: c.companyId,
      channelId: c.channel.id,
      contactId: returning!,
      startedAt: new Date(closedAt + 10 * 3_600_000).toISOString(),
      assignee: c.me.ID,
    });
    await fold(t.database.db, new Date(closedAt + 11 * 3_600_000));
    await fold(t.database.db, new Date(closedAt + 73 * 3_600_000));
    expect(await outcome()).toMatchObject({ [calmId]: "verified", [returningId]: "assumed", [ratedId]: "verified", [confirmedId]: "verified" });
    expect(await aiSums()).toEqual({ verified: 3, assumed: 1, alone: 4, handover: 1 });
  });
});
