import { callRecordingPath, ERROR_CATALOGUE, LIMITS, type CallView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { errorCode, type Client } from "../../../test/harness.ts";
import { ariCompany, callCenterTests, LINE, randomPhone, waitingCall } from "../../../test/call-center.ts";
import { colleague, companyAdmin, unique } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";

const suite = callCenterTests();
const SOUND = Buffer.from("RIFF0123456789abcdefWAVEfmt fake call audio");
const callsOf = async (client: Client, interactionId: number) => (await client.get<CallView[]>(`/api/interactions/${interactionId}/calls`)).body;

/** A company on the fake Asterisk whose answered call was recorded (bridge recording, stored as `name`). */
async function recordedAriCall(name: string) {
  const admin = await ariCompany(suite.t, suite.ari);
  const number = randomPhone();
  const caller = suite.ari.incoming(number, LINE);
  const waiting = await waitingCall(admin.client, number);
  suite.ari.answer(await suite.ari.ringingLeg("101"));
  await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.status === "talking", 10_000);
  await until(() => [...suite.ari.bridges.values()].some((b) => b.has(caller)), 10_000);
  suite.ari.hangup(caller);
  suite.ari.recordingFinished(`bridge:holboo-b-${caller}`, name, { format: "wav", bytes: SOUND });
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
    const stored = await suite.t.database.pool.query<{ recording_url: string }>("SELECT recording_url FROM calls WHERE id = $1", [call.id]);
    expect(stored.rows[0]!.recording_url).toBe(`recording:${name}`);

    const whole = await admin.client.get<string>(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.body).toBe(SOUND.toString());
    const fetched = suite.ari.requests.filter((r) => r.path === `/ari/recordings/stored/${name}/file`);
    expect(fetched.length).toBe(1);

    const part = await admin.client.request<string>("GET", path, undefined, { headers: { range: "bytes=4-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-9/${SOUND.length}`);
    expect(part.body).toBe(SOUND.subarray(4, 10).toString());

    const stranger = await companyAdmin(suite.t);
    const other = await stranger.client.get(path);
    expect(other.status).toBe(404);
    expect(errorCode(other)).toBe("recording_not_found");

    // An agent sees their own conversations and the queue's, not one assigned to the admin.
    const agent = await colleague(suite.t, admin.client, "agent");
    expect((await agent.client.get(`/api/interactions/${call.interaction_id}/calls`)).status).toBe(404);
    const hidden = await agent.client.get(path);
    expect(hidden.status).toBe(404);
    expect(errorCode(hidden)).toBe("recording_not_found");
    expect(suite.ari.requests.filter((r) => r.path === `/ari/recordings/stored/${name}/file`).length).toBe(2);
  });

  it("refuses what is not audio, and a recording larger than the limit, with catalogue errors", async () => {
    const name = unique("rec-");
    const { admin, call } = await recordedAriCall(name);
    const path = callRecordingPath(call.id);
    suite.ari.recordings.set(name, { format: "wav", bytes: Buffer.from("<html>login</html>"), contentType: "text/html" });
    const page = await admin.client.get(path);
    expect(page.status).toBe(502);
    expect(errorCode(page)).toBe("recording_not_audio");
    expect((page.body as { error: { message: string } }).error.message).toBe(ERROR_CATALOGUE.recording_not_audio.mn);

    suite.ari.recordings.set(name, { format: "wav", bytes: SOUND, declaredLength: LIMITS.recordingMaxBytes + 1 });
    const huge = await admin.client.get(path);
    expect(huge.status).toBe(502);
    expect(errorCode(huge)).toBe("recording_too_large");

    suite.ari.recordings.delete(name);
    expect(errorCode(await admin.client.get(path))).toBe("recording_not_found");
  });

  it("records answered calls on their bridge when the company records calls, and plays the recording on the call", async () => {
    const admin = await ariCompany(suite.t, suite.ari, { record_calls: true });
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    suite.ari.answer(await suite.ari.ringingLeg("101"));
    const bridge = `holboo-b-${caller}`;
    await until(() => suite.ari.requests.some((r) => r.method === "POST" && r.path === `/ari/bridges/${bridge}/record`), 10_000);
    const record = suite.ari.requests.find((r) => r.path === `/ari/bridges/${bridge}/record`)!;
    expect(record.query).toMatchObject({ name: `holboo-call-${waiting.id}`, format: "wav" });
    suite.ari.hangup(caller);
    // Destroying the bridge stops the recording; Asterisk reports it stored, and the call keeps it.
    await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.recording_url !== null, 10_000);
    const [call] = await callsOf(admin.client, waiting.interaction_id!);
    expect(call).toMatchObject({ status: "ended", recording_url: callRecordingPath(call!.id) });
    const audio = await admin.client.get<string>(call!.recording_url!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
  });

  it("records nothing when the company does not record calls", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    suite.ari.answer(await suite.ari.ringingLeg("101"));
    await until(() => suite.ari.bridges.get(`holboo-b-${caller}`)?.has(caller) === true, 10_000);
    suite.ari.hangup(caller);
    await until(async () => (await callsOf(admin.client, waiting.interaction_id!))[0]?.status === "ended", 10_000);
    expect(suite.ari.requests.some((r) => r.path.endsWith("/record"))).toBe(false);
  });
});
