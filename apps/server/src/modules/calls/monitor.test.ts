import type { CallMonitorView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import type { Client } from "../../../test/harness.ts";
import { ariCompany, callCenterTests, callOf, ctiCompany, LINE, randomPhone, setCallCenter, waitingCall } from "../../../test/call-center.ts";
import { unique } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";

const suite = callCenterTests();
const monitorOf = async (client: Client) => (await client.get<CallMonitorView>("/api/call-center/monitor")).body;

describe("the monitoring screen's figures", () => {
  it("counts a caller who gave up while waiting as abandoned, apart from a missed call nobody answered", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const missedNumber = randomPhone();
    const missedCaller = suite.ari.incoming(missedNumber, LINE);
    const missed = await waitingCall(admin.client, missedNumber);
    suite.ari.noAnswer(await suite.ari.ringingLeg("101"));
    await until(async () => (await callOf(admin.client, missed.interaction_id!)).status === "missed", 10_000);
    await until(() => !suite.ari.channels.has(missedCaller), 10_000);
    const gaveUpNumber = randomPhone();
    const gaveUp = suite.ari.incoming(gaveUpNumber, LINE);
    const abandoned = await waitingCall(admin.client, gaveUpNumber);
    suite.ari.hangup(gaveUp);
    await until(async () => (await callOf(admin.client, abandoned.interaction_id!)).status === "cancelled", 10_000);
    expect((await monitorOf(admin.client)).today).toMatchObject({ answered: 0, missed: 1, abandoned: 1, service_level: null });
  });

  it("the service level's wait is the company's setting, not a fixed 20 s", async () => {
    const { admin, send } = await ctiCompany(suite.t);
    // Today (a minute into it at least), so the calls below are in today's figures.
    await until(async () => (await admin.client.get<{ started: number[] }>("/api/call-center/monitor/minutes")).body.started.length > 1, 120_000);
    const number = randomPhone();
    const callId = unique("call-");
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    // Waited 18 s before it was answered.
    await send({ event_id: `${callId}-1`, event: "new_call", call_id: callId, from: number, to: LINE, at: at(40) });
    await send({ event_id: `${callId}-2`, event: "answered", call_id: callId, from: number, to: LINE, extension: "300", at: at(22) });
    await until(async () => (await monitorOf(admin.client)).today.answered === 1, 15_000);
    expect((await monitorOf(admin.client)).today).toMatchObject({ answered_within_seconds: 20, service_level: 100, avg_wait_seconds: 18 });
    await setCallCenter(admin.client, { answered_within_seconds: 15 });
    expect((await monitorOf(admin.client)).today).toMatchObject({ answered_within_seconds: 15, service_level: 0 });
    await setCallCenter(admin.client, { answered_within_seconds: 30 });
    expect((await monitorOf(admin.client)).today).toMatchObject({ answered_within_seconds: 30, service_level: 100 });
  });

  it("says when the PBX connection is down, and when it is back", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    expect((await monitorOf(admin.client)).pbx).toEqual({ kind: "asterisk_ari", state: "connected", last_error: null });
    suite.ari.dropSockets(true);
    await until(async () => (await monitorOf(admin.client)).pbx?.state === "connecting", 10_000);
    expect((await monitorOf(admin.client)).pbx).toEqual({ kind: "asterisk_ari", state: "connecting", last_error: "events_socket_closed" });
    suite.ari.allowSockets();
    await until(async () => (await monitorOf(admin.client)).pbx?.state === "connected", 20_000);
  });

  it("a CTI webhook connection shows as connected: the PBX calls Holboo", async () => {
    const { admin } = await ctiCompany(suite.t);
    expect((await monitorOf(admin.client)).pbx).toEqual({ kind: "cti_webhook", state: "connected", last_error: null });
  });
});
