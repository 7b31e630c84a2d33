import {
  callRecordingPath,
  CTI_MAX_SKEW_SECONDS,
  type CallCenterView,
  type CallMonitorView,
  type CallView,
  type ContactView,
  type InteractionView,
} from "@holboo/core";
import { describe, expect, it } from "vitest";
import { errorCode } from "../../../test/harness.ts";
import { ariCompany, ariConnectionInput, callCenterTests, callOf, ctiCompany, LINE, randomPhone, waitingCall } from "../../../test/call-center.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";
import { CTI_EVENTS_KEPT_SECONDS, ctiEventPurgeJob } from "../../channels/cti/cti-purge.job.ts";
import { JobQueue } from "../../platform/jobs/queue.ts";

const suite = callCenterTests();

/** A call reported over the CTI webhook, events `{callId}-1` to `-3`: new, answered at extension 300, hung up. */
async function answeredCtiCall() {
  const { admin, send } = await ctiCompany(suite.t);
  const number = randomPhone();
  const callId = unique("call-");
  await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE });
  const waiting = await waitingCall(admin.client, number);
  await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300" });
  await send({ event_id: `${callId}-3`, event: "hangup", call_id: callId, from: number, to: LINE, cause: "normalClearing" });
  return { admin, callId, waiting };
}

