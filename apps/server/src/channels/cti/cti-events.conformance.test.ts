import { CTI_HANGUP_CAUSES } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { callCenterTests, ctiCompany, LINE, randomPhone } from "../../../test/call-center.ts";
import { unique } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";

/**
 * The CTI webhook's events as README.md ("Generic CTI webhook") documents them, each labelled handled (stored and
 * queued, then applied to its call) or ignored (acknowledged, nothing stored); none may be refused. Ids and numbers a
 * PBX sends as JSON numbers are kept as the text of their digits.
 */
const suite = callCenterTests();

type Case = { name: string; body: (ids: { callId: string; number: string }) => Record<string, unknown>; expect: "handled" | "ignored" };

const CASES: Case[] = [
  {
    name: "new_call with every field",
    body: ({ callId, number }) => ({
      event_id: `${callId}-1`,
      event: "new_call",
      call_id: callId,
      direction: "in",
      from: number,
      to: LINE,
      at: "2026-01-01T10:00:00+08:00",
    }),
    expect: "handled",
  },
  {
    name: "new_call with only what is required",
    body: ({ callId, number }) => ({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number }),
    expect: "handled",
  },
  {
    name: "answered with the extension",
    body: ({ callId, number }) => ({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" }),
    expect: "handled",
  },
  ...CTI_HANGUP_CAUSES.map((cause): Case => ({
    name: `hangup, cause ${cause}`,
    body: ({ callId, number }) => ({ event_id: `${callId}-3`, event: "hangup", call_id: callId, from: number, to: LINE, cause }),
    expect: "handled",
  })),
  {
    name: "hangup with a recording URL and a UTC time",
    body: ({ callId, number }) => ({
      event_id: `${callId}-3`,
      event: "hangup",
      call_id: callId,
      from: number,
      to: LINE,
      cause: "normalClearing",
      recording_url: "https://pbx.example/r/1.wav",
      at: "2026-01-01T02:00:00Z",
    }),
    expect: "handled",
  },
  {
    name: "an outbound new_call (the customer is `to`)",
    body: ({ callId, number }) => ({ event_id: `${callId}-1`, event: "new_call", call_id: callId, direction: "out", from: LINE, to: number }),
    expect: "handled",
  },
  {
    name: "hangup with a cause the list does not name",
    body: ({ callId, number }) => ({ event_id: `${callId}-3`, event: "hangup", call_id: callId, from: number, cause: "timeout" }),
    expect: "handled",
  },
  {
    name: "ids, extension and numbers as JSON numbers",
    body: ({ callId }) => ({
      event_id: Number(callId.replace(/\D/g, "").slice(0, 12)) + 1,
      event: "new_call",
      call_id: Number(callId.replace(/\D/g, "").slice(0, 12)),
      from: 99112233,
      to: 77001100,
    }),
    expect: "handled",
  },
  {
    name: "an event Holboo does not act on",
    body: ({ callId, number }) => ({ event_id: `${callId}-9`, event: "ringing", call_id: callId, from: number }),
    expect: "ignored",
  },
];

describe("CTI webhook events as README.md documents them", () => {
  it("are each handled or ignored, never refused", async () => {
    const { admin, send } = await ctiCompany(suite.t);
    const counts = { handled: 0, ignored: 0, refused: 0 };
    for (const c of CASES) {
      const ids = { callId: unique("cti-").replace(/[^0-9a-z-]/g, "") + String(Date.now()), number: randomPhone() };
      const response = await send(c.body(ids));
      const answer = response.status === 202 ? ((await response.json()) as { queued: boolean }) : null;
      const outcome = !answer ? "refused" : answer.queued ? "handled" : "ignored";
      counts[outcome] += 1;
      expect(outcome, c.name).toBe(c.expect);
    }
    const labelled = CASES.filter((c) => c.expect === "handled").length;
    expect(counts).toEqual({ handled: labelled, ignored: CASES.length - labelled, refused: 0 });
    expect(counts).toEqual({ handled: 14, ignored: 1, refused: 0 });
    // Each handled event made its call (each case is a call of its own); the ignored one made none.
    const stored = async () =>
      (await suite.t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM calls WHERE company_id = $1", [admin.me.company_id])).rows[0]!.n;
    await until(async () => (await stored()) === 14, 15_000);
  });

  it("keeps a PBX's numeric ids as the text of their digits, and never stores a rounded one", async () => {
    const { admin, send } = await ctiCompany(suite.t);
    const callId = 9_007_199_254_740_000 + Math.floor(Math.random() * 900);
    expect((await send({ event_id: callId, event: "new_call", call_id: callId, from: 99112233, to: LINE })).status).toBe(202);
    expect((await send({ event_id: callId + 1, event: "answered", call_id: callId, from: 99112233, to: LINE, extension: 300 })).status).toBe(202);
    const call = async () =>
      (
        await suite.t.database.pool.query<{ provider_call_id: string; extension: string | null; number: string }>(
          "SELECT provider_call_id, extension, number FROM calls WHERE company_id = $1",
          [admin.me.company_id],
        )
      ).rows;
    await until(async () => (await call())[0]?.extension === "300", 15_000);
    expect(await call()).toEqual([{ provider_call_id: String(callId), extension: "300", number: "+97699112233" }]);

    // 2^64 - 1 cannot arrive as a JSON number without being rounded by a lossy parse: refused then, never kept rounded;
    // a lossless parse hands over its digits, which are kept as they are.
    const body = `{"event_id":"${unique("big-")}","event":"new_call","call_id":18446744073709551615,"from":"99112234","to":"${LINE}"}`;
    const answer = await send(JSON.parse(body) as Record<string, unknown>, { raw: body });
    if (answer.status === 202) await until(async () => (await call()).length === 2, 15_000);
    else expect(answer.status).toBe(400);
    const ids = (await call()).map((c) => c.provider_call_id);
    expect(ids.filter((id) => id.startsWith("184467440737095"))).toEqual(answer.status === 202 ? ["18446744073709551615"] : []);
  });
});
