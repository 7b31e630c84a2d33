/**
 * `npm run bench:dashboard [-- --scale 0.05 --samples N --delay-samples N --port N]`
 * Starts Holboo on a fresh database (DATABASE_URL, default the local server) and writes, with set-based
 * SQL, 11 companies of conversations over 3 years: the largest 1,000,000 interactions and 10,000,000
 * messages (ten each, every one with its message.created event; a third answered by the AI agent
 * alone, a tenth handed over), the ten others 50,000 interactions each; `--scale` multiplies every count.
 * Then it rebuilds every rollup (printed), times a rebuild of the largest company's last year, and
 * times the dashboard as its admin sees it — last month, last year, all time — printing p50/p95. Last,
 * the rollups' delay behind a new event: new web-chat visitors write, and the time until the fold has
 * their conversation is measured. The last line is one JSON object.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { connectDatabase } from "../apps/server/src/platform/db/client.ts";
import { rebuild } from "../apps/server/src/modules/dashboard/rollup.repo.ts";
import { arg, createDatabase, openVisitorSessions, run, setUpCompany, sleep, startServer, tearDown, type Session } from "./lib/harness.ts";

const scale = arg("scale", 1);
const bigInteractions = Math.round(1_000_000 * scale);
const otherInteractions = Math.round(50_000 * scale);
const otherCompanies = 10;
const samples = arg("samples", 40);
const delaySamples = arg("delay-samples", 20);
const port = arg("port", 3921);
const base = `http://127.0.0.1:${port}`;
const ROLLUP_LOCK = 0xda5b;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Agents, two more channels and a virtual agent (the largest company has its own from onboarding). */
async function staff(db: pg.Client, companyId: number, existingAgentUser: number | null) {
  const agents = await db.query<{ id: number }>(
    `INSERT INTO users (company_id, email, first_name, last_name, role, user_type)
     SELECT $1::int, 'bench-' || $1::int || '-' || g || '@holboo.test', 'Ажилтан', g::text, 'agent', 'human' FROM generate_series(1, 20) g RETURNING id`,
    [companyId],
  );
  let vaUser = existingAgentUser;
  let vaId: number;
  if (vaUser === null) {
    vaUser = (
      await db.query<{ id: number }>(
        `INSERT INTO users (company_id, first_name, last_name, role, user_type) VALUES ($1, 'Бот', '', 'agent', 'virtual_agent') RETURNING id`,
        [companyId],
      )
    ).rows[0]!.id;
    vaId = (
      await db.query<{ id: number }>(`INSERT INTO virtual_agents (company_id, user_id, name, is_primary) VALUES ($1, $2, 'Бот', true) RETURNING id`, [
        companyId,
        vaUser,
      ])
    ).rows[0]!.id;
  } else {
    vaId = (await db.query<{ id: number }>(`SELECT id FROM virtual_agents WHERE company_id = $1 AND user_id = $2`, [companyId, vaUser])).rows[0]!.id;
  }
  await db.query(
    `INSERT INTO channels (company_id, type, name, description, agent_id, agent_active, config)
     SELECT $1::int, t, initcap(t), 'Бенч', $2, true, jsonb_build_object('webhook_key', 'bench-' || $1::int || '-' || t) FROM unnest(ARRAY['messenger', 'viber', 'webchat']) t`,
    [companyId, vaId],
  );
  const channels = (await db.query<{ id: number }>(`SELECT id FROM channels WHERE company_id = $1 ORDER BY id LIMIT 3`, [companyId])).rows.map((r) => r.id);
  return { agents: agents.rows.map((r) => r.id), vaUser, channels };
}

/**
 * One company's conversations over the last 3 years, written in one transaction that also moves the
 * fold's watermark past them (under the fold's lock): the rollups of bench data come from the timed
 * rebuild, not from the running fold.
 */