describe("connecting a PBX", () => {
  it("tests ARI before saving: a wrong password stores nothing; the password never comes back", async () => {
    const admin = await companyAdmin(suite.t);
    const wrong = await admin.client.put("/api/call-center/connection", ariConnectionInput(suite.ari, "not-it"));
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe("pbx_credentials_invalid");
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection).toBeNull();
    const closed = await admin.client.put("/api/call-center/connection", { ...ariConnectionInput(suite.ari), url: "http://127.0.0.1:9" });
    expect(errorCode(closed)).toBe("pbx_unreachable");
    const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", ariConnectionInput(suite.ari));
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(suite.ari.password);
    expect(suite.ari.requests.some((r) => r.method === "GET" && r.path === "/ari/asterisk/info")).toBe(true);
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
    const admin = await ariCompany(suite.t, suite.ari);
    const socket = staffSocket(suite.t, admin.client);
    await connected(socket);
    const pushes = collect<CallView>(socket, "call.updated");
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    expect(waiting.status).toBe("waiting");
    expect(waiting.line?.number).toBe(LINE);
    await until(() => suite.ari.channels.get(caller)?.moh === true, 5000);
    const leg = await suite.ari.ringingLeg("101");
    expect(suite.ari.requests.find((r) => r.method === "POST" && r.path === "/ari/channels")?.query).toMatchObject({
      endpoint: "PJSIP/101",
      app: suite.ari.app,
    });
    suite.ari.answer(leg);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
    await until(() => [...suite.ari.bridges.values()].some((b) => b.has(caller) && b.has(leg.id)), 10_000);
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.talking.map((c) => c.number)).toContain(number);
    await new Promise((r) => setTimeout(r, 1100));
    suite.ari.hangup(caller);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 10_000);
    const ended = await callOf(admin.client, waiting.interaction_id!);
    expect(ended.talk_seconds).toBeGreaterThanOrEqual(1);
    expect(ended.answered_by?.id).toBe(admin.me.ID);
    expect(ended.extension).toBe("101");
    await until(() => !suite.ari.channels.has(leg.id), 5000);
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
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.hangup(caller);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "cancelled", 10_000);
    await until(() => !suite.ari.channels.has(leg.id), 5000);
    expect((await callOf(admin.client, waiting.interaction_id!)).wait_seconds).toBeGreaterThanOrEqual(0);
  });

  it("nobody answering is a missed call: the caller is let go and the conversation stays open as the callback task", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    suite.ari.noAnswer(await suite.ari.ringingLeg("101"));
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "missed", 10_000);
    await until(() => !suite.ari.channels.has(caller), 5000);
    expect(suite.ari.requests.some((r) => r.method === "DELETE" && r.path === `/ari/channels/${caller}` && r.query.reason === "no_answer")).toBe(true);
    const interaction = await admin.client.get<InteractionView>(`/api/interactions/${waiting.interaction_id}`);
    expect(interaction.body.status).toBe("open");
    expect((await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.today.missed).toBe(1);
  });

  it("a caller waiting while the only extension talks is rung once it comes free, not when another caller gives up meanwhile", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const first = suite.ari.incoming(randomPhone(), LINE);
    suite.ari.answer(await suite.ari.ringingLeg("101"));
    await until(() => [...suite.ari.bridges.values()].some((b) => b.has(first)), 10_000);
    const legOf = (caller: string) => [...suite.ari.channels.values()].find((c) => c.appArgs?.[1] === caller);
    const next = randomPhone();
    const nextCaller = suite.ari.incoming(next, LINE);
    const waiting = await waitingCall(admin.client, next);
    const gaveUp = randomPhone();
    const gaveUpCaller = suite.ari.incoming(gaveUp, LINE);
    const gaveUpCall = await waitingCall(admin.client, gaveUp);
    suite.ari.hangup(gaveUpCaller);
    await until(async () => (await callOf(admin.client, gaveUpCall.interaction_id!)).status === "cancelled", 10_000);
    expect(legOf(nextCaller)).toBeUndefined();
    suite.ari.hangup(first);
    const leg = await suite.ari.ringingLeg("101");
    expect(leg.appArgs?.[1]).toBe(nextCaller);
    suite.ari.answer(leg);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
  });

  it("after the events socket drops, a call that ended meanwhile ends when the PBX was last heard, and its agent leg and bridge are hung up", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.answer(leg);
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
    // The bridge follows the answer's event; a caller vanishing before it is another race than this test's.
    const bridge = `holboo-b-${caller}`;
    await until(() => suite.ari.bridges.get(bridge)?.has(caller) === true, 10_000);
    const dropped = Date.now();
    suite.ari.dropSockets(true);
    // The caller hangs up unheard; the person's leg stays up in the bridge, as on a real PBX.
    suite.ari.vanish(caller);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const allowed = Date.now();
    suite.ari.allowSockets();
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 20_000);
    const ended = await callOf(admin.client, waiting.interaction_id!);
    // Its end is the last moment the PBX was heard before the drop, not the reconnect.
    expect(Date.parse(ended.ended_at!)).toBeLessThanOrEqual(dropped);
    expect(Date.parse(ended.ended_at!)).toBeLessThan(allowed);
    expect(Date.parse(ended.ended_at!)).toBeGreaterThanOrEqual(Date.parse(ended.answered_at!));
    // What Holboo closed is hung up on the PBX: the person's leg and the bridge.
    await until(() => !suite.ari.channels.has(leg.id) && !suite.ari.bridges.has(bridge), 10_000);
    expect(suite.ari.requests.some((r) => r.method === "DELETE" && r.path === `/ari/channels/${leg.id}`)).toBe(true);
    const monitor = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body;
    expect(monitor.talking.map((c) => c.number)).not.toContain(number);
    // The extension is free for the next caller.
    const next = suite.ari.incoming(randomPhone(), LINE);
    expect((await suite.ari.ringingLeg("101")).appArgs?.[1]).toBe(next);
    suite.ari.hangup(next);
  });

  it("after the events socket drops, a call whose person hung up unheard is ended and its caller let go", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.answer(leg);
    await until(() => suite.ari.bridges.get(`holboo-b-${caller}`)?.has(leg.id) === true, 10_000);
    suite.ari.dropSockets(true);
    suite.ari.vanish(leg.id);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    suite.ari.allowSockets();
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 20_000);
    await until(() => !suite.ari.channels.has(caller) && !suite.ari.bridges.has(`holboo-b-${caller}`), 10_000);
  });

  it("after the events socket drops, an extension that answered unheard is bridged, and a ring that ended unheard is not waited for", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const answeredNumber = randomPhone();
    const answeredCaller = suite.ari.incoming(answeredNumber, LINE);
    const answered = await waitingCall(admin.client, answeredNumber);
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.dropSockets(true);
    suite.ari.answer(leg);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    suite.ari.allowSockets();
    await until(async () => (await callOf(admin.client, answered.interaction_id!)).status === "talking", 20_000);
    await until(() => suite.ari.bridges.get(`holboo-b-${answeredCaller}`)?.has(leg.id) === true, 10_000);
    suite.ari.hangup(answeredCaller);
    await until(async () => (await callOf(admin.client, answered.interaction_id!)).status === "ended", 10_000);

    const missedNumber = randomPhone();
    const missedCaller = suite.ari.incoming(missedNumber, LINE);
    const missed = await waitingCall(admin.client, missedNumber);
    const ringing = await suite.ari.ringingLeg("101");
    suite.ari.dropSockets(true);
    suite.ari.noAnswer(ringing);
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connecting", 10_000);
    suite.ari.allowSockets();
    // Nobody else is signed in: the caller, rung once by 101, is a missed call and let go.
    await until(async () => (await callOf(admin.client, missed.interaction_id!)).status === "missed", 20_000);
    await until(() => !suite.ari.channels.has(missedCaller), 10_000);
  });

  it("click-to-call needs call.make and an extension; it rings the person's extension, then the holboo-outbound context", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const guest = await colleague(suite.t, admin.client, "guest");
    expect((await guest.client.post("/api/calls", { number: "99112233" })).status).toBe(403);
    const agent = await colleague(suite.t, admin.client, "agent");
    expect(errorCode(await agent.client.post("/api/calls", { number: "99112233" }))).toBe("extension_required");
    const placed = await admin.client.post("/api/calls", { number: "99112233" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const originate = suite.ari.requests.filter((r) => r.method === "POST" && r.path === "/ari/channels").at(-1);
    expect(originate?.query).toMatchObject({ endpoint: "PJSIP/101", extension: "+97699112233", context: "holboo-outbound" });
  });
});

