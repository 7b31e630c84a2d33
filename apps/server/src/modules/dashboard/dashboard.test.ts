import type { DashboardView } from "@holboo/core";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, webchatCompany } from "../../../test/factories.ts";
import { buildConversation, newContact } from "../../../test/dashboard-data.ts";
import { deadJobs } from "../../../test/jobs.ts";
import { fold } from "./rollup.repo.ts";
import { dayStart, localDay } from "./period.ts";

const cookies = (client: Client) => ["hb_session", "hb_csrf"].map((name) => `${name}=${client.cookie(name) ?? ""}`).join("; ");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A day ten days ago, in the company's time zone, and five conversations on it with known answers. */
async function dashboardCompany() {
  const c = await webchatCompany(t);
  const companyId = c.me.company_id;
  const agent = await colleague(t, c.client, "agent");
  const { rows } = await t.database.pool.query<{ user_id: number }>(`SELECT user_id FROM virtual_agents WHERE company_id = $1`, [companyId]);
  const aiUser = rows[0]!.user_id;
  const day = localDay(new Date(Date.now() - 10 * 86_400_000));
  const at = (minutes: number) => new Date(dayStart(day).getTime() + 9 * 3_600_000 + minutes * 60_000).toISOString();
  const contact = await newContact(t.database.pool, companyId);
  const base = { companyId, channelId: c.channel.id, contactId: contact };
  // Answered by people: two closed by the admin, one open with the colleague.
  await buildConversation(t.database.pool, {
    ...base,
    startedAt: at(0),
    assignee: c.me.ID,
    firstResponseS: 60,
    closeS: 3600,
    rating: 4,
    customerRating: 5,
    mood: "normal",
  });
  await buildConversation(t.database.pool, { ...base, startedAt: at(5), assignee: c.me.ID, firstResponseS: 120, closeS: 7200, rating: 2, mood: "angry" });
  await buildConversation(t.database.pool, { ...base, startedAt: at(10), assignee: agent.me.ID, firstResponseS: 300 });
  // The AI agent: one answered alone and rated well (verified), one handed to the colleague.
  await buildConversation(t.database.pool, { ...base, startedAt: at(15), aiAnswer: aiUser, firstResponseS: 5, closeS: 600, customerRating: 5 });
  await buildConversation(t.database.pool, { ...base, startedAt: at(20), aiAnswer: aiUser, handedOver: true, assignee: agent.me.ID, firstResponseS: 30 });
  await fold(t.database.db, new Date());
  const query = `period=custom&from=${day}&to=${day}`;
  return { ...c, companyId, agent, aiUser, day, query };
}