async function fill(db: pg.Client, companyId: number, count: number, people: Awaited<ReturnType<typeof staff>>) {
  await db.query("BEGIN");
  await db.query(`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
  const contacts = Math.max(1, Math.floor(count / 4));
  const firstContact = (
    await db.query<{ id: number }>(
      `INSERT INTO contacts (company_id, first_name, created_by) SELECT $1, 'Харилцагч ' || g, 'system' FROM generate_series(1, $2) g RETURNING id`,
      [companyId, contacts],
    )
  ).rows.reduce((min, r) => Math.min(min, r.id), Number.MAX_SAFE_INTEGER);
  // Kinds by g % 10: 0–2 the AI agent alone, 3 handed over by it, 4–9 people; 95% closed.
  await db.query(
    `INSERT INTO interactions (company_id, channel_id, contact_id, title, status, owner_type, assignee_user_id, started_at, first_response_at, closed_at,
       closed_by_user_id, mood, rating, customer_rating, last_seq)
     SELECT $1, ($3::int[])[1 + g % 3], $4 + (g % $5), CASE WHEN g % 10 < 3 THEN 'Бенч ai' WHEN g % 10 = 3 THEN 'Бенч handed' ELSE 'Бенч' END,
       CASE WHEN closed THEN 'closed' ELSE 'open' END,
       CASE WHEN g % 10 < 3 THEN 'ai' ELSE 'user' END,
       CASE WHEN g % 10 < 3 THEN NULL ELSE ($6::int[])[1 + g % 20] END,
       st, st + frt, CASE WHEN closed THEN st + frt + res END,
       CASE WHEN NOT closed THEN NULL WHEN g % 10 < 3 THEN $7::int ELSE ($6::int[])[1 + g % 20] END,
       CASE WHEN closed AND g % 2 = 0 THEN (ARRAY['angry', 'frowning', 'normal', 'grinning'])[1 + g % 4] END,
       CASE WHEN closed AND g % 5 < 2 THEN 1 + (g / 7) % 5 END,
       CASE WHEN closed AND g % 5 = 2 THEN 1 + (g / 11) % 5 END,
       10 + (g % 10 = 3)::int + closed::int
     FROM generate_series(1, $2) g
     -- g in every expression: a lateral subquery that does not refer to the row is evaluated once.
     CROSS JOIN LATERAL (SELECT now() - (random() + 0 * g) * interval '1095 days' AS st, (random() + 0 * g) * interval '2 hours' AS frt,
       (random() + 0 * g) * interval '3 days' AS res, random() + 0 * g < 0.95 AS closed) x`,
    [companyId, count, people.channels, firstContact, contacts, people.agents, people.vaUser],
  );
  await db.query(
    `INSERT INTO messages (company_id, interaction_id, seq, direction, sender_type, sender_user_id, text, status, is_bot, created_at)
     SELECT i.company_id, i.id, s, CASE WHEN s % 2 = 1 THEN 'in' ELSE 'out' END,
       CASE WHEN s % 2 = 1 THEN 'contact' WHEN i.owner_type = 'ai' OR (i.title = 'Бенч handed' AND s = 2) THEN 'ai' ELSE 'user' END,
       CASE WHEN s % 2 = 1 THEN NULL WHEN i.owner_type = 'ai' OR (i.title = 'Бенч handed' AND s = 2) THEN $2::int ELSE i.assignee_user_id END,
       'Бенч мессеж ' || s, 'seen', i.owner_type = 'ai' AND s % 2 = 0, i.started_at + s * interval '1 minute'
     FROM interactions i, generate_series(1, 10) s WHERE i.company_id = $1`,
    [companyId, people.vaUser],
  );
  await db.query(
    `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload, created_at)
     SELECT company_id, interaction_id, seq, 'message.created', true, jsonb_build_object('id', id), created_at FROM messages WHERE company_id = $1`,
    [companyId],
  );
  await db.query(
    `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload, created_at)
     SELECT company_id, id, 11, 'ownership.changed', true, jsonb_build_object('owner_type', 'user', 'previous_owner_type', 'ai', 'reason', 'escalated'),
       started_at + interval '150 seconds'
     FROM interactions WHERE company_id = $1 AND title = 'Бенч handed'`,
    [companyId],
  );
  await db.query(
    `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload, created_at)
     SELECT company_id, id, last_seq, 'interaction.closed', true, jsonb_build_object('rating', rating, 'mood', mood), closed_at
     FROM interactions WHERE company_id = $1 AND closed_at IS NOT NULL`,
    [companyId],
  );
  await db.query(`INSERT INTO dashboard_watermark (id, event_id, interaction_id)
    VALUES (1, (SELECT max(id) FROM interaction_events), (SELECT max(id) FROM interactions))
    ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, interaction_id = excluded.interaction_id`);
  await db.query("COMMIT");
}

async function time(admin: Session, path: string) {
  const took: number[] = [];
  let created = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    created = (await admin.call<{ summary: { created: number } }>("GET", path)).summary.created;
    took.push(performance.now() - started);
  }
  return { p50: +percentile(took, 50).toFixed(1), p95: +percentile(took, 95).toFixed(1), created };
}

/** New visitors write one message each; the time until the fold holds their conversation. */
async function rollupDelay(db: pg.Client, channel: { public_key: string; domain: string }) {
  const tokens = await openVisitorSessions(base, channel, delaySamples);
  const delays: number[] = [];
  for (const token of tokens) {
    const sent = await fetch(`${base}/api/webchat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-visitor-token": token },
      body: JSON.stringify({ client_id: `bench-${token.slice(0, 12)}`, text: "Сайн байна уу, захиалга хаана явна?" }),
    });
    const at = performance.now();
    const message = (await sent.json()) as { interaction_id?: number };
    if (!sent.ok || !message.interaction_id) throw new Error(`visitor message failed: ${sent.status} ${JSON.stringify(message)}`);
    for (;;) {
      const found = await db.query(`SELECT 1 FROM dashboard_facts WHERE interaction_id = $1`, [message.interaction_id]);
      if (found.rowCount) break;
      if (performance.now() - at > 180_000) throw new Error("the fold did not pick the new conversation up in 3 minutes");
      await sleep(25);
    }
    delays.push(performance.now() - at);
    await sleep(250 + Math.random() * 1000);
  }
  return { p50: Math.round(percentile(delays, 50)), p95: Math.round(percentile(delays, 95)) };
}

