import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * Asterisk's ARI on localhost, as docs.asterisk.org documents it: REST under /ari with HTTP Basic (the
 * ari.conf user), parameters in the query string, the events WebSocket at /ari/events?app=…, and event
 * JSON with `type`, `application`, `timestamp`, `asterisk_id` and the Channel object. Every request is
 * checked (method, path, required parameters, a known channel); a wrong one is answered as Asterisk does
 * (400/404/422) and listed in `violations`, which tests expect empty. Scripted callers enter the Stasis
 * app (`incoming`), originated agent legs answer (`answer`) or ring out (`noAnswer`), either side hangs up.
 * Media: `play` fetches each `sound:http…` prompt as Asterisk's media cache does (a link that does not give
 * audio is a violation) and reports PlaybackStarted/Finished; callers press keys (`dtmf`); `record` makes a
 * live recording that `leaveVoicemail` finishes and stores, readable at /recordings/stored/{name}/file.
 * Click-to-call: a channel originated into the dialplan (`extension` + `context`) is not in the Stasis app,
 * so its events reach the app only after POST /applications/{app}/subscription?eventSource=channel:{id};
 * the person picks up (`pickUp`: Dial ANSWER with it as peer), the dialplan's Dial rings the customer, who
 * answers (`customerAnswers`) or not (`customerDoesNotAnswer`: NOANSWER, BUSY…), as app_dial reports.
 */
export interface FakePlayback {
  id: string;
  channel: string;
  media: string;
  state: "playing" | "done" | "failed";
}
export interface FakeChannel {
  id: string;
  name: string;
  state: string;
  caller: { name: string; number: string };
  connected: { name: string; number: string };
  accountcode: string;
  dialplan: { context: string; exten: string; priority: number; app_name: string; app_data: string };
  creationtime: string;
  language: string;
  /** For originated channels: the Stasis args they enter with when answered. */
  appArgs?: string[];
  moh: boolean;
  answered: boolean;
}

/**
 * A recording in Asterisk's recordings directory. `contentType` and `declaredLength` let a test play a
 * PBX that misbehaves (a page instead of audio, a size beyond the limit, announced but never sent).
 */
export interface StoredRecording {
  format: string;
  bytes: Buffer;
  contentType?: string;
  declaredLength?: number;
}

const AUDIO_TYPES: Record<string, string> = { wav: "audio/wav", gsm: "audio/gsm", ulaw: "audio/basic", mp3: "audio/mpeg", ogg: "audio/ogg" };

export interface AriRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

const ASTERISK_ID = "02:42:ac:11:00:02";

