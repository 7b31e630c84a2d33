import type { CallCenterView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { ariCompany, callCenterTests, callOf, LINE, randomPhone, signedIn, waitingCall } from "../../../test/call-center.ts";
import { colleague } from "../../../test/factories.ts";
import { until } from "../../../test/sockets.ts";
import { routeAriMessage, type AriAction } from "./ari.events.ts";

/**
 * Every event of Asterisk's ARI event reference ("Asterisk REST Data Models", docs.asterisk.org, Asterisk 18+:
 * Event/Message and the models they carry) as the documentation writes it, each labelled with what Holboo must do:
 * handled (and by which action) or ignored (logged). None may be refused or break the session. The Channel is the
 * Getting Started guide's StasisStart example with the model's other required fields (protocol_id, language); the
 * timestamps keep Asterisk's own form (`2014-05-20T13:15:27.131-0500`).
 */
const CHANNEL = {
  id: "1400609726.3",
  protocol_id: "tqOjze4LWAiFZVNlsj4FJpE7H0VX1Yhm",
  name: "PJSIP/1000-00000001",
  state: "Up",
  caller: { name: "", number: "" },
  connected: { name: "", number: "" },
  accountcode: "",
  dialplan: { context: "default", exten: "1000", priority: 3, app_name: "Stasis", app_data: "hello-world" },
  creationtime: "2014-05-20T13:15:26.628-0500",
  language: "en",
};
const channel = (id: string, extra: Record<string, unknown> = {}) => ({ ...CHANNEL, id, ...extra });
const CALLER = "1400609726.30";
const AGENT_LEG = `holboo-a-101-${CALLER}`;
const OUR_BRIDGE = `holboo-b-${CALLER}`;
const bridge = (id: string, channels: string[] = []) => ({
  id,
  technology: "simple_bridge",
  bridge_type: "mixing",
  bridge_class: "stasis",
  creator: "Stasis",
  name: id,
  channels,
  creationtime: "2014-05-20T13:15:27.000-0500",
  video_mode: "none",
});
const playback = (id: string, state: string, extra: Record<string, unknown> = {}) => ({
  id,
  media_uri: "sound:hello-world",
  target_uri: "channel:1400609726.3",
  language: "en",
  state,
  ...extra,
});
const recording = (name: string, target: string, state: string, extra: Record<string, unknown> = {}) => ({
  name,
  format: "wav",
  target_uri: target,
  state,
  ...extra,
});
const endpoint = { technology: "PJSIP", resource: "101", state: "online", channel_ids: [] };
const event = (type: string, fields: Record<string, unknown>) => ({
  type,
  application: "hello-world",
  timestamp: "2014-05-20T13:15:27.131-0500",
  asterisk_id: "02:42:ac:11:00:02",
  ...fields,
});

type Case = { name: string; event: Record<string, unknown>; expect: "ignored" | { action: AriAction; key: string } };
const handled = (action: AriAction, key = CALLER) => ({ action, key });

const ARI_CASES: Case[] = [
  {
    name: "StasisStart (Getting Started example): a caller",
    event: event("StasisStart", { args: [], channel: CHANNEL }),
    expect: handled("callerArrived", "1400609726.3"),
  },
  {
    name: "StasisStart of Holboo's agent leg, with its args",
    event: event("StasisStart", { args: ["agent", CALLER, "101"], channel: channel(AGENT_LEG) }),
    expect: handled("agentAnswered"),
  },
  {
    name: "StasisStart with replace_channel",
    event: event("StasisStart", { args: [], channel: channel(CALLER), replace_channel: channel("1400609726.2") }),
    expect: handled("callerArrived"),
  },
  {
    name: "StasisStart, an Asterisk 20 channel id (ast-…)",
    event: event("StasisStart", { args: [], channel: channel("ast-1741988825.0") }),
    expect: handled("callerArrived", "ast-1741988825.0"),
  },
  { name: "StasisEnd (Getting Started example)", event: event("StasisEnd", { channel: CHANNEL }), expect: "ignored" },
  { name: "ChannelCreated", event: event("ChannelCreated", { channel: channel(CALLER, { state: "Down" }) }), expect: "ignored" },
  { name: "ChannelStateChange", event: event("ChannelStateChange", { channel: channel(CALLER, { state: "Ringing" }) }), expect: "ignored" },
  { name: "ChannelDtmfReceived", event: event("ChannelDtmfReceived", { digit: "5", duration_ms: 120, channel: channel(CALLER) }), expect: handled("digit") },
  {
    name: "ChannelDtmfReceived of * (0-9, A-E, # or *)",
    event: event("ChannelDtmfReceived", { digit: "*", duration_ms: 80, channel: channel(CALLER) }),
    expect: handled("digit"),
  },
  {
    name: "ChannelDtmfReceived on a person's leg",
    event: event("ChannelDtmfReceived", { digit: "#", duration_ms: 100, channel: channel(AGENT_LEG) }),
    expect: "ignored",
  },
  {
    name: "ChannelHangupRequest with cause and soft",
    event: event("ChannelHangupRequest", { cause: 16, soft: true, channel: channel(CALLER) }),
    expect: handled("callerGone"),
  },
  {
    name: "ChannelHangupRequest without its optional fields",
    event: event("ChannelHangupRequest", { channel: channel(CALLER) }),
    expect: handled("callerGone"),
  },
  {
    name: "ChannelDestroyed",
    event: event("ChannelDestroyed", { cause: 16, cause_txt: "Normal Clearing", channel: channel(CALLER, { state: "Down" }) }),
    expect: handled("callerGone"),
  },
  {
    name: "ChannelDestroyed of a person's leg",
    event: event("ChannelDestroyed", { cause: 19, cause_txt: "No answer", channel: channel(AGENT_LEG, { state: "Down" }) }),
    expect: handled("agentGone"),
  },
  {
    name: "ChannelVarset on a channel",
    event: event("ChannelVarset", { variable: "DIALSTATUS", value: "ANSWER", channel: channel(CALLER) }),
    expect: "ignored",
  },
  { name: "ChannelVarset of a global variable (no channel)", event: event("ChannelVarset", { variable: "GLOBAL_X", value: "1" }), expect: "ignored" },
  {
    name: "ChannelDialplan",
    event: event("ChannelDialplan", { channel: channel(CALLER), dialplan_app: "Stasis", dialplan_app_data: "hello-world" }),
    expect: "ignored",
  },
  {
    name: "ChannelCallerId",
    event: event("ChannelCallerId", { caller_presentation: 0, caller_presentation_txt: "Presentation Allowed, Not Screened", channel: channel(CALLER) }),
    expect: "ignored",
  },
  { name: "ChannelConnectedLine", event: event("ChannelConnectedLine", { channel: channel(CALLER) }), expect: "ignored" },
  { name: "ChannelHold", event: event("ChannelHold", { channel: channel(AGENT_LEG), musicclass: "default" }), expect: "ignored" },
  { name: "ChannelUnhold", event: event("ChannelUnhold", { channel: channel(AGENT_LEG) }), expect: "ignored" },
  { name: "ChannelTalkingStarted", event: event("ChannelTalkingStarted", { channel: channel(CALLER) }), expect: "ignored" },
  { name: "ChannelTalkingFinished", event: event("ChannelTalkingFinished", { channel: channel(CALLER), duration: 3200 }), expect: "ignored" },
  {
    name: "ChannelUserevent",
    event: event("ChannelUserevent", { eventname: "Survey", userevent: { score: "5" }, channel: channel(CALLER), endpoint }),
    expect: "ignored",
  },
  {
    name: "Dial RINGING on a person's leg (ARI originated: no caller)",
    event: event("Dial", { peer: channel(AGENT_LEG, { state: "Ringing" }), dialstatus: "RINGING", dialstring: "101" }),
    expect: "ignored",
  },
  {
    name: "Dial NOANSWER on a person's leg",
    event: event("Dial", { peer: channel(AGENT_LEG), dialstatus: "NOANSWER", dialstring: "101" }),
    expect: handled("agentNotReached"),
  },
  {
    name: "Dial BUSY on a person's leg",
    event: event("Dial", { peer: channel(AGENT_LEG), dialstatus: "BUSY", dialstring: "101" }),
    expect: handled("agentNotReached"),
  },
  {
    name: "Dial CHANUNAVAIL on a person's leg",
    event: event("Dial", { peer: channel(AGENT_LEG), dialstatus: "CHANUNAVAIL", dialstring: "101" }),
    expect: handled("agentNotReached"),
  },
  {
    name: "Dial with forward and forwarded, between channels not Holboo's",
    event: event("Dial", {
      caller: channel("1400609726.40"),
      peer: channel("1400609726.41"),
      dialstatus: "",
      dialstring: "PJSIP/200",
      forward: "PJSIP/201",
      forwarded: channel("1400609726.42"),
    }),
    expect: "ignored",
  },
  {
    name: "Dial ANSWER of the customer on a click-to-call leg",
    event: event("Dial", { caller: channel("holboo-o-101-abc"), peer: channel("1400609726.50"), dialstatus: "ANSWER", dialstring: "+97699112233@trunk" }),
    expect: handled("outboundLeg", "holboo-o-101-abc"),
  },
  { name: "BridgeCreated", event: event("BridgeCreated", { bridge: bridge(OUR_BRIDGE) }), expect: "ignored" },
  { name: "BridgeDestroyed", event: event("BridgeDestroyed", { bridge: bridge(OUR_BRIDGE) }), expect: "ignored" },
  { name: "BridgeMerged", event: event("BridgeMerged", { bridge: bridge("b1"), bridge_from: bridge("b2") }), expect: "ignored" },
  { name: "BridgeVideoSourceChanged", event: event("BridgeVideoSourceChanged", { bridge: bridge("b1"), old_video_source_id: "x" }), expect: "ignored" },
  { name: "ChannelEnteredBridge", event: event("ChannelEnteredBridge", { bridge: bridge(OUR_BRIDGE, [CALLER]), channel: channel(CALLER) }), expect: "ignored" },
  { name: "ChannelEnteredBridge without its optional channel", event: event("ChannelEnteredBridge", { bridge: bridge(OUR_BRIDGE) }), expect: "ignored" },
  { name: "ChannelLeftBridge", event: event("ChannelLeftBridge", { bridge: bridge(OUR_BRIDGE), channel: channel(CALLER) }), expect: "ignored" },
  {
    name: "BridgeBlindTransfer of Holboo's caller by the person, Success",
    event: event("BridgeBlindTransfer", {
      bridge: bridge(OUR_BRIDGE, [CALLER, AGENT_LEG]),
      channel: channel(AGENT_LEG),
      transferee: channel(CALLER),
      context: "from-internal",
      exten: "200",
      is_external: true,
      result: "Success",
    }),
    expect: handled("transferredAway"),
  },
  {
    name: "BridgeBlindTransfer that failed",
    event: event("BridgeBlindTransfer", {
      bridge: bridge(OUR_BRIDGE),
      channel: channel(AGENT_LEG),
      context: "x",
      exten: "9",
      is_external: true,
      result: "Fail",
    }),
    expect: "ignored",
  },
  {
    name: "BridgeBlindTransfer outside Holboo's calls",
    event: event("BridgeBlindTransfer", { channel: channel("1400609726.60"), context: "x", exten: "9", is_external: false, result: "Success" }),
    expect: "ignored",
  },
  {
    name: "BridgeAttendedTransfer of Holboo's caller, Success",
    event: event("BridgeAttendedTransfer", {
      transferer_first_leg: channel(AGENT_LEG),
      transferer_first_leg_bridge: bridge(OUR_BRIDGE),
      transferer_second_leg: channel("1400609726.70"),
      transferer_second_leg_bridge: bridge("b-consult"),
      transferee: channel(CALLER),
      transfer_target: channel("1400609726.71"),
      destination_type: "bridge",
      destination_bridge: "b-consult",
      is_external: true,
      result: "Success",
    }),
    expect: handled("transferredAway"),
  },
  {
    name: "BridgeAttendedTransfer outside Holboo's calls (threeway result)",
    event: event("BridgeAttendedTransfer", {
      transferer_first_leg: channel("1400609726.80"),
      transferer_second_leg: channel("1400609726.81"),
      destination_type: "threeway",
      destination_threeway_channel: channel("1400609726.80"),
      destination_threeway_bridge: bridge("b3"),
      is_external: false,
      result: "Success",
    }),
    expect: "ignored",
  },
  {
    name: "PlaybackStarted (Getting Started example, no timestamp)",
    event: { application: "hello-world", type: "PlaybackStarted", playback: playback("9567ea46-440f-41be-a044-6ecc8100730a", "playing") },
    expect: "ignored",
  },
  {
    name: "PlaybackContinuing with next_media_uri",
    event: event("PlaybackContinuing", { playback: playback("holboo-p-12-1", "playing", { next_media_uri: "sound:goodbye" }) }),
    expect: "ignored",
  },
  {
    name: "PlaybackFinished (Getting Started example), not Holboo's",
    event: { application: "hello-world", type: "PlaybackFinished", playback: playback("9567ea46-440f-41be-a044-6ecc8100730a", "done") },
    expect: "ignored",
  },
  {
    name: "PlaybackFinished of the call operator's prompt",
    event: event("PlaybackFinished", { playback: playback("holboo-p-12-1", "done", { target_uri: `channel:${CALLER}` }) }),
    expect: handled("playbackFinished"),
  },
  { name: "RecordingStarted", event: event("RecordingStarted", { recording: recording("holboo-vm-5", `channel:${CALLER}`, "recording") }), expect: "ignored" },
  {
    name: "RecordingFinished of a voicemail",
    event: event("RecordingFinished", { recording: recording("holboo-vm-5", `channel:${CALLER}`, "done", { duration: 4 }) }),
    expect: handled("voicemailStored"),
  },
  {
    name: "RecordingFinished of an answered call's bridge",
    event: event("RecordingFinished", {
      recording: recording("holboo-call-5", `bridge:${OUR_BRIDGE}`, "done", { duration: 60, talking_duration: 40, silence_duration: 20 }),
    }),
    expect: handled("callRecorded"),
  },
  {
    name: "RecordingFailed of a voicemail, with its cause",
    event: event("RecordingFailed", { recording: recording("holboo-vm-5", `channel:${CALLER}`, "failed", { cause: "Unable to open file" }) }),
    expect: handled("voicemailFailed"),
  },
  {
    name: "RecordingFailed of a call's recording",
    event: event("RecordingFailed", { recording: recording("holboo-call-5", `bridge:${OUR_BRIDGE}`, "failed") }),
    expect: "ignored",
  },
  { name: "DeviceStateChanged", event: event("DeviceStateChanged", { device_state: { name: "PJSIP/101", state: "INUSE" } }), expect: "ignored" },
  { name: "EndpointStateChange", event: event("EndpointStateChange", { endpoint }), expect: "ignored" },
  {
    name: "ContactStatusChange",
    event: event("ContactStatusChange", {
      endpoint,
      contact_info: { uri: "sip:101@10.0.0.5", contact_status: "Reachable", aor: "101", roundtrip_usec: "1200" },
    }),
    expect: "ignored",
  },
  {
    name: "PeerStatusChange",
    event: event("PeerStatusChange", { endpoint, peer: { peer_status: "Reachable", address: "10.0.0.5", port: "5060" } }),
    expect: "ignored",
  },
  { name: "ApplicationReplaced", event: event("ApplicationReplaced", {}), expect: handled("appReplaced", "") },
  { name: "ApplicationMoveFailed", event: event("ApplicationMoveFailed", { channel: channel(CALLER), destination: "other-app", args: [] }), expect: "ignored" },
  {
    name: "TextMessageReceived",
    event: event("TextMessageReceived", { message: { from: "sip:101@pbx", to: "sip:holboo@pbx", body: "hi", variables: {} }, endpoint }),
    expect: "ignored",
  },
  { name: "MissingParams", event: { type: "MissingParams", params: ["channel"] }, expect: "ignored" },
  {
    name: "RESTResponse (REST over the events socket)",
    event: {
      type: "RESTResponse",
      transaction_id: "d1eb679c-166f-4278-8b28-0340088a3410",
      request_id: "1e409d15-a35e-4946-b270-c460cc45b2c4",
      status_code: 204,
      reason_phrase: "No Content",
      uri: "channels/ast-1741988825.0/answer",
      timestamp: "2025-03-17T08:32:35.709-0600",
      asterisk_id: "e4:1d:2d:b8:3b:a0",
      application: "mystasisapp",
    },
    expect: "ignored",
  },
];

/** Messages no documentation describes, which must not break anything either. */
const MALFORMED = [
  "not json",
  "[]",
  "{}",
  '{"type": 5}',
  JSON.stringify(event("SomethingNew", {})),
  JSON.stringify(event("ChannelDestroyed", { timestamp: "yesterday" })),
];

const counts = () => {
  const result = { handled: 0, ignored: 0, refused: 0 };
  for (const c of ARI_CASES) {
    let route;
    try {
      route = routeAriMessage(JSON.stringify(c.event));
    } catch {
      result.refused += 1;
      continue;
    }
    result[route.outcome] += 1;
  }
  return result;
};

const suite = callCenterTests();

describe("ARI events as Asterisk documents them", () => {
  it.each(ARI_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const route = routeAriMessage(JSON.stringify(c.event));
    if (c.expect === "ignored") {
      expect(route.outcome).toBe("ignored");
      if (route.outcome === "ignored") expect(route.reason).not.toBe("");
    } else expect(route).toMatchObject({ outcome: "handled", action: c.expect.action, key: c.expect.key });
  });

  it("none is refused: every documented case is handled or ignored, and so is what no documentation describes", () => {
    const labelled = ARI_CASES.filter((c) => c.expect !== "ignored").length;
    expect(counts()).toEqual({ handled: labelled, ignored: ARI_CASES.length - labelled, refused: 0 });
    expect(counts()).toEqual({ handled: 21, ignored: 39, refused: 0 });
    for (const message of MALFORMED) expect(routeAriMessage(message).outcome, message).toBe("ignored");
  });

  it("a live session takes them all and goes on: still connected, no reconnect, the next call rung and answered", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const listed = suite.ari.requests.filter((r) => r.path === "/ari/channels" && r.method === "GET").length;
    // Arrivals and answers of channels this fake PBX does not have are left out (they would act on them); every other
    // case's channel is unknown to the company, which is what Holboo meets for events of channels not its own.
    const sendable = ARI_CASES.filter((c) => c.expect === "ignored" || !["callerArrived", "agentAnswered", "appReplaced"].includes(c.expect.action));
    for (const c of sendable) suite.ari.sendRaw(JSON.stringify(c.event));
    for (const message of MALFORMED) suite.ari.sendRaw(message);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    suite.ari.answer(await suite.ari.ringingLeg("101"));
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "talking", 10_000);
    expect(suite.ari.connected).toBe(1);
    expect(suite.ari.requests.filter((r) => r.path === "/ari/channels" && r.method === "GET").length).toBe(listed);
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state).toBe("connected");
    suite.ari.hangup(caller);
  });

  it("a blind transfer by the person ends the call as served and leaves the caller on the line", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const waiting = await waitingCall(admin.client, number);
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.answer(leg);
    const ourBridge = `holboo-b-${caller}`;
    await until(() => suite.ari.bridges.get(ourBridge)?.has(leg.id) === true, 10_000);
    const view = (id: string) => suite.ari.channels.get(id)!;
    suite.ari.sendRaw(
      JSON.stringify(
        event("BridgeBlindTransfer", {
          bridge: bridge(ourBridge, [caller, leg.id]),
          channel: view(leg.id),
          transferee: view(caller),
          context: "from-internal",
          exten: "200",
          is_external: true,
          result: "Success",
        }),
      ),
    );
    await until(async () => (await callOf(admin.client, waiting.interaction_id!)).status === "ended", 10_000);
    await until(() => !suite.ari.bridges.has(ourBridge), 10_000);
    expect(suite.ari.channels.has(caller)).toBe(true);
    expect(suite.ari.requests.some((r) => r.method === "DELETE" && r.path === `/ari/channels/${caller}`)).toBe(false);
    // The person's phone hangs up after the transfer: nothing more happens to the caller.
    suite.ari.hangup(leg.id);
    await until(() => !suite.ari.channels.has(leg.id), 5000);
    expect(suite.ari.channels.has(caller)).toBe(true);
    suite.ari.hangup(caller);
  });

  it("an extension that is busy (Dial BUSY) is passed over at once for the next person", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    const other = await colleague(suite.t, admin.client, "agent");
    await signedIn(suite.t, other.client);
    expect((await admin.client.post("/api/call-center/extensions", { extension: "102", user_id: other.user.ID })).status).toBe(200);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    await waitingCall(admin.client, number);
    const first = await suite.ari.ringingLeg("101");
    // Asterisk reports the phone busy; its channel is not destroyed yet.
    suite.ari.sendRaw(JSON.stringify(event("Dial", { peer: suite.ari.channels.get(first.id), dialstatus: "BUSY", dialstring: "101" })));
    const second = await suite.ari.ringingLeg("102");
    expect(second.appArgs?.[1]).toBe(caller);
    expect(suite.ari.channels.has(first.id)).toBe(true);
    suite.ari.noAnswer(first);
    suite.ari.hangup(caller);
  });

  it("ApplicationReplaced: the session stands back and says so", async () => {
    const admin = await ariCompany(suite.t, suite.ari);
    suite.ari.sendRaw(JSON.stringify(event("ApplicationReplaced", {})));
    await until(async () => (await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.state === "failed", 10_000);
    expect((await admin.client.get<CallCenterView>("/api/call-center")).body.connection?.last_error).toBe("application_replaced");
    await until(() => suite.ari.connected === 0, 5000);
  });
});
