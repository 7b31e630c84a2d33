import {
  callRecordingPath,
  CTI_MAX_SKEW_SECONDS,
  type CallCenterView,
  type CallMonitorView,
  type CallView,
  type ContactView,
  type InteractionView,
} from "@holboo/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";
import { startFakeAri, type FakeAri } from "../../../test/fake-ari/server.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";
import { ctiSignature } from "../../channels/cti/cti.service.ts";
import { CTI_EVENTS_KEPT_SECONDS, ctiEventPurgeJob } from "../../channels/cti/cti-purge.job.ts";
import { JobQueue } from "../../platform/jobs/queue.ts";

let t: TestApp;
/** One Asterisk per company, as in life: each test's company connects its own. */
let ari: FakeAri;
const pbxs: FakeAri[] = [];
beforeAll(async () => {
  t = await startTestApp({ ARI_CONNECTIONS: "true", ARI_SCAN_SECONDS: "0.3", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t.close();
  for (const pbx of pbxs) {
    await pbx.close();
    expect(pbx.violations).toEqual([]);
  }
});
beforeEach(async () => {
  ari = await startFakeAri();
  pbxs.push(ari);
});

const LINE = "+97677001100";
const ariInput = (password = ari.password) => ({ kind: "asterisk_ari", url: ari.url, username: ari.username, password, app_name: ari.app });
const randomPhone = () => `+9769${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

async function callCenter() {
  const admin = await companyAdmin(t);
  const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", ariInput());
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const line = await admin.client.post<CallCenterView>("/api/call-center/lines", { number: LINE, name: "Үндсэн шугам" });
  expect(line.status, JSON.stringify(line.body)).toBe(200);
  const ext = await admin.client.post<CallCenterView>("/api/call-center/extensions", { extension: "101", user_id: admin.me.ID });
  expect(ext.status, JSON.stringify(ext.body)).toBe(200);
  await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connected", 15_000);
  return admin;
}

async function callOf(client: Client, interactionId: number) {
  return (await client.get<CallView[]>(`/api/interactions/${interactionId}/calls`)).body[0]!;
}

async function waitingCall(client: Client, number: string) {
  let found: CallView | undefined;
  await until(async () => {
    found = (await client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting.find((c) => c.number === number && c.interaction_id !== null);
    return !!found;
  }, 15_000);
  return found!;
}

describe("connecting a PBX", () => {
  it("tests ARI before saving: a wrong password stores nothing; the password never comes back", async () => {
    const admin = await companyAdmin(t);
    const wrong = await admin.client.put("/api/call-center/connection", ariInput("not-it"));
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe("pbx_credentials_invalid");
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection).toBeNull();
    const closed = await admin.client.put("/api/call-center/connection", { ...ariInput(), url: "http://127.0.0.1:9" });
    expect(errorCode(closed)).toBe("pbx_unreachable");
    const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", ariInput());
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(ari.password);
    expect(ari.requests.some((r) => r.method === "GET" && r.path === "/ari/asterisk/info")).toBe(true);
    expect((await admin.client.get<{ enabled: boolean }>("/api/call-center/enabled")).body.enabled).toBe(true);
    const taken = await admin.client.post("/api/call-center/extensions", { extension: "2x", user_id: admin.me.ID });
    expect(errorCode(taken)).toBe("extension_invalid");
    await admin.client.post("/api/call-center/extensions", { extension: "201", user_id: admin.me.ID });
    const again = await admin.client.post("/api/call-center/extensions", { extension: "201", user_id: admin.me.ID });
    expect(errorCode(again)).toBe("extension_taken");
  });
});

describe("calls through Asterisk", () => {
  it("an answered call: waits with music, rings the extension, is bridged, ends with its talk time in the contact's history", async () => {
    const admin = await callCenter();
    const socket = staffSocket(t, admin.client);
    await connected(socket);
    const pushes = collect<CallView>(socket, "call.updated");
    const number = randomPhone();
    const caller = ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    expect(waiting.status).toBe("waiting");
    expect(waiting.line?.number).toBe(LINE);
    await until(() => ari.channels.get(caller)?.moh === true, 5000);
    const leg = await ari.ringingLeg("101");
    expect(ari.requests.find((r) => r.method === "POST" && r.path === "/ari/channels")?.query).toMatchObject({ endpoint: "PJSIP/101", app: ari.app });
    ari.answer(leg);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
    await until(() => [...ari.bridges.values()].some((b) => b.has(caller) && b.has(leg.id)), 10_000);
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.talking.map((c) => c.number)).toContain(number);
    await new Promise((r) => setTimeout(r, 1100));
    ari.hangup(caller);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 10_000);
    const ended = await callOf(admin.client, waiting.interaction_id!);
    expect(ended.talk_seconds).toBeGreaterThanOrEqual(1);
    expect(ended.answered_by?.id).toBe(admin.me.ID);
    expect(ended.extension).toBe("101");
    await until(() => !ari.channels.has(leg.id), 5000);
    const contact = await admin.client.get<ContactView>(`/api/contacts/${ended.contact_id}`);
    expect(contact.body.phone).toBe(number);
    const history = await admin.client.get<CallView[]>(`/api/contacts/${ended.contact_id}/calls`);
    expect(history.body.map((c) => c.status)).toEqual(["ended"]);
    const interaction = await admin.client.get<InteractionView>(`/api/interactions/${ended.interaction_id}`);
    expect(interaction.body.assignee?.id).toBe(admin.me.ID);
    expect(pushes.map((p) => p.status)).toEqual(expect.arrayContaining(["waiting", "talking", "ended"]));
    const stats = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.today;
    expect(stats).toMatchObject({ answered: 1, missed: 0, service_level: 100 });
    socket.close();
  });

  it("a caller who hangs up while waiting is a cancelled call; the ringing extension stops", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    const caller = ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const leg = await ari.ringingLeg("101");
    ari.hangup(caller);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "cancelled", 10_000);
    await until(() => !ari.channels.has(leg.id), 5000);
    expect((await callOf(admin.client, waiting.interaction_id!)).wait_seconds).toBeGreaterThanOrEqual(0);
  });

  it("nobody answering is a missed call: the caller is let go and the conversation stays open as the callback task", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    const caller = ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    ari.noAnswer(await ari.ringingLeg("101"));
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "missed", 10_000);
    await until(() => !ari.channels.has(caller), 5000);
    expect(ari.requests.some((r) => r.method === "DELETE" && r.path === `/ari/channels/${caller}` && r.query.reason === "no_answer")).toBe(true);
    const interaction = await admin.client.get<InteractionView>(`/api/interactions/${waiting.interaction_id}`);
    expect(interaction.body.status).toBe("open");
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.today.missed).toBe(1);
  });

  it("after the events socket drops, calls that ended meanwhile are reconciled from GET /channels", async () => {
    const admin = await callCenter();
    const number = randomPhone();
    const caller = ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    ari.answer(await ari.ringingLeg("101"));
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
    // The bridge follows the answer's event; a caller vanishing before it is another race than this test's.
    await until(() => [...ari.bridges.values()].some((b) => b.has(caller)), 10_000);
    ari.dropSockets(true);
    ari.vanish(caller);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    ari.allowSockets();
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 20_000);
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.talking.map((c) => c.number)).not.toContain(number);
  });

  it("click-to-call needs call.make and an extension; it rings the person's extension, then the holboo-outbound context", async () => {
    const admin = await callCenter();
    const guest = await colleague(t, admin.client, "guest");
    expect((await guest.client.post("/api/calls", { number: "99112233" })).status).toBe(403);
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await agent.client.post("/api/calls", { number: "99112233" }))).toBe("extension_required");
    const placed = await admin.client.post("/api/calls", { number: "99112233" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const originate = ari.requests.filter((r) => r.method === "POST" && r.path === "/ari/channels").at(-1);
    expect(originate?.query).toMatchObject({ endpoint: "PJSIP/101", extension: "+97699112233", context: "holboo-outbound" });
  });
});

describe("the generic CTI webhook", () => {
  async function ctiCompany() {
    const admin = await companyAdmin(t);
    const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", { kind: "cti_webhook" });
    expect(saved.status).toBe(200);
    const secret = saved.body.connection!.signing_secret!;
    expect(secret).toBeTruthy();
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.signing_secret).toBeNull();
    await admin.client.post("/api/call-center/lines", { number: LINE, name: "CTI" });
    await admin.client.post("/api/call-center/extensions", { extension: "300", user_id: admin.me.ID });
    const path = new URL(saved.body.connection!.webhook_url).pathname;
    const send = (event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) => {
      const body = JSON.stringify(event);
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      return fetch(`${t.url}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-holboo-timestamp": timestamp,
          "x-holboo-signature": ctiSignature(options.secret ?? secret, timestamp, body),
        },
        body,
      });
    };
    return { admin, send };
  }

  it("new call, answered and hung up make one answered call; bad signatures, stale timestamps and replays change nothing", async () => {
    const { admin, send } = await ctiCompany();
    const number = randomPhone();
    const callId = unique("call-");
    const accepted = await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ ok: true, queued: true });
    const waiting = await waitingCall(admin.client, number);
    expect(
      (await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" }, { secret: "forged" })).status,
    ).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 600;
    expect(
      (await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" }, { timestamp: stale })).status,
    ).toBe(401);
    expect((await callOf(admin.client, waiting.interaction_id!)).status).toBe("waiting");
    expect((await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" })).status).toBe(202);
    const hangup = {
      event_id: `${callId}-3`,
      event: "hangup",
      call_id: callId,
      from: number,
      to: LINE,
      cause: "normalClearing",
      recording_url: "https://pbx.example/r/1.wav",
    };
    expect((await send(hangup)).status).toBe(202);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 15_000);
    const ended = await callOf(admin.client, waiting.interaction_id!);
    expect(ended).toMatchObject({ status: "ended", extension: "300", recording_url: callRecordingPath(ended.id) });
    const replay = await send(hangup);
    expect(replay.status).toBe(202);
    expect(await replay.json()).toEqual({ ok: true, queued: false });
    expect(await (await send({ ...hangup, event_id: `${callId}-1`, event: "new_call" })).json()).toEqual({ ok: true, queued: false });
    const receipts = await t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM cti_events WHERE event_id LIKE $1", [`${callId}-%`]);
    expect(receipts.rows[0]!.n).toBe(3);
    expect(await admin.client.get<CallView[]>(`/api/interactions/${waiting.interaction_id}/calls`).then((r) => r.body.length)).toBe(1);
    expect((await send({ event_id: "x", event: "bogus", call_id: "y" })).status).toBe(400);
  });

  it("a CTI job run again (it died after applying, before marking) applies its event once", async () => {
    const { admin, send } = await ctiCompany();
    const number = randomPhone();
    const callId = unique("call-");
    await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
    const waiting = await waitingCall(admin.client, number);
    await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" });
    await send({ event_id: `${callId}-3`, event: "hangup", call_id: callId, from: number, to: LINE, cause: "normalClearing" });
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 15_000);
    const before = await callOf(admin.client, waiting.interaction_id!);
    // The "new call" receipt as if its job had died after applying: unmarked, and its job added again.
    const schema = t.config.JOBS_SCHEMA;
    const { rows } = await t.database.pool.query<{ id: string; company_id: number }>(
      "UPDATE cti_events SET processed_at = NULL WHERE event_id = $1 RETURNING id::text, company_id",
      [`${callId}-1`],
    );
    await t.database.pool.query(`SELECT ${schema}.add_job('calls.cti_event', $1::json)`, [
      JSON.stringify({ company_id: rows[0]!.company_id, receipt_id: Number(rows[0]!.id) }),
    ]);
    await until(async () => {
      const done = await t.database.pool.query("SELECT 1 FROM cti_events WHERE event_id = $1 AND processed_at IS NOT NULL", [`${callId}-1`]);
      return done.rows.length === 1;
    }, 15_000);
    expect(await callOf(admin.client, waiting.interaction_id!)).toEqual(before);
    expect((await admin.client.get<CallView[]>(`/api/interactions/${waiting.interaction_id}/calls`)).body).toHaveLength(1);
    const calls = await t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM calls WHERE provider_call_id = $1", [callId]);
    expect(calls.rows[0]!.n).toBe(1);
  });

  it("a call answered before its conversation existed still goes to the person who answered", async () => {
    const { admin, send } = await ctiCompany();
    const agent = await colleague(t, admin.client, "agent");
    await admin.client.post("/api/call-center/extensions", { extension: "301", user_id: agent.me.ID });
    const number = randomPhone();
    const callId = unique("call-");
    // Back to back: the answer is applied whether or not the conversation's job has run yet.
    await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
    await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "301" });
    let call: CallView | undefined;
    await until(async () => {
      const monitor = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body;
      call = monitor.talking.find((c) => c.number === number && c.interaction_id !== null);
      return !!call;
    }, 15_000);
    await until(async () => (await admin.client.get<InteractionView>(`/api/interactions/${call!.interaction_id}`)).body.assignee?.id === agent.me.ID, 15_000);
  });

  it("a hangup with cause cancel before an answer is cancelled; noAnswer is missed", async () => {
    const { admin, send } = await ctiCompany();
    for (const [cause, status] of [
      ["cancel", "cancelled"],
      ["noAnswer", "missed"],
    ] as const) {
      const number = randomPhone();
      const callId = unique("call-");
      await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
      await send({ event_id: `${callId}-2`, event: "hangup", call_id: callId, from: number, to: LINE, cause });
      const statusOfContactsCall = async () => {
        const found = await admin.client.get<{ items: Array<{ id: number; phone: string | null }> }>(`/api/contacts?search=${encodeURIComponent(number)}`);
        const contact = found.body.items.find((c) => c.phone === number);
        return contact ? (await admin.client.get<CallView[]>(`/api/contacts/${contact.id}/calls`)).body[0]?.status : undefined;
      };
      await until(async () => (await statusOfContactsCall()) === status, 15_000);
      const history = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body;
      expect(history.waiting.map((c) => c.number)).not.toContain(number);
    }
  });

  /** The hourly purge of applied CTI events, run now through the app's own job queue. */
  async function purgeCtiEvents() {
    const key = unique("cti-purge-");
    await new JobQueue(t.config.JOBS_SCHEMA).add(t.database.db, ctiEventPurgeJob, {}, { key });
    await until(async () => (await t.database.pool.query(`SELECT 1 FROM ${t.config.JOBS_SCHEMA}._private_jobs WHERE key = $1`, [key])).rowCount === 0);
  }
  const storedEvents = async (callId: string) =>
    (await t.database.pool.query<{ event_id: string }>("SELECT event_id FROM cti_events WHERE event_id LIKE $1 ORDER BY event_id", [`${callId}-%`])).rows.map(
      (r) => r.event_id,
    );
  const applied = (eventIds: string[]) =>
    until(
      async () =>
        (await t.database.pool.query("SELECT 1 FROM cti_events WHERE event_id = ANY($1) AND processed_at IS NOT NULL", [eventIds])).rowCount ===
        eventIds.length,
      15_000,
    );

  it("applied events are purged once kept long enough; one not applied yet and a recent one stay", async () => {
    const { admin, send } = await ctiCompany();
    const number = randomPhone();
    const callId = unique("call-");
    await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
    const waiting = await waitingCall(admin.client, number);
    await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" });
    await send({ event_id: `${callId}-3`, event: "hangup", call_id: callId, from: number, to: LINE, cause: "normalClearing" });
    await applied([`${callId}-1`, `${callId}-2`, `${callId}-3`]);
    // The first two received a minute more than the kept time ago; the second as if its job had not run yet.
    await t.database.pool.query("UPDATE cti_events SET received_at = now() - make_interval(secs => $2) WHERE event_id = ANY($1)", [
      [`${callId}-1`, `${callId}-2`],
      CTI_EVENTS_KEPT_SECONDS + 60,
    ]);
    await t.database.pool.query("UPDATE cti_events SET processed_at = NULL WHERE event_id = $1", [`${callId}-2`]);
    await purgeCtiEvents();
    expect(await storedEvents(callId)).toEqual([`${callId}-2`, `${callId}-3`]);
    expect((await callOf(admin.client, waiting.interaction_id!)).status).toBe("ended");
  });

  it("a replay still inside the timestamp window is refused after the purge, even of the oldest receipt it could repeat", async () => {
    const { admin, send } = await ctiCompany();
    const number = randomPhone();
    const callId = unique("call-");
    // Signed four minutes ago: the same request passes the timestamp check for one more minute.
    const timestamp = Math.floor(Date.now() / 1000) - CTI_MAX_SKEW_SECONDS + 60;
    const newCall = { event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE };
    expect(await (await send(newCall, { timestamp })).json()).toEqual({ ok: true, queued: true });
    await waitingCall(admin.client, number);
    await applied([`${callId}-1`]);
    // Received as long before its timestamp as the window allows (the PBX's clock that far ahead): nine minutes ago.
    await t.database.pool.query("UPDATE cti_events SET received_at = to_timestamp($2) - make_interval(secs => $3) WHERE event_id = $1", [
      `${callId}-1`,
      timestamp,
      CTI_MAX_SKEW_SECONDS,
    ]);
    await purgeCtiEvents();
    const replay = await send(newCall, { timestamp });
    expect(replay.status).toBe(202);
    expect(await replay.json()).toEqual({ ok: true, queued: false });
    expect(await storedEvents(callId)).toEqual([`${callId}-1`]);
  });
});