describe("the generic CTI webhook", () => {
  it("new call, answered and hung up make one answered call; bad signatures, stale timestamps and replays change nothing", async () => {
    const { admin, send } = await ctiCompany(suite.t);
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
    const receipts = await suite.t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM cti_events WHERE event_id LIKE $1", [`${callId}-%`]);
    expect(receipts.rows[0]!.n).toBe(3);
    expect(await admin.client.get<CallView[]>(`/api/interactions/${waiting.interaction_id}/calls`).then((r) => r.body.length)).toBe(1);
    // An event kind Holboo does not act on is acknowledged, not refused (the PBX would send it again); one without its call's id is bad input.
    const other = await send({ event_id: "x", event: "bogus", call_id: "y" });
    expect({ status: other.status, body: await other.json() }).toEqual({ status: 202, body: { ok: true, queued: false } });
    expect((await send({ event_id: "x", event: "hangup" })).status).toBe(400);
  });

  it("a CTI job run again (it died after applying, before marking) applies its event once", async () => {
    const { admin, callId, waiting } = await answeredCtiCall();
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 15_000);
    const before = await callOf(admin.client, waiting.interaction_id!);
    // The "new call" receipt as if its job had died after applying: unmarked, and its job added again.
    const schema = suite.t.config.JOBS_SCHEMA;
    const { rows } = await suite.t.database.pool.query<{ id: string; company_id: number }>(
      "UPDATE cti_events SET processed_at = NULL WHERE event_id = $1 RETURNING id::text, company_id",
      [`${callId}-1`],
    );
    await suite.t.database.pool.query(`SELECT ${schema}.add_job('calls.cti_event', $1::json)`, [
      JSON.stringify({ company_id: rows[0]!.company_id, receipt_id: Number(rows[0]!.id) }),
    ]);
    await until(async () => {
      const done = await suite.t.database.pool.query("SELECT 1 FROM cti_events WHERE event_id = $1 AND processed_at IS NOT NULL", [`${callId}-1`]);
      return done.rows.length === 1;
    }, 15_000);
    expect(await callOf(admin.client, waiting.interaction_id!)).toEqual(before);
    expect((await admin.client.get<CallView[]>(`/api/interactions/${waiting.interaction_id}/calls`)).body).toHaveLength(1);
    const calls = await suite.t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM calls WHERE provider_call_id = $1", [callId]);
    expect(calls.rows[0]!.n).toBe(1);
  });

  it("a call answered before its conversation existed still goes to the person who answered", async () => {
    const { admin, send } = await ctiCompany(suite.t);
    const agent = await colleague(suite.t, admin.client, "agent");
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
    const { admin, send } = await ctiCompany(suite.t);
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
    await new JobQueue(suite.t.config.JOBS_SCHEMA).add(suite.t.database.db, ctiEventPurgeJob, {}, { key });
    await until(
      async () => (await suite.t.database.pool.query(`SELECT 1 FROM ${suite.t.config.JOBS_SCHEMA}._private_jobs WHERE key = $1`, [key])).rowCount === 0,
    );
  }
  const storedEvents = async (callId: string) =>
    (
      await suite.t.database.pool.query<{ event_id: string }>("SELECT event_id FROM cti_events WHERE event_id LIKE $1 ORDER BY event_id", [`${callId}-%`])
    ).rows.map((r) => r.event_id);
  const applied = (eventIds: string[]) =>
    until(
      async () =>
        (await suite.t.database.pool.query("SELECT 1 FROM cti_events WHERE event_id = ANY($1) AND processed_at IS NOT NULL", [eventIds])).rowCount ===
        eventIds.length,
      15_000,
    );

  it("applied events are purged once kept long enough; one not applied yet and a recent one stay", async () => {
    const { admin, callId, waiting } = await answeredCtiCall();
    await applied([`${callId}-1`, `${callId}-2`, `${callId}-3`]);
    // The first two received a minute more than the kept time ago; the second as if its job had not run yet.
    await suite.t.database.pool.query("UPDATE cti_events SET received_at = now() - make_interval(secs => $2) WHERE event_id = ANY($1)", [
      [`${callId}-1`, `${callId}-2`],
      CTI_EVENTS_KEPT_SECONDS + 60,
    ]);
    await suite.t.database.pool.query("UPDATE cti_events SET processed_at = NULL WHERE event_id = $1", [`${callId}-2`]);
    await purgeCtiEvents();
    expect(await storedEvents(callId)).toEqual([`${callId}-2`, `${callId}-3`]);
    expect((await callOf(admin.client, waiting.interaction_id!)).status).toBe("ended");
  });

  it("a replay still inside the timestamp window is refused after the purge, even of the oldest receipt it could repeat", async () => {
    const { admin, send } = await ctiCompany(suite.t);
    const number = randomPhone();
    const callId = unique("call-");
    // Signed four minutes ago: the same request passes the timestamp check for one more minute.
    const timestamp = Math.floor(Date.now() / 1000) - CTI_MAX_SKEW_SECONDS + 60;
    const newCall = { event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE };
    expect(await (await send(newCall, { timestamp })).json()).toEqual({ ok: true, queued: true });
    await waitingCall(admin.client, number);
    await applied([`${callId}-1`]);
    // Received as long before its timestamp as the window allows (the PBX's clock that far ahead): nine minutes ago.
    await suite.t.database.pool.query("UPDATE cti_events SET received_at = to_timestamp($2) - make_interval(secs => $3) WHERE event_id = $1", [
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
    const a = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await waitingCall(a.client, number);
    const b = await companyAdmin(suite.t);
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
    suite.ari.hangup(caller);
    await until(async () => (await callOf(a.client, call.interaction_id!)).status === "cancelled", 10_000);
  });
});