export async function startFakeAri(options: { username?: string; password?: string; app?: string } = {}) {
  const username = options.username ?? "holboo";
  const password = options.password ?? "secret-ari";
  const app = options.app ?? "holboo";
  const channels = new Map<string, FakeChannel>();
  const bridges = new Map<string, Set<string>>();
  /** Channels that hung up: acting on one is Asterisk's 404, a race any app meets, not a protocol mistake. */
  const gone = new Set<string>();
  const requests: AriRequest[] = [];
  const violations: string[] = [];
  const sockets = new Set<WebSocket>();
  /** Stored recordings (what `/recordings/stored` lists), by name. */
  const recordings = new Map<string, StoredRecording>();
  /** Channels originated into the dialplan, and those the app subscribed to (only their events are sent). */
  const dialplanLegs = new Set<string>();
  const subscribed = new Set<string>();
  /** Endpoints Asterisk cannot make a channel for (an extension not registered): originate answers 500. */
  const unreachable = new Set<string>();
  /** The customer's channel each click-to-call leg dials (app_dial's peer). */
  const dialed = new Map<string, Record<string, unknown>>();
  let seq = 0;
  let eventsSent = 0;
  let refuseSockets = false;
  const playbacks = new Map<string, FakePlayback>();
  /** Recordings in progress (POST /channels/{id}/record), by name, until `leaveVoicemail` stores them. */
  const liveRecordings = new Map<string, { channel: string; format: string; maxDurationSeconds: number }>();
  /** Where Asterisk would reach the app's links (PUBLIC_URL); tests point it at the app's real address. */
  const media = { origin: null as string | null, hold: false };

  const authorised = (req: IncomingMessage) => req.headers.authorization === `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const now = () => new Date().toISOString().replace("Z", "+0000");

  function send(event: Record<string, unknown>) {
    const about = (event.channel ?? event.caller ?? event.peer) as { id?: string } | undefined;
    if (about?.id && dialplanLegs.has(about.id) && !subscribed.has(about.id)) return;
    const body = JSON.stringify({ ...event, application: app, timestamp: now(), asterisk_id: ASTERISK_ID });
    eventsSent += 1;
    for (const socket of sockets) socket.send(body);
  }
  const view = (c: FakeChannel) => {
    const { appArgs: _args, moh: _moh, answered: _answered, ...rest } = c;
    return rest;
  };

  function newChannel(id: string, number: string, exten: string, state: string): FakeChannel {
    const channel: FakeChannel = {
      id,
      name: `PJSIP/${exten}-${(++seq).toString(16).padStart(8, "0")}`,
      state,
      caller: { name: "", number },
      connected: { name: "", number: "" },
      accountcode: "",
      dialplan: { context: "from-trunk", exten, priority: 1, app_name: "Stasis", app_data: app },
      creationtime: now(),
      language: "en",
      moh: false,
      answered: false,
    };
    channels.set(id, channel);
    return channel;
  }

  function destroy(id: string, cause = 16, causeTxt = "Normal Clearing", hangupRequest = false) {
    const channel = channels.get(id);
    if (!channel) return;
    if (hangupRequest) send({ type: "ChannelHangupRequest", cause, channel: view(channel) });
    channels.delete(id);
    gone.add(id);
    for (const members of bridges.values()) members.delete(id);
    if (!dialplanLegs.has(id) && (channel.answered || !channel.appArgs)) send({ type: "StasisEnd", channel: view(channel) });
    send({ type: "ChannelDestroyed", cause, cause_txt: causeTxt, channel: view({ ...channel, state: "Down" }) });
  }

  const reply = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) return res.writeHead(status).end();
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const wrong = (res: ServerResponse, status: number, message: string, violation: string) => {
    violations.push(violation);
    reply(res, status, { message });
  };

  /**
   * GET /recordings/stored/{name}/file: the file, typed by its format (docs: 200, 403 no permission to read,
   * 404 not found). A single `Range` is answered 206 with Content-Range, as an HTTP server in front of the
   * recordings does, so Holboo's pass-through of the browser's Range is exercised.
   */
  function recordingFile(req: IncomingMessage, res: ServerResponse, recording: StoredRecording) {
    const type = recording.contentType ?? AUDIO_TYPES[recording.format] ?? "application/octet-stream";
    if (recording.declaredLength !== undefined) {
      res.writeHead(200, { "content-type": type, "content-length": String(recording.declaredLength) });
      res.write(recording.bytes);
      return;
    }
    const size = recording.bytes.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    if (!range) return res.writeHead(200, { "content-type": type, "content-length": String(size), "accept-ranges": "bytes" }).end(recording.bytes);
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) return res.writeHead(416, { "content-range": `bytes */${size}` }).end();
    res.writeHead(206, { "content-type": type, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${size}` });
    res.end(recording.bytes.subarray(start, end + 1));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://ari.local");
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    requests.push({ method: req.method ?? "", path, query });
    if (!path.startsWith("/ari/")) return wrong(res, 404, "Not found", `${req.method} ${path}`);
    // A wrong password is what the settings' test must report; it is not the caller's protocol mistake.
    if (!authorised(req)) return res.writeHead(401, { "www-authenticate": 'Basic realm="Asterisk REST Interface"' }).end();
    const route = `${req.method} ${path.replace(/^\/ari/, "")}`;
    let m: RegExpMatchArray | null;
    if (route === "GET /asterisk/info")
      return reply(res, 200, { system: { version: "20.9.3", entity_id: ASTERISK_ID }, config: { name: "fake" }, status: { startup_time: now() } });
    if ((m = route.match(/^GET \/recordings\/stored\/([^/]+)(\/file)?$/))) {
      const name = decodeURIComponent(m[1]!);
      const recording = recordings.get(name);
      if (!recording) return reply(res, 404, { message: "Recording not found" });
      if (m[2]) return recordingFile(req, res, recording);
      return reply(res, 200, { name, format: recording.format });
    }
    if (route === "GET /channels") return reply(res, 200, [...channels.values()].map(view));
    if (route === "POST /channels") {
      if (!query.endpoint) return wrong(res, 400, "Endpoint parameter is required", "originate without endpoint");
      const toApp = query.app !== undefined;
      if (toApp === (query.extension !== undefined)) return wrong(res, 400, "Exactly one of app or extension", "originate needs app xor extension");
      if (query.extension !== undefined && !query.context) return wrong(res, 400, "context", "originate to an extension without context");
      if (toApp && query.app !== app) return wrong(res, 400, "Unknown app", `originate to app ${query.app}`);
      const id = query.channelId || `${Date.now()}.${++seq}`;
      if (channels.has(id)) return wrong(res, 409, "Channel with given unique ID already exists", `duplicate channelId ${id}`);
      const ext = query.endpoint.replace(/^PJSIP\//, "");
      if (unreachable.has(ext)) return reply(res, 500, { message: "Allocation failed" });
      const channel = newChannel(id, query.callerId ?? "", ext, "Down");
      channel.dialplan = { context: query.context ?? "default", exten: query.extension ?? ext, priority: 1, app_name: "", app_data: "" };
      channel.appArgs = toApp ? (query.appArgs ?? "").split(",") : undefined;
      if (!toApp) dialplanLegs.add(id);
      return reply(res, 200, view(channel));
    }
    if ((m = route.match(/^(POST|DELETE) \/channels\/([^/]+)(?:\/(answer|moh|ring|play|record))?$/))) {
      const id = decodeURIComponent(m[2]!);
      const channel = channels.get(id);
      if (!channel && gone.has(id)) return reply(res, 404, { message: "Channel not found" });
      if (!channel) return wrong(res, 404, "Channel not found", `${route}: unknown channel`);
      const action = m[3];
      if (m[1] === "DELETE" && !action) {
        if (query.reason && !["normal", "busy", "congestion", "no_answer", "timeout", "rejected", "unallocated", "answered_elsewhere"].includes(query.reason))
          return wrong(res, 400, "Invalid reason", `hangup reason ${query.reason}`);
        reply(res, 204);
        destroy(id, query.reason === "no_answer" ? 19 : 16, query.reason === "no_answer" ? "No answer" : "Normal Clearing");
        return;
      }
      if (action === "answer" && m[1] === "POST") {
        channel.answered = true;
        channel.state = "Up";
        reply(res, 204);
        send({ type: "ChannelStateChange", channel: view(channel) });
        return;
      }
      if (action === "play" && m[1] === "POST") return play(res, channel, query);
      if (action === "record" && m[1] === "POST") return record(res, channel, query);
      if (action === "moh") {
        channel.moh = m[1] === "POST";
        return reply(res, 204);
      }
      return wrong(res, 404, "Not found", route);
    }
    if ((m = route.match(/^DELETE \/playbacks\/([^/]+)$/))) {
      const playback = playbacks.get(decodeURIComponent(m[1]!));
      if (!playback) return wrong(res, 404, "Playback not found", `${route}: unknown playback`);
      if (playback.state !== "playing") return reply(res, 404, { message: "Playback not found" });
      reply(res, 204);
      finishPlayback(playback, "done");
      return;
    }
    if ((m = route.match(/^POST \/applications\/([^/]+)\/subscription$/))) {
      if (decodeURIComponent(m[1]!) !== app) return wrong(res, 404, "Application does not exist", `${route}: unknown application`);
      const source = query.eventSource ?? "";
      if (!source) return wrong(res, 400, "eventSource parameter is required", "subscription without eventSource");
      const channelId = source.match(/^channel:(.+)$/)?.[1];
      if (!channelId) return wrong(res, 400, "Invalid event source", `subscription to ${source}`);
      if (!channels.has(channelId) && gone.has(channelId)) return reply(res, 422, { message: "Event source does not exist" });
      if (!channels.has(channelId)) return wrong(res, 422, "Event source does not exist", `subscription to unknown ${source}`);
      subscribed.add(channelId);
      return reply(res, 200, {
        name: app,
        channel_ids: [...subscribed],
        bridge_ids: [],
        endpoint_ids: [],
        device_names: [],
        events_allowed: [],
        events_disallowed: [],
      });
    }
    if (route === "POST /bridges") {
      if (query.type && !query.type.split(",").every((t) => ["mixing", "holding", "dtmf_events", "proxy_media", "video_sfu", "video_single"].includes(t)))
        return wrong(res, 400, "Invalid bridge type", `bridge type ${query.type}`);
      const id = query.bridgeId || `bridge-${++seq}`;
      bridges.set(id, new Set());
      return reply(res, 200, { id, technology: "simple_bridge", bridge_type: "mixing", bridge_class: "stasis", channels: [], name: query.name ?? "" });
    }
    if ((m = route.match(/^POST \/bridges\/([^/]+)\/addChannel$/))) {
      const bridge = bridges.get(decodeURIComponent(m[1]!));
      if (!bridge) return wrong(res, 404, "Bridge not found", `${route}: unknown bridge`);
      const ids = (query.channel ?? "").split(",").filter(Boolean);
      if (!ids.length) return wrong(res, 400, "channel parameter is required", "addChannel without channel");
      // A caller who hung up between the answer and the bridge is the race any app meets (as for other requests on a gone channel).
      if (ids.some((id) => !channels.has(id)) && ids.every((id) => channels.has(id) || gone.has(id)))
        return reply(res, 422, { message: "Channel not in Stasis application" });
      if (ids.some((id) => !channels.has(id))) return wrong(res, 422, "Channel not in Stasis application", `${route}: channel not in Stasis`);
      for (const id of ids) bridge.add(id);
      return reply(res, 204);
    }
    if ((m = route.match(/^DELETE \/bridges\/([^/]+)$/))) {
      if (!bridges.delete(decodeURIComponent(m[1]!))) return wrong(res, 404, "Bridge not found", `${route}: unknown bridge`);
      return reply(res, 204);
    }
    return wrong(res, 404, "Not found", route);
  }

  const playbackView = (p: FakePlayback) => ({ id: p.id, media_uri: p.media, target_uri: `channel:${p.channel}`, language: "en", state: p.state });
  function finishPlayback(playback: FakePlayback, state: "done" | "failed") {
    if (playback.state !== "playing") return;
    playback.state = state;
    send({ type: "PlaybackFinished", playback: playbackView(playback) });
  }

  /** POST /channels/{id}/play: `media` required (media URIs), `playbackId` optional; Asterisk answers 201 with the Playback. */
  function play(res: ServerResponse, channel: FakeChannel, query: Record<string, string>) {
    if (!query.media) return wrong(res, 400, "media parameter is required", "play without media");
    const uris = query.media.split(",");
    if (uris.some((uri) => !/^(sound|recording|number|digits|characters|tone):./.test(uri)))
      return wrong(res, 400, "Invalid media URI", `play media ${query.media}`);
    if (!channel.answered) return wrong(res, 412, "Channel in invalid state", "play on a channel not answered");
    const id = query.playbackId || `playback-${++seq}`;
    if (playbacks.get(id)?.state === "playing") return wrong(res, 409, "Playback with given unique ID already exists", `duplicate playbackId ${id}`);
    const playback: FakePlayback = { id, channel: channel.id, media: query.media, state: "playing" };
    playbacks.set(id, playback);
    reply(res, 201, { ...playbackView(playback), state: "queued" });
    send({ type: "PlaybackStarted", playback: playbackView(playback) });
    void (async () => {
      for (const uri of uris) {
        const http = uri.match(/^sound:(https?:\/\/.+)$/)?.[1];
        if (!http) continue;
        const url = new URL(http);
        const target = media.origin ? `${media.origin}${url.pathname}${url.search}` : http;
        const fetched = await fetch(target).catch(() => null);
        const type = fetched?.headers.get("content-type") ?? "";
        if (!fetched?.ok || !type.startsWith("audio/")) {
          violations.push(`media ${http} gave ${fetched?.status ?? "no answer"} ${type}`);
          return finishPlayback(playback, "failed");
        }
      }
      if (!media.hold) finishPlayback(playback, "done");
    })();
  }

  /** POST /channels/{id}/record: `name` and `format` required; Asterisk answers 201 with the LiveRecording. */
  function record(res: ServerResponse, channel: FakeChannel, query: Record<string, string>) {
    if (!query.name || !query.format) return wrong(res, 400, "name and format are required", "record without name or format");
    const numbers = ["maxDurationSeconds", "maxSilenceSeconds"].filter((key) => query[key] !== undefined);
    if (numbers.some((key) => !/^\d+$/.test(query[key]!))) return wrong(res, 400, "Invalid duration", "record duration not a whole number");
    if (query.ifExists && !["fail", "overwrite", "append"].includes(query.ifExists))
      return wrong(res, 400, "Invalid ifExists", `record ifExists ${query.ifExists}`);
    if (query.terminateOn && !["none", "any", "*", "#"].includes(query.terminateOn))
      return wrong(res, 400, "Invalid terminateOn", `record terminateOn ${query.terminateOn}`);
    if (query.beep && !["true", "false"].includes(query.beep)) return wrong(res, 400, "Invalid beep", `record beep ${query.beep}`);
    if (!channel.answered) return wrong(res, 412, "Channel in invalid state", "record on a channel not answered");
    if (recordings.has(query.name) && query.ifExists === "fail") return wrong(res, 422, "Recording already exists", `record over ${query.name}`);
    liveRecordings.set(query.name, { channel: channel.id, format: query.format, maxDurationSeconds: Number(query.maxDurationSeconds ?? 0) });
    const live = { name: query.name, format: query.format, state: "queued", target_uri: `channel:${channel.id}` };
    reply(res, 201, live);
    send({ type: "RecordingStarted", recording: { ...live, state: "recording" } });
  }

  const server = createServer(handle);
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://ari.local");
    if (url.pathname !== "/ari/events" || refuseSockets || !authorised(req) || url.searchParams.get("app") !== app) {
      if (url.pathname !== "/ari/events" || url.searchParams.get("app") !== app) violations.push(`events socket ${req.url}`);
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on("close", () => sockets.delete(ws));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const until = async (check: () => boolean, what: string, timeoutMs = 15_000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`fake ARI: timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  return {
    url,
    username,
    password,
    app,
    channels,
    bridges,
    requests,
    violations,
    recordings,
    /** Something recorded `target` (`channel:{id}` or `bridge:{id}`) and stored it: RecordingFinished, as Asterisk sends it. */
    recordingFinished(target: string, name: string, recording: StoredRecording) {
      recordings.set(name, recording);
      send({
        type: "RecordingFinished",
        recording: { name, format: recording.format, target_uri: target, state: "done", duration: 3, talking_duration: 2, silence_duration: 1 },
      });
    },
    get connected() {
      return sockets.size;
    },
    /** Events sent on the events socket so far. */
    get eventsSent() {
      return eventsSent;
    },
    /** A customer's call reaching the dialplan's Stasis(app) on the line `exten`. */
    incoming(number: string, exten: string) {
      const channel = newChannel(`${Math.floor(Date.now() / 1000)}.${++seq}`, number, exten, "Ring");
      send({ type: "StasisStart", args: [], channel: view(channel) });
      return channel.id;
    },
    /** The originated leg ringing an extension, once the app has asked for it. */
    async ringingLeg(extension: string, timeoutMs?: number) {
      const find = () => [...channels.values()].find((c) => c.appArgs && !c.answered && c.dialplan.exten === extension);
      await until(() => !!find(), `a leg ringing ${extension}`, timeoutMs);
      return find()!;
    },
    /** The person picks up: ARI reports the state and hands the leg to the app with its appArgs. */
    answer(leg: FakeChannel) {
      leg.answered = true;
      leg.state = "Up";
      send({ type: "ChannelStateChange", channel: view(leg) });
      send({ type: "StasisStart", args: leg.appArgs ?? [], channel: view(leg) });
    },
    /** Nobody picks up before the originate timeout. */
    noAnswer(leg: FakeChannel) {
      if (dialplanLegs.has(leg.id)) send({ type: "Dial", peer: view(leg), dialstatus: "NOANSWER", dialstring: leg.name.split("-")[0] });
      destroy(leg.id, 19, "No answer");
    },
    unreachable,
    /** A click-to-call leg ringing the person's extension, once the app has subscribed to it. */
    async outboundLeg(extension: string, timeoutMs?: number) {
      const find = () => [...channels.values()].find((c) => dialplanLegs.has(c.id) && subscribed.has(c.id) && c.name.startsWith(`PJSIP/${extension}-`));
      await until(() => !!find(), `a click-to-call leg on ${extension}`, timeoutMs);
      return find()!;
    },
    /** The person picks up: the leg is Up and the dialplan's Dial starts ringing the customer (its `exten`). */
    pickUp(leg: FakeChannel) {
      leg.answered = true;
      leg.state = "Up";
      send({ type: "Dial", peer: view(leg), dialstatus: "ANSWER", dialstring: leg.name.split("-")[0] });
      send({ type: "ChannelStateChange", channel: view(leg) });
      const customer = { ...view(newChannel(`${Date.now()}.${++seq}`, leg.dialplan.exten, "trunk", "Down")) };
      channels.delete(customer.id as string);
      dialed.set(leg.id, customer);
      send({ type: "Dial", caller: view(leg), peer: customer, dialstatus: "", dialstring: `${leg.dialplan.exten}@trunk` });
    },
    customerAnswers(leg: FakeChannel) {
      send({ type: "Dial", caller: view(leg), peer: { ...dialed.get(leg.id), state: "Up" }, dialstatus: "ANSWER", dialstring: `${leg.dialplan.exten}@trunk` });
    },
    /** The customer does not answer (or is busy…): Dial reports it and the dialplan hangs the leg up. */
    customerDoesNotAnswer(leg: FakeChannel, dialstatus: "NOANSWER" | "BUSY" | "CONGESTION" | "CHANUNAVAIL" = "NOANSWER") {
      send({ type: "Dial", caller: view(leg), peer: dialed.get(leg.id), dialstatus, dialstring: `${leg.dialplan.exten}@trunk` });
      destroy(leg.id, dialstatus === "BUSY" ? 17 : 19, dialstatus === "BUSY" ? "User busy" : "No answer");
    },
    playbacks,
    liveRecordings,
    media,
    /** The caller speaks after the beep and presses # (or hangs up): the recording is stored and reported. */
    leaveVoicemail(channelId: string, seconds = 4) {
      const entry = [...liveRecordings.entries()].find(([, r]) => r.channel === channelId);
      if (!entry) throw new Error(`fake ARI: no recording on ${channelId}`);
      const [name, live] = entry;
      liveRecordings.delete(name);
      recordings.set(name, { format: live.format, bytes: fakeWav(seconds) });
      send({ type: "RecordingFinished", recording: { name, format: live.format, state: "done", target_uri: `channel:${channelId}`, duration: seconds } });
    },
    dtmf(id: string, digit: string) {
      const channel = channels.get(id);
      if (channel) send({ type: "ChannelDtmfReceived", digit, duration_ms: 120, channel: view(channel) });
    },
    /** Someone hangs up on their side. */
    hangup(id: string) {
      destroy(id, 16, "Normal Clearing", true);
    },
    /** The events socket drops (Asterisk restarted, the network failed); new ones are refused until `allowSockets`. */
    dropSockets(refuse = false) {
      refuseSockets = refuse;
      for (const socket of sockets) socket.terminate();
    },
    allowSockets() {
      refuseSockets = false;
    },
    /** A channel ends while nobody listens (no events sent): only GET /channels tells. */
    vanish(id: string) {
      channels.delete(id);
    },
    until,
    close: async () => {
      for (const socket of sockets) socket.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

export type FakeAri = Awaited<ReturnType<typeof startFakeAri>>;

/** A silent 8 kHz, 16-bit mono WAV of `seconds` (a stored recording's bytes, or a prompt to upload). */
export function fakeWav(seconds: number): Buffer {
  const data = Buffer.alloc(Math.round(8000 * 2 * seconds));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