describe("tenancy", () => {
  it("another company never reads or changes a company's calls, lines or extensions", async () => {
    const a = await callCenter();
    const number = randomPhone();
    const caller = ari.incoming(number, LINE);
    const call = await waitingCall(a.client, number);
    const b = await companyAdmin(t);
    expect((await b.client.get<{ enabled: boolean }>("/api/call-center/enabled")).body.enabled).toBe(false);
    expect((await b.client.get(`/api/interactions/${call.interaction_id}/calls`)).status).toBe(404);
    expect((await b.client.get(`/api/contacts/${call.contact_id}/calls`)).status).toBe(404);
    const monitor = await b.client.get<CallMonitorView>("/api/call-center/monitor");
    expect(monitor.body.waiting).toEqual([]);
    const settings = (await a.client.get<CallCenterView>("/api/call-center")).body;
    expect((await b.client.del(`/api/call-center/lines/${settings.lines[0]!.id}`)).status).toBe(404);
    expect((await b.client.del(`/api/call-center/extensions/${settings.extensions[0]!.id}`)).status).toBe(404);
    expect((await b.client.get<CallCenterView>("/api/call-center")).body).toMatchObject({ connection: null, lines: [], extensions: [] });
    expect((await a.client.get<CallCenterView>("/api/call-center")).body.lines).toHaveLength(1);
    ari.hangup(caller);
    await until(async () => (await callOf(a.client, call.interaction_id!)).status === "cancelled", 10_000);
  });
});