describe("dashboard", () => {
  it("gives each figure its known answer on hand-built conversations", async () => {
    const c = await dashboardCompany();
    const response = await c.client.get<DashboardView>(`/api/dashboard?${c.query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const view = response.body;
    expect(view.scope).toBe("company");
    expect(view.summary).toEqual({
      created: 5,
      closed: 3,
      open: 2,
      first_response_median_s: 60,
      first_response_p90_s: 300,
      resolution_median_s: 3600,
      resolution_p90_s: 7200,
      rating_average: 3,
      customer_rating_average: 5,
      ai_handled: 2,
      ai_alone: 1,
      ai_handed_over: 1,
      ai_verified: 1,
      ai_assumed: 0,
    });
    expect(view.previous.created).toBe(0);
    expect(view.channels).toEqual([{ channel_id: c.channel.id, type: "webchat", name: c.channel.name, created: 5, closed: 3, open: 2 }]);
    expect(view.agents.map((a) => [a.user_id, a.created, a.closed])).toEqual(
      expect.arrayContaining([
        [c.me.ID, 2, 2],
        [c.agent.me.ID, 2, 0],
      ]),
    );
    expect(view.virtual_agents).toEqual([{ user_id: c.aiUser, name: expect.any(String), handled: 2, alone: 1, handed_over: 1, verified: 1, assumed: 0 }]);
    expect(view.ratings).toEqual({ closer: [0, 1, 0, 1, 0], customer: [0, 0, 0, 0, 2] });
    expect(view.moods).toEqual({ angry: 1, frowning: 0, normal: 1, grinning: 0 });
    // Every conversation started between 9 and 10 in the morning of that weekday (Monday first).
    const weekday = (new Date(`${c.day}T12:00:00Z`).getUTCDay() + 6) % 7;
    expect(view.heatmap[weekday]![9]).toBe(5);
    expect(view.heatmap.flat().reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(view.series).toEqual([{ date: c.day, created: 5, closed: 3 }]);
    // A week's trend has a point for each of its seven days, the days without conversations at zero.
    const days = Array.from({ length: 7 }, (_, i) => localDay(new Date(dayStart(c.day).getTime() - (6 - i) * 86_400_000 + 12 * 3_600_000)));
    const week = (await c.client.get<DashboardView>(`/api/dashboard?period=custom&from=${days[0]}&to=${c.day}`)).body;
    expect(week.series).toEqual(days.map((date) => (date === c.day ? { date, created: 5, closed: 3 } : { date, created: 0, closed: 0 })));

    // Filters: the colleague's conversations, and a channel with none.
    const filtered = (await c.client.get<DashboardView>(`/api/dashboard?${c.query}&agent_id=${c.agent.me.ID}`)).body;
    expect([filtered.summary.created, filtered.summary.closed, filtered.summary.open]).toEqual([2, 0, 2]);
    const otherChannel = (await c.client.get<DashboardView>(`/api/dashboard?${c.query}&channel_id=${c.channel.id + 100000}`)).body;
    expect(otherChannel.summary.created).toBe(0);
    // The next day compares with this one.
    const next = localDay(new Date(dayStart(c.day).getTime() + 36 * 3_600_000));
    const after = (await c.client.get<DashboardView>(`/api/dashboard?period=custom&from=${next}&to=${next}`)).body;
    expect([after.summary.created, after.previous.created, after.previous.closed, after.summary.open]).toEqual([0, 5, 3, 2]);
    // A preset ending now reads the partial days at its ends from the facts and the whole days between from the rollups.
    const months = (await c.client.get<DashboardView>(`/api/dashboard?period=3`)).body;
    expect([months.summary.created, months.summary.closed, months.summary.first_response_median_s, months.series_unit]).toEqual([5, 3, 60, "day"]);
    const year = (await c.client.get<DashboardView>(`/api/dashboard?period=12`)).body;
    expect([year.summary.created, year.series_unit]).toEqual([5, "month"]);
    // Twelve months back from today touch 13 calendar months, each a point.
    expect(year.series.map((point) => point.date)).toHaveLength(13);
    expect(year.series.reduce((sum, point) => sum + point.created, 0)).toBe(5);
    // The background fold runs too, without failing.
    expect(await deadJobs(t, "dashboard.fold")).toEqual([]);
  });

  it("shows a person without dashboard.view_company only their own figures, and refuses them the export", async () => {
    const c = await dashboardCompany();
    const own = await c.agent.client.get<DashboardView>(`/api/dashboard?${c.query}&agent_id=${c.me.ID}`);
    expect(own.status).toBe(200);
    expect(own.body.scope).toBe("own");
    expect([own.body.summary.created, own.body.summary.closed]).toEqual([2, 0]);
    expect(own.body.agents.map((a) => a.user_id)).toEqual([c.agent.me.ID]);
    expect(own.body.not_found).toEqual([]);
    const refused = await c.agent.client.get(`/api/dashboard/export?${c.query}&format=csv`);
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe("forbidden");
  });

  it("exports every table with the same numbers, in the person's language", async () => {
    const c = await dashboardCompany();
    const csv = await fetch(`${t.url}/api/dashboard/export?${c.query}&format=csv&table=summary`, { headers: { cookie: cookies(c.client) } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Үүссэн харилцаа,5,0");
    expect(text).toContain("Хаагдсан харилцаа,3,0");
    expect(text).toContain('"Анхны хариу, медиан (сек)",60,');

    await c.client.put("/api/change-lang?lang=en");
    const xlsx = await fetch(`${t.url}/api/dashboard/export?${c.query}&format=xlsx`, { headers: { cookie: cookies(c.client) } });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Figures",
      "Channels",
      "Agents",
      "Virtual agents",
      "Ratings",
      "Mood",
      "By day",
      "Heatmap",
      "Not-found questions",
      "Issues",
    ]);
    const figures = workbook.getWorksheet("Figures")!;
    expect(figures.getRow(2).values).toEqual([undefined, "Conversations created", 5, 0]);
    expect(workbook.getWorksheet("Channels")!.getRow(2).values).toEqual([undefined, c.channel.name, 5, 3, 2]);
  });

  it("shows no figure of another company, and refuses a bad range with a catalogue error", async () => {
    const c = await dashboardCompany();
    const other = await webchatCompany(t);
    const theirs = await other.client.get<DashboardView>(`/api/dashboard?${c.query}&agent_id=${c.me.ID}&channel_id=${c.channel.id}`);
    expect(theirs.status).toBe(200);
    expect([theirs.body.summary.created, theirs.body.channels.length, theirs.body.virtual_agents.length]).toEqual([0, 0, 0]);
    const theirExport = await fetch(`${t.url}/api/dashboard/export?${c.query}&format=csv&table=channels`, { headers: { cookie: cookies(other.client) } });
    expect((await theirExport.text()).trim().split("\n")).toHaveLength(1);
    const bad = await c.client.get(`/api/dashboard?period=custom&from=${c.day}`);
    expect(bad.status).toBe(400);
    expect(fieldCode(bad, "from")).toBe("dashboard_range_invalid");
    const backwards = await c.client.get(`/api/dashboard?period=custom&from=2026-05-02&to=2026-05-01`);
    expect(errorCode(backwards)).toBe("dashboard_range_invalid");
    expect((await c.client.get(`/api/dashboard?period=fortnight`)).status).toBe(400);
  });
});
