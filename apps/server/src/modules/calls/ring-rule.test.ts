import type { CallView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import type { Client } from "../../../test/harness.ts";
import { ariCompany, callCenterTests, callOf, LINE, randomPhone, setCallCenter, signedIn, waitingCall } from "../../../test/call-center.ts";
import { colleague, PASSWORD } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";

const suite = callCenterTests();

type Admin = Awaited<ReturnType<typeof ariCompany>>;

/** A colleague with extension `extension`; `signIn` keeps them signed in for calls (a staff socket). */
async function withExtension(admin: Admin, extension: string, signIn = true) {
  const person = await colleague(suite.t, admin.client, "agent");
  if (signIn) await signedIn(suite.t, person.client);
  expect((await admin.client.post("/api/call-center/extensions", { extension, user_id: person.user.ID })).status).toBe(200);
  return person;
}

/** The extensions rung so far for `caller`, in order, and the ring time asked for each. */
const rungFor = (caller: string) =>
  suite.ari.requests
    .filter((r) => r.method === "POST" && r.path === "/ari/channels" && r.query.appArgs?.split(",")[1] === caller)
    .map((r) => ({ endpoint: r.query.endpoint, timeout: r.query.timeout }));
/** Legs ringing or talking for `extension` now. */
const legsOn = (extension: string) => [...suite.ari.channels.values()].filter((c) => c.appArgs && c.dialplan.exten === extension);

async function answeredCall(admin: Admin, extension: string) {
  const number = randomPhone();
  const caller = suite.ari.incoming(number, LINE);
  const waiting = await waitingCall(admin.client, number);
  suite.ari.answer(await suite.ari.ringingLeg(extension));
  await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
  await until(() => [...suite.ari.bridges.values()].some((b) => b.has(caller)), 10_000);
  return { caller, call: waiting };
}

const statusOf = async (client: Client, call: CallView) => (await callOf(client, call.interaction_id!)).status;

describe("who is rung for a call", () => {
  it("an extension ringing for one caller is busy: the next caller waits for another person, never rings it too", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const first = suite.ari.incoming(randomPhone(), LINE);
    const firstLeg = await suite.ari.ringingLeg("101");
    expect(firstLeg.appArgs?.[1]).toBe(first);
    const second = randomPhone();
    const secondCaller = suite.ari.incoming(second, LINE);
    await waitingCall(admin.client, second);
    // Someone else signs in for calls: the second caller is rung on their phone, 101 still rings for the first only.
    await withExtension(admin, "102");
    await until(() => rungFor(secondCaller).length > 0, 15_000);
    expect(rungFor(secondCaller).map((r) => r.endpoint)).toEqual(["PJSIP/102"]);
    expect(legsOn("101").map((c) => c.appArgs?.[1])).toEqual([first]);
    suite.ari.hangup(first);
    suite.ari.hangup(secondCaller);
  });

  it("rings only people signed in, not away, longest idle first, for the company's ring time; nobody left is a missed call", async () => {
    const admin = await ariCompany(suite.t, suite.ari, { ring_seconds: 7 });
    // 101 (the admin) just finished a call; 102 never signed in for calls and signed out; 103 is away; 104 is free and idle.
    await answeredCall(admin, "101").then(({ caller }) => suite.ari.hangup(caller));
    const signedOut = await withExtension(admin, "102", false);
    expect((await signedOut.client.post("/api/logout", {})).status).toBeLessThan(300);
    const away = await withExtension(admin, "103");
    expect((await away.client.put("/api/me/presence", { presence: "away" })).status).toBe(200);
    await withExtension(admin, "104");
    await until(async () => (await admin.client.get<{ talking: unknown[] }>("/api/call-center/monitor")).body.talking.length === 0, 10_000);

    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    suite.ari.noAnswer(await suite.ari.ringingLeg("104"));
    suite.ari.noAnswer(await suite.ari.ringingLeg("101"));
    await until(async () => (await statusOf(admin.client, waiting)) === "missed", 10_000);
    expect(rungFor(caller)).toEqual([
      { endpoint: "PJSIP/104", timeout: "7" },
      { endpoint: "PJSIP/101", timeout: "7" },
    ]);
  });

  it("a caller waits while nobody is available and is rung when someone signs in", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const busy = await answeredCall(admin, "101");
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const person = await colleague(suite.t, admin.client, "agent");
    expect((await person.client.post("/api/logout", {})).status).toBeLessThan(300);
    expect((await admin.client.post("/api/call-center/extensions", { extension: "105", user_id: person.user.ID })).status).toBe(200);
    // Longer than the session's look at who is available (every second while callers wait): nobody signed out is rung.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await statusOf(admin.client, waiting)).toBe("waiting");
    expect(legsOn("105")).toEqual([]);
    // Signing in again (the web app's socket) makes them available; the waiting caller is rung on their phone then, not before.
    const signingIn = Date.now();
    const again = await person.client.post("/api/login", { email: person.email, password: PASSWORD });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await signedIn(suite.t, person.client);
    const leg = await suite.ari.ringingLeg("105");
    expect(leg.appArgs?.[1]).toBe(caller);
    const rings = suite.ari.requests.filter((r) => r.method === "POST" && r.path === "/ari/channels" && r.query.appArgs?.split(",")[1] === caller);
    expect(rings.map((r) => r.query.endpoint)).toEqual(["PJSIP/105"]);
    expect(rings[0]!.at).toBeGreaterThanOrEqual(signingIn);
    suite.ari.answer(leg);
    await until(async () => (await statusOf(admin.client, waiting)) === "talking", 10_000);
    suite.ari.hangup(caller);
    suite.ari.hangup(busy.caller);
  });

  it("after a call, the person's after-call work keeps them from being rung until it is over", async () => {
    const admin = await ariCompany(suite.t, suite.ari, { after_call_seconds: 2 });
    const { caller: first, call } = await answeredCall(admin, "101");
    const number = randomPhone();
    const next = suite.ari.incoming(number, LINE);
    await waitingCall(admin.client, number);
    suite.ari.hangup(first);
    await until(async () => (await statusOf(admin.client, call)) === "ended", 10_000);
    const endedAt = Date.parse((await callOf(admin.client, call.interaction_id!)).ended_at!);
    const leg = await suite.ari.ringingLeg("101");
    expect(leg.appArgs?.[1]).toBe(next);
    const rungAt = suite.ari.requests.find((r) => r.method === "POST" && r.path === "/ari/channels" && r.query.appArgs?.split(",")[1] === next)!.at;
    expect(rungAt - endedAt).toBeGreaterThanOrEqual(2000);
    suite.ari.hangup(next);
  });

  it("the ring rule's settings are the company's: validated, kept, and not another company's", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const bad = await admin.client.put("/api/call-center/settings", {
      ring_seconds: 2,
      after_call_seconds: 0,
      record_calls: false,
      answered_within_seconds: 20,
    });
    expect(bad.status).toBe(400);
    expect(await setCallCenter(admin.client, { ring_seconds: 30, after_call_seconds: 45, answered_within_seconds: 15 })).toEqual({
      ring_seconds: 30,
      after_call_seconds: 45,
      record_calls: false,
      answered_within_seconds: 15,
    });
    const other = await ariCompany(suite.t, await suite.anotherAri());
    expect((await other.client.get<{ settings: { ring_seconds: number } }>("/api/call-center")).body.settings.ring_seconds).toBe(20);
    const agent = await colleague(suite.t, admin.client, "agent");
    expect(
      (await agent.client.put("/api/call-center/settings", { ring_seconds: 10, after_call_seconds: 0, record_calls: true, answered_within_seconds: 20 }))
        .status,
    ).toBe(403);
  });
});
