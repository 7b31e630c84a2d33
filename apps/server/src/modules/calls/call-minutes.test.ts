import type { CallCenterView, CallMinutesView, CallMonitorView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import * as repo from "./calls.repo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t.close();
});

/** A company with a CTI connection (no PBX to run) and the given lines. */
async function callCenter(lineNumbers: string[]) {
  const admin = await companyAdmin(t);
  expect((await admin.client.put("/api/call-center/connection", { kind: "cti_webhook" })).status).toBe(200);
  let lines: CallCenterView["lines"] = [];
  for (const number of lineNumbers) lines = (await admin.client.post<CallCenterView>("/api/call-center/lines", { number, name: `Шугам ${number}` })).body.lines;
  const connection = (await repo.findConnection(t.database.db, admin.me.company_id))!;
  const lineId = (number: string) => lines.find((l) => l.number === number)!.id;
  return { ...admin, connectionId: connection.id, lineId };
}

/** `queuedAt`: when the caller began waiting for people (an inbound call's start unless it was in the call operator's menu first). */
type Call = { at: number; status: string; lineId?: number; queuedAt?: number; answeredAt?: number; endedAt?: number; direction?: string };

/** Stores a call directly, its times in seconds after `from` (the series' first minute). */
async function storeCall(company: { me: { company_id: number }; connectionId: number }, from: Date, call: Call) {
  const time = (seconds?: number) => (seconds === undefined ? null : new Date(from.getTime() + seconds * 1000));
  await repo.insertCall(t.database.db, {
    companyId: company.me.company_id,
    connectionId: company.connectionId,
    providerCallId: unique("minute-call"),
    number: "+97699112233",
    lineId: call.lineId ?? null,
    direction: call.direction ?? "in",
    status: call.status,
    startedAt: time(call.at)!,
    queuedAt: (call.direction ?? "in") === "in" ? time(call.queuedAt ?? call.at) : null,
    answeredAt: time(call.answeredAt),
    endedAt: time(call.endedAt),
  });
}

const minutesOf = async (client: Client, lineId?: number) =>
  (await client.get<CallMinutesView>(`/api/call-center/monitor/minutes${lineId ? `?line_id=${lineId}` : ""}`)).body;
const firstFour = (series: CallMinutesView) => ({
  started: series.started.slice(0, 4),
  answered: series.answered.slice(0, 4),
  missed: series.missed.slice(0, 4),
  abandoned: series.abandoned.slice(0, 4),
  max_waiting: series.max_waiting.slice(0, 4),
});

describe("call monitoring by the minute", () => {
  // The calls sit in today's first four minutes (the company's time zone), so this needs four minutes of today gone:
  // run in the day's first minutes (16:00–16:05 UTC for Ulaanbaatar), it waits for them rather than fail.
  it("counts each call at the minute it started, was answered or was given up, and the most callers waiting at once", { timeout: 420_000 }, async () => {
    const a = await callCenter(["+97677001201", "+97677001202"]);
    const [main, other] = [a.lineId("+97677001201"), a.lineId("+97677001202")];
    let empty = await minutesOf(a.client);
    if (empty.started.length < 5) {
      await new Promise((resolve) => setTimeout(resolve, (5 - empty.started.length) * 60_000 + 1000));
      empty = await minutesOf(a.client);
    }
    const from = new Date(empty.from);
    expect(empty.started.length).toBeGreaterThanOrEqual(5);
    expect([empty.answered, empty.missed, empty.abandoned, empty.max_waiting].map((s) => s.length)).toEqual(Array(4).fill(empty.started.length));
    expect(empty.max_waiting.every((n) => n === 0)).toBe(true);

    // Minute 0: three callers start waiting (10 s, 20 s, 30 s) and one gives up at 40 s (abandoned); a fourth calls at
    // 35 s into the call operator's menu, which puts them in the queue at 95 s (waiting only from then).
    // Minute 1: the first is answered at 70 s, the fourth at 100 s. Minute 2: the second is missed at 130 s.
    await storeCall(a, from, { at: 10, lineId: main, status: "ended", answeredAt: 70, endedAt: 200 });
    await storeCall(a, from, { at: 20, lineId: main, status: "missed", endedAt: 130 });
    await storeCall(a, from, { at: 30, lineId: other, status: "cancelled", endedAt: 40 });
    await storeCall(a, from, { at: 35, lineId: main, status: "ended", queuedAt: 95, answeredAt: 100, endedAt: 150 });
    // Not counted: yesterday's call, an outbound call.
    await storeCall(a, from, { at: -30, lineId: main, status: "missed", endedAt: -10 });
    await storeCall(a, from, { at: 15, lineId: main, status: "ended", direction: "out", answeredAt: 16, endedAt: 50 });

    const all = await minutesOf(a.client);
    expect(all.from).toBe(empty.from);
    expect(firstFour(all)).toEqual({
      started: [4, 0, 0, 0],
      answered: [0, 2, 0, 0],
      missed: [0, 0, 1, 0],
      abandoned: [1, 0, 0, 0],
      max_waiting: [3, 2, 1, 0],
    });
    expect(
      all.started
        .slice(4)
        .concat(all.answered.slice(4), all.missed.slice(4), all.abandoned.slice(4), all.max_waiting.slice(4))
        .every((n) => n === 0),
    ).toBe(true);
    // The same calls as today's figures.
    const today = (await a.client.get<CallMonitorView>("/api/call-center/monitor")).body.today;
    const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
    expect({ answered: sum(all.answered), missed: sum(all.missed), abandoned: sum(all.abandoned) }).toEqual({
      answered: today.answered,
      missed: today.missed,
      abandoned: today.abandoned,
    });

    expect(firstFour(await minutesOf(a.client, main))).toEqual({
      started: [3, 0, 0, 0],
      answered: [0, 2, 0, 0],
      missed: [0, 0, 1, 0],
      abandoned: [0, 0, 0, 0],
      max_waiting: [2, 2, 1, 0],
    });
    expect(firstFour(await minutesOf(a.client, other))).toEqual({
      started: [1, 0, 0, 0],
      answered: [0, 0, 0, 0],
      missed: [0, 0, 0, 0],
      abandoned: [1, 0, 0, 0],
      max_waiting: [1, 0, 0, 0],
    });
  });

  it("a caller still waiting counts in every minute since they started", async () => {
    const a = await callCenter([]);
    const from = new Date((await minutesOf(a.client)).from);
    await storeCall(a, from, { at: 50, status: "waiting" });
    const series = await minutesOf(a.client);
    expect(series.max_waiting[0]).toBe(1);
    expect(series.max_waiting.every((n) => n === 1)).toBe(true);
  });

  it("another company's calls never show, not even through its line's id", async () => {
    const a = await callCenter(["+97677001203"]);
    const b = await callCenter([]);
    const from = new Date((await minutesOf(a.client)).from);
    await storeCall(a, from, { at: 5, lineId: a.lineId("+97677001203"), status: "missed", endedAt: 65 });
    const ofB = await minutesOf(b.client);
    expect([...ofB.started, ...ofB.missed, ...ofB.abandoned, ...ofB.max_waiting].every((n) => n === 0)).toBe(true);
    const throughLine = await minutesOf(b.client, a.lineId("+97677001203"));
    expect([...throughLine.started, ...throughLine.missed, ...throughLine.max_waiting].every((n) => n === 0)).toBe(true);
    expect((await minutesOf(a.client)).started[0]).toBe(1);
  });
});
