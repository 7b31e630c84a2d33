import { DASHBOARD_TABLES, type DashboardExportQuery, type DashboardSummary, type DashboardTable, type DashboardView, type Locale } from "@holboo/core";
import ExcelJS from "exceljs";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { figures } from "./dashboard.service.ts";

type Cell = string | number | null;

/** The export's words, in both interface languages. */
const WORDS = {
  mn: {
    tables: {
      summary: "Үзүүлэлт",
      channels: "Сувгууд",
      agents: "Ажилтнууд",
      virtual_agents: "Виртуал туслахууд",
      ratings: "Үнэлгээ",
      moods: "Сэтгэл хандлага",
      series: "Өдөр тутам",
      heatmap: "Цагийн ачаалал",
      not_found: "Олдоогүй асуултууд",
      issues: "Хүсэлтүүд",
    },
    metric: "Үзүүлэлт",
    current: "Энэ хугацаанд",
    previous: "Өмнөх хугацаанд",
    summary: {
      created: "Үүссэн харилцаа",
      closed: "Хаагдсан харилцаа",
      open: "Нээлттэй харилцаа",
      first_response_median_s: "Анхны хариу, медиан (сек)",
      first_response_p90_s: "Анхны хариу, p90 (сек)",
      resolution_median_s: "Шийдвэрлэх хугацаа, медиан (сек)",
      resolution_p90_s: "Шийдвэрлэх хугацаа, p90 (сек)",
      rating_average: "Хаасан ажилтны үнэлгээ, дундаж",
      customer_rating_average: "Харилцагчийн үнэлгээ, дундаж",
      ai_handled: "AI туслахын оролцсон",
      ai_alone: "AI туслах ганцаараа хариулсан",
      ai_handed_over: "Ажилтанд шилжүүлсэн",
      ai_verified: "Баталгаатай шийдсэн",
      ai_assumed: "Шийдсэн гэж тооцсон",
    } satisfies Record<keyof DashboardSummary, string>,
    channel: "Суваг",
    agent: "Ажилтан",
    queue: "Хуваарилаагүй",
    created: "Үүссэн",
    closed: "Хаагдсан",
    open: "Нээлттэй",
    frt: "Анхны хариу, медиан (сек)",
    res: "Шийдвэрлэх хугацаа, медиан (сек)",
    rating: "Үнэлгээний дундаж",
    handled: "Оролцсон",
    alone: "Ганцаараа",
    handedOver: "Шилжүүлсэн",
    verified: "Баталгаатай",
    assumed: "Тооцсон",
    stars: "Од",
    closer: "Хаасан ажилтны үнэлгээ",
    customer: "Харилцагчийн үнэлгээ",
    mood: "Сэтгэл хандлага",
    count: "Тоо",
    moods: { angry: "Ууртай", frowning: "Дургүй", normal: "Хэвийн", grinning: "Баяртай" },
    date: "Огноо",
    weekday: "Гараг",
    weekdays: ["Даваа", "Мягмар", "Лхагва", "Пүрэв", "Баасан", "Бямба", "Ням"],
    question: "Асуулт",
    type: "Төрөл",
    noType: "Төрөлгүй",
    opened: "Нээгдсэн",
    resolved: "Шийдвэрлэсэн",
  },
  en: {
    tables: {
      summary: "Figures",
      channels: "Channels",
      agents: "Agents",
      virtual_agents: "Virtual agents",
      ratings: "Ratings",
      moods: "Mood",
      series: "By day",
      heatmap: "Heatmap",
      not_found: "Not-found questions",
      issues: "Issues",
    },
    metric: "Figure",
    current: "This period",
    previous: "Previous period",
    summary: {
      created: "Conversations created",
      closed: "Conversations closed",
      open: "Conversations open",
      first_response_median_s: "First response, median (s)",
      first_response_p90_s: "First response, p90 (s)",
      resolution_median_s: "Resolution time, median (s)",
      resolution_p90_s: "Resolution time, p90 (s)",
      rating_average: "Closer's rating, average",
      customer_rating_average: "Customer's rating, average",
      ai_handled: "AI agent took part",
      ai_alone: "Answered by the AI agent alone",
      ai_handed_over: "Handed over to people",
      ai_verified: "Verified resolutions",
      ai_assumed: "Assumed resolutions",
    } satisfies Record<keyof DashboardSummary, string>,
    channel: "Channel",
    agent: "Agent",
    queue: "Unassigned",
    created: "Created",
    closed: "Closed",
    open: "Open",
    frt: "First response, median (s)",
    res: "Resolution time, median (s)",
    rating: "Average rating",
    handled: "Took part",
    alone: "Alone",
    handedOver: "Handed over",
    verified: "Verified",
    assumed: "Assumed",
    stars: "Stars",
    closer: "Closer's rating",
    customer: "Customer's rating",
    mood: "Mood",
    count: "Count",
    moods: { angry: "Angry", frowning: "Frowning", normal: "Normal", grinning: "Grinning" },
    date: "Date",
    weekday: "Weekday",
    weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    question: "Question",
    type: "Type",
    noType: "No type",
    opened: "Opened",
    resolved: "Resolved",
  },
} as const;

