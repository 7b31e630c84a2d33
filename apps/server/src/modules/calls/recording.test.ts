import { callRecordingPath, ERROR_CATALOGUE, LIMITS, type CallCenterView, type CallMonitorView, type CallView } from "@holboo/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";
import { startFakeAri, type FakeAri } from "../../../test/fake-ari/server.ts";
import { until } from "../../../test/sockets.ts";
import { ctiSignature } from "../../channels/cti/cti.service.ts";

let t: TestApp;
/** One Asterisk per company, as in life: each test's company connects its own. */
let ari: FakeAri;
const pbxs: FakeAri[] = [];
beforeAll(async () => {
  t = await startTestApp({ ARI_CONNECTIONS: "true", ARI_SCAN_SECONDS: "0.3", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
beforeEach(async () => {
  ari = await startFakeAri();
  pbxs.push(ari);
});
afterAll(async () => {
  await t.close();
  for (const pbx of pbxs) {
    await pbx.close();
    expect(pbx.violations).toEqual([]);
  }
});

const LINE = "+97677001100";
const SOUND = Buffer.from("RIFF0123456789abcdefWAVEfmt fake call audio");
const randomPhone = () => `+9769${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const callsOf = async (client: Client, interactionId: number) => (await client.get<CallView[]>(`/api/interactions/${interactionId}/calls`)).body;

async function waitingCall(client: Client, number: string) {
  let found: CallView | undefined;
  await until(async () => {
    found = (await client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting.find((c) => c.number === number && c.interaction_id !== null);
    return !!found;
  }, 15_000);
  return found!;
}

/** A company on the fake Asterisk whose answered call was recorded (bridge recording, stored as `name`). */
async function recordedAriCall(name: string) {
  const admin = await companyAdmin(t);
  await admin.client.put("/api/call-center/connection", {
    kind: "asterisk_ari",
    url: ari.url,
    username: ari.username,
    password: ari.password,
    app_name: ari.app,
  });
  await admin.client.post("/api/call-center/lines", { number: LINE, name: "Үндсэн" });
  await admin.client.post("/api/call-center/extensions", { extension: "101", user_id: admin.me.ID });
  await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "connected", 15_000);
  const number = randomPhone();
  const caller = ari.incoming(number, LINE);
  const waiting = await waitingCall(admin.client, number);
  ari.answer(await ari.ringingLeg("101"));
  await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.status === "talking", 10_000);
  await until(() => [...ari.bridges.values()].some((b) => b.has(caller)), 10_000);
  ari.hangup(caller);
  ari.recordingFinished(`bridge:holboo-b-${caller}`, name, { format: "wav", bytes: SOUND });
  await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.recording_url !== null, 10_000);
  const [call] = await callsOf(admin.client, waiting.interaction_id!);
  return { admin, call: call! };
}

describe("call recordings, streamed through Holboo", () => {
  it("plays an ARI recording to staff who may see the call (200 and a Range 206), to nobody else", async () => {
    const name = unique("rec-");
    const { admin, call } = await recordedAriCall(name);
    const path = callRecordingPath(call.id);
    expect(call.recording_url).toBe(path);
    const stored = await t.database.pool.query<{ recording_url: string }>("SELECT recording_url FROM calls WHERE id = $1", [call.id]);
    expect(stored.rows[0]!.recording_url).toBe(`recording:${name}`);

    const whole = await admin.client.get<string>(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.body).toBe(SOUND.toString());
    const fetched = ari.requests.filter((r) => r.path === `/ari/recordings/stored/${name}/file`);
    expect(fetched.length).toBe(1);

    const part = await admin.client.request<string>("GET", path, undefined, { headers: { range: "bytes=4-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-9/${SOUND.length}`);
    expect(part.body).toBe(SOUND.subarray(4, 10).toString());

    const stranger = await companyAdmin(t);
    const other = await stranger.client.get(path);
    expect(other.status).toBe(404);
    expect(errorCode(other)).toBe("recording_not_found");

    // An agent sees their own conversations and the queue's, not one assigned to the admin.
    const agent = await colleague(t, admin.client, "agent");
    expect((await agent.client.get(`/api/interactions/${call.interaction_id}/calls`)).status).toBe(404);
    const hidden = await agent.client.get(path);
    expect(hidden.status).toBe(404);
    expect(errorCode(hidden)).toBe("recording_not_found");
    expect(ari.requests.filter((r) => r.path === `/ari/recordings/stored/${name}/file`).length).toBe(2);
  });

  it("refuses what is not audio, and a recording larger than the limit, with catalogue errors", async () => {
    const name = unique("rec-");
    const { admin, call } = await recordedAriCall(name);
    const path = callRecordingPath(call.id);
    ari.recordings.set(name, { format: "wav", bytes: Buffer.from("<html>login</html>"), contentType: "text/html" });
    const page = await admin.client.get(path);
    expect(page.status).toBe(502);
    expect(errorCode(page)).toBe("recording_not_audio");
    expect((page.body as { error: { message: string } }).error.message).toBe(ERROR_CATALOGUE.recording_not_audio.mn);

    ari.recordings.set(name, { format: "wav", bytes: SOUND, declaredLength: LIMITS.recordingMaxBytes + 1 });
    const huge = await admin.client.get(path);
    expect(huge.status).toBe(502);
    expect(errorCode(huge)).toBe("recording_too_large");

    ari.recordings.delete(name);
    expect(errorCode(await admin.client.get(path))).toBe("recording_not_found");
  });

  it("does not fetch a CTI recording URL on a private address (SSRF)", async () => {
    const admin = await companyAdmin(t);
    const saved = await admin.client.put<CallCenterView>("/api/call-center/connection", { kind: "cti_webhook" });
    const secret = saved.body.connection!.signing_secret!;
    await admin.client.post("/api/call-center/lines", { number: LINE, name: "CTI" });
    await admin.client.post("/api/call-center/extensions", { extension: "300", user_id: admin.me.ID });
    const hook = new URL(saved.body.connection!.webhook_url).pathname;
    const send = (event: Record<string, unknown>) => {
      const body = JSON.stringify(event);
      const timestamp = String(Math.floor(Date.now() / 1000));
      return fetch(`${t.url}${hook}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-holboo-timestamp": timestamp, "x-holboo-signature": ctiSignature(secret, timestamp, body) },
        body,
      });
    };
    const number = randomPhone();
    const id = unique("call-");
    const inside = `${ari.url}/ari/recordings/stored/inside/file`;
    await send({ event_id: `${id}-1`, event: "new_call", call_id: id, from: number, to: LINE });
    const waiting = await waitingCall(admin.client, number);
    await send({ event_id: `${id}-2`, event: "answered", call_id: id, from: number, to: LINE, extension: "300" });
    await send({ event_id: `${id}-3`, event: "hangup", call_id: id, from: number, to: LINE, cause: "normalClearing", recording_url: inside });
    await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.recording_url !== null, 15_000);
    const [call] = await callsOf(admin.client, waiting.interaction_id!);
    const blocked = await admin.client.get(callRecordingPath(call!.id));
    expect(blocked.status).toBe(400);
    expect(errorCode(blocked)).toBe("url_blocked");
    expect(ari.requests.some((r) => r.path.includes("/inside/"))).toBe(false);
  });
});