async function main() {
  const database = await createDatabase();
  const server = await startServer(database.url, port);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const handle = connectDatabase(database.url, 4);
  try {
    const { admin, channel } = await setUpCompany(base);
    const me = await admin.call<{ ID: number; company_id: number }>("GET", "/api/me");
    const va = (await db.query<{ user_id: number }>(`SELECT user_id FROM virtual_agents WHERE company_id = $1`, [me.company_id])).rows[0]!.user_id;

    const filling = performance.now();
    await fill(db, me.company_id, bigInteractions, await staff(db, me.company_id, va));
    for (let n = 1; n <= otherCompanies; n++) {
      const company = await db.query<{ id: number }>("INSERT INTO companies (name, owner_user_id, creator_user_id) VALUES ($1, $2, $2) RETURNING id", [
        `Бенч ${n}`,
        me.ID,
      ]);
      const companyId = company.rows[0]!.id;
      await fill(db, companyId, otherInteractions, await staff(db, companyId, null));
    }
    await db.query("ANALYZE");
    const counts = (
      await db.query<{ interactions: string; messages: string; events: string }>(
        "SELECT (SELECT count(*) FROM interactions) AS interactions, (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM interaction_events) AS events",
      )
    ).rows[0];
    console.log(
      `bench data (scale ${scale}): ${counts?.interactions} interactions, ${counts?.messages} messages, ${counts?.events} events in ${otherCompanies + 1} companies (${((performance.now() - filling) / 1000).toFixed(0)} s)`,
    );

    const rebuildingAll = performance.now();
    await rebuild(handle.db, null, null, new Date());
    const rebuildAllSeconds = (performance.now() - rebuildingAll) / 1000;
    await db.query("ANALYZE dashboard_facts, dashboard_days, dashboard_months");
    const rows = (
      await db.query<{ days: string; months: string }>(
        "SELECT (SELECT count(*) FROM dashboard_days) AS days, (SELECT count(*) FROM dashboard_months) AS months",
      )
    ).rows[0];
    console.log(`rebuilt every rollup from the events in ${rebuildAllSeconds.toFixed(1)} s (${rows?.days} daily and ${rows?.months} monthly rows)`);

    const today = new Date();
    const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const rebuildingYear = performance.now();
    await rebuild(handle.db, me.company_id, { fromDay: day(yearAgo), toDay: day(new Date(today.getTime() + 86_400_000)) }, new Date());
    const rebuildYearSeconds = (performance.now() - rebuildingYear) / 1000;
    console.log(`rebuilt the largest company's last year in ${rebuildYearSeconds.toFixed(1)} s`);

    const month = await time(admin, "/api/dashboard?period=1");
    const year = await time(admin, "/api/dashboard?period=12");
    const all = await time(admin, "/api/dashboard?period=all");
    console.log(`dashboard, last month (${month.created} created): p50 ${month.p50} ms, p95 ${month.p95} ms`);
    console.log(`dashboard, last year (${year.created} created): p50 ${year.p50} ms, p95 ${year.p95} ms`);
    console.log(`dashboard, all time (${all.created} created): p50 ${all.p50} ms, p95 ${all.p95} ms`);

    const delay = await rollupDelay(db, channel);
    console.log(`rollup delay behind a new conversation (${delaySamples} visitors): p50 ${delay.p50} ms, p95 ${delay.p95} ms`);
    console.log(
      JSON.stringify({
        scale,
        interactions_largest: bigInteractions,
        p95_ms_month: month.p95,
        p95_ms_year: year.p95,
        p95_ms_all: all.p95,
        rebuild_all_s: +rebuildAllSeconds.toFixed(1),
        rebuild_year_s: +rebuildYearSeconds.toFixed(1),
        rollup_delay_p95_ms: delay.p95,
      }),
    );
  } finally {
    await handle.close();
    await db.end();
    await tearDown(server, database.name);
  }
}

run(main);