/** One table of the figures as rows, the first its header, in the person's language. */
export function tableRows(view: DashboardView, table: DashboardTable, locale: Locale): Cell[][] {
  const w = WORDS[locale];
  switch (table) {
    case "summary":
      return [
        [w.metric, w.current, w.previous],
        ...(Object.keys(w.summary) as Array<keyof DashboardSummary>).map((key) => [w.summary[key], view.summary[key], view.previous[key]]),
      ];
    case "channels":
      return [[w.channel, w.created, w.closed, w.open], ...view.channels.map((c) => [c.name || w.queue, c.created, c.closed, c.open])];
    case "agents":
      return [
        [w.agent, w.created, w.closed, w.frt, w.res, w.rating],
        ...view.agents.map((a) => [a.name || w.queue, a.created, a.closed, a.first_response_median_s, a.resolution_median_s, a.rating_average]),
      ];
    case "virtual_agents":
      return [
        [w.agent, w.handled, w.alone, w.handedOver, w.verified, w.assumed],
        ...view.virtual_agents.map((a) => [a.name, a.handled, a.alone, a.handed_over, a.verified, a.assumed]),
      ];
    case "ratings":
      return [[w.stars, w.closer, w.customer], ...[1, 2, 3, 4, 5].map((star, i) => [star, view.ratings.closer[i] ?? 0, view.ratings.customer[i] ?? 0])];
    case "moods":
      return [[w.mood, w.count], ...(["angry", "frowning", "normal", "grinning"] as const).map((mood) => [w.moods[mood], view.moods[mood]])];
    case "series":
      return [[w.date, w.created, w.closed], ...view.series.map((s) => [s.date, s.created, s.closed])];
    case "heatmap":
      return [[w.weekday, ...Array.from({ length: 24 }, (_, h) => `${h}:00`)], ...view.heatmap.map((hours, day) => [w.weekdays[day]!, ...hours])];
    case "not_found":
      return [[w.question, w.count], ...view.not_found.map((q) => [q.question, q.count])];
    case "issues":
      return [[w.type, w.opened, w.resolved], ...view.issues.map((i) => [i.name || w.noType, i.opened, i.resolved])];
  }
}

const csvCell = (value: Cell) => {
  const text = value === null ? "" : String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The figures as CSV (one table, or every table under its title) or XLSX (a sheet per table). */
export async function exportFigures(ctx: Pick<AppContext, "db">, actor: MemberActor, query: DashboardExportQuery, now = new Date()) {
  const view = await figures(ctx, actor, query, now);
  const locale = actor.locale;
  const tables = query.table ? [query.table] : [...DASHBOARD_TABLES];
  const name = `dashboard-${view.range.from.slice(0, 10)}-${view.range.to.slice(0, 10)}${query.table ? `-${query.table}` : ""}`;
  if (query.format === "csv") {
    const lines: string[] = [];
    for (const table of tables) {
      if (tables.length > 1) lines.push(csvCell(WORDS[locale].tables[table]));
      for (const row of tableRows(view, table, locale)) lines.push(row.map(csvCell).join(","));
      if (tables.length > 1) lines.push("");
    }
    await auditExport(ctx, actor, query, view.range);
    return { body: Buffer.from(`\ufeff${lines.join("\r\n")}\r\n`, "utf8"), mime: "text/csv; charset=utf-8", filename: `${name}.csv` };
  }
  const workbook = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = workbook.addWorksheet(WORDS[locale].tables[table]);
    for (const row of tableRows(view, table, locale)) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  await auditExport(ctx, actor, query, view.range);
  return { body, mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", filename: `${name}.xlsx` };
}

/** An export is recorded once its file exists, just before it is sent (a read changes nothing else). */
function auditExport(ctx: Pick<AppContext, "db">, actor: MemberActor, query: DashboardExportQuery, range: { from: string; to: string }) {
  return recordAudit(ctx.db, actor, {
    action: "dashboard.export",
    targetType: "export",
    after: { format: query.format, table: query.table ?? "all", from: range.from, to: range.to },
  });
}
