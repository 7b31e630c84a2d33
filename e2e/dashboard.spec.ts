import { csrfHeaders, newCompany, shot } from "./support.ts";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { readFile } from "node:fs/promises";

test.use({ actionTimeout: 20_000 });

interface Summary {
  created: number;
  closed: number;
  ai_handled: number;
  ai_handed_over: number;
}

const webchat = (suffix: string, name: string) => ({
  name,
  description: "Our website chat",
  domain: `${name.toLowerCase().replace(/\W/g, "")}-${suffix}.mn`,
  name_mn: "Туслах",
  name_en: "Helper",
  greeting_mn: "Сайн байна уу!",
  greeting_en: "Hello!",
});

test("conversations answered by people and by the AI agent appear on the dashboard; a filter changes the figures and the export has the same numbers", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Nomin", last: "Manager", email: `dash-${suffix}@shop.mn`, company: `Dashboard ${suffix}`, agent: "Дэлгүүрийн туслах" });
  const headers = await csrfHeaders(request);

  // Two web chats: one answered by people, one by the virtual agent from a Q&A pair.
  const peopleInput = webchat(suffix, "People");
  const people = (await (await request.post("/api/webchat-channels", { headers, data: peopleInput })).json()) as { id: number; public_key: string };
  const botInput = webchat(suffix, "Bot");
  const bot = (await (await request.post("/api/webchat-channels", { headers, data: botInput })).json()) as { id: number; public_key: string };
  const agents = (await (await request.get("/api/company/virtual-agents")).json()) as { items: Array<{ id: number }> };
  await request.put(`/api/webchat-channels/${bot.id}`, { headers, data: { ...botInput, agent_id: agents.items[0]?.id, agent_active: true } });
  await request.post("/api/knowledge/qa", {
    headers,
    data: { question: "Та хэдэн цагаас ажилладаг вэ?", variants: ["Ажлын цаг"], answer: "Бид өдөр бүр 09:00-21:00 цагт ажилладаг." },
  });

  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const write = async (channel: { public_key: string }, domain: string, text: string) => {
    const session = (await (
      await visitor.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${domain}` } })
    ).json()) as {
      visitor_token: string;
    };
    const sent = await visitor.post("/api/webchat/messages", {
      headers: { "x-visitor-token": session.visitor_token },
      data: { client_id: `c-${Math.random().toString(36).slice(2)}`, text },
    });
    expect(sent.ok()).toBe(true);
    return ((await sent.json()) as { interaction_id: number }).interaction_id;
  };

  // People answer and close two conversations, rated 4 and 5.
  for (const [text, rating, mood] of [
    ["Захиалга маань ирээгүй байна", 4, "normal"],
    ["Буцаалт хийж болох уу?", 5, "grinning"],
  ] as const) {
    const id = await write(people, peopleInput.domain, text);
    await request.post(`/api/interactions/${id}/take-over`, { headers });
    const reply = await request.post(`/api/interactions/${id}/messages`, {
      headers,
      data: { client_id: `reply-${suffix}-${id}`, text: "Сайн байна уу, шалгаад хэлье." },
    });
    expect(reply.ok()).toBe(true);
    expect((await request.post(`/api/interactions/${id}/close`, { headers, data: { rating, mood } })).ok()).toBe(true);
  }
  // The agent answers one customer alone and hands the other, who asks for a person, to people.
  const answered = await write(bot, botInput.domain, "Ажлын цаг хэд вэ?");
  const handed = await write(bot, botInput.domain, "Ажилтантай холбоно уу");
  await expect
    .poll(
      async () => {
        const [a, h] = await Promise.all(
          [answered, handed].map(
            async (id) => (await (await request.get(`/api/interactions/${id}`)).json()) as { owner_type: string; first_response_at: string | null },
          ),
        );
        return `${a?.owner_type}/${!!a?.first_response_at} ${h?.owner_type}`;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^ai\/true (user|queue)$/);

  // The rollups catch up within seconds (the fold runs every few seconds, and every minute by schedule).
  const figures = async (query = "") => ((await (await request.get(`/api/dashboard?period=today${query}`)).json()) as { summary: Summary }).summary;
  await expect
    .poll(
      async () => {
        const s = await figures();
        return [s.created, s.closed, s.ai_handled, s.ai_handed_over];
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toEqual([4, 2, 2, 1]);

  // The dashboard, in Mongolian: from the main menu.
  await admin.goto("/interacts");
  await admin.getByTestId("nav-dashboard").click();
  await expect(admin.getByRole("heading", { name: "Хяналтын самбар" })).toBeVisible();
  await admin.getByTestId("dashboard-quick").getByText("Өнөөдөр").click();
  await expect(admin.getByTestId("stat-created-value")).toHaveText("4");
  await expect(admin.getByTestId("stat-closed-value")).toHaveText("2");
  await expect(admin.getByTestId("dashboard-ai")).toContainText("Ажилтанд шилжүүлсэн: 1");
  await expect(admin.getByTestId("agents-table")).toContainText("Nomin Manager");
  await expect(admin.getByTestId("dashboard-heatmap").locator('[data-count="4"]')).toHaveCount(1);
  await shot(admin, "70-dashboard-mn");

  // The last 7 days' trend has a point for each day the range touches (today's conversations, the quiet days at zero).
  await admin.getByTestId("dashboard-quick").getByText("Сүүлийн 7 хоног").click();
  await expect(admin.getByTestId("stat-created-value")).toHaveText("4");
  const ticks = admin.getByTestId("dashboard-series").locator(".recharts-xAxis .recharts-cartesian-axis-tick");
  await expect(ticks).toHaveCount(8);
  await admin.getByTestId("dashboard-series").scrollIntoViewIfNeeded();
  await shot(admin, "70-dashboard-week-trend-mn");
  await admin.getByTestId("dashboard-quick").getByText("Өнөөдөр").click();

  // Filtered to the people's channel: two conversations, both closed.
  await admin.getByTestId("dashboard-channel").click();
  await admin.getByRole("option", { name: "People" }).click();
  await expect(admin.getByTestId("stat-created-value")).toHaveText("2");
  await expect(admin.getByTestId("dashboard-ai")).toContainText("Энэ хугацаанд мэдээлэл алга");
  await shot(admin, "71-dashboard-filtered-mn");

  // The export of the filtered figures has the same numbers.
  await admin.getByTestId("dashboard-export").click();
  const downloading = admin.waitForEvent("download");
  await admin.getByTestId("dashboard-export-csv").click();
  const download = await downloading;
  const csv = await readFile((await download.path()) ?? "", "utf8");
  expect(download.suggestedFilename()).toMatch(/^dashboard-.*-summary\.csv$/);
  expect(csv).toContain("Үүссэн харилцаа,2,");
  expect(csv).toContain("Хаагдсан харилцаа,2,");
  expect(csv).toContain('"Хаасан ажилтны үнэлгээ, дундаж",4.5,');

  // In English.
  await request.put("/api/change-lang?lang=en", { headers });
  await admin.reload();
  await expect(admin.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await admin.getByTestId("dashboard-quick").getByText("Today").click();
  await expect(admin.getByTestId("stat-created-value")).toHaveText("4");
  await expect(admin.getByTestId("dashboard-ai")).toContainText("Handed over to people: 1");
  await admin.getByTestId("dashboard-quick").getByText("Last 7 days").click();
  await expect(admin.getByTestId("dashboard-series").locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(8);
  await shot(admin, "72-dashboard-week-trend-en");
  await shot(admin, "72-dashboard-en");
});

test("a new company's dashboard is calmly empty, not an error", async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const request: APIRequestContext = context.request;
  await newCompany(request, { first: "Empty", last: "Admin", email: `dash-empty-${suffix}@shop.mn`, company: `Empty ${suffix}`, agent: "Туслах" });
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-empty")).toContainText("Энэ хугацаанд харилцаа алга байна");
  await expect(page.getByText("Мэдээлэл олдсонгүй!")).toHaveCount(0);
  await shot(page, "73-dashboard-empty-mn");
});
