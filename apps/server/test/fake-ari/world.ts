import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";

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
  protocol_id: string;
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

export interface AriRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** When it arrived (Date.now()). */
  at: number;
}

export const ASTERISK_ID = "02:42:ac:11:00:02";

/** What the fake Asterisk knows (channels, bridges, recordings, who listens) and how it reports a change. */
export function createAriWorld(options: { username?: string; password?: string; app?: string }) {
  const username = options.username ?? "holboo";
  const password = options.password ?? "secret-ari";
  const app = options.app ?? "holboo";
  const channels = new Map<string, FakeChannel>();
  const bridges = new Map<string, Set<string>>();
  /** Channels that hung up: acting on one is Asterisk's 404, a race any app meets, not a protocol mistake. */
  const gone = new Set<string>();
  /** Channels originated into the dialplan, and those the app subscribed to (only their events are sent). */
  const dialplanLegs = new Set<string>();
  const subscribed = new Set<string>();
  const sockets = new Set<WebSocket>();
  let seq = 0;

  const world = {
    username,
    password,
    app,
    channels,
    bridges,
    gone,
    dialplanLegs,
    subscribed,
    sockets,
    requests: [] as AriRequest[],
    violations: [] as string[],
    /** Stored recordings (what `/recordings/stored` lists), by name. */
    recordings: new Map<string, StoredRecording>(),
    /** Endpoints Asterisk cannot make a channel for (an extension not registered): originate answers 500. */
    unreachable: new Set<string>(),
    /** The customer's channel each click-to-call leg dials (app_dial's peer). */
    dialed: new Map<string, Record<string, unknown>>(),
    playbacks: new Map<string, FakePlayback>(),
    /** Recordings in progress (POST /channels/{id}/record or /bridges/{id}/record), by name, until stored. */
    liveRecordings: new Map<string, { channel?: string; bridge?: string; format: string; maxDurationSeconds: number }>(),
    /** Bridges' creation times (Bridge.creationtime), by id. */
    bridgeTimes: new Map<string, string>(),
    /**
     * Where Asterisk would reach the app's links (PUBLIC_URL); tests point it at the app's real address. `fileFailures`:
     * the next this many requests for a stored recording's file lose their connection (the PBX's network failing).
     */
    media: { origin: null as string | null, hold: false, fileFailures: 0 },
    /**
     * Originates to an endpoint that already had a leg of the app's up or ringing (not a protocol mistake, Asterisk
     * allows it, but Holboo must never ring one person for two calls): each listed, tests expect none.
     */
    doubleRings: [] as string[],
    eventsSent: 0,
    refuseSockets: false,
    /** The next number of Asterisk's counter (channel names, made-up ids). */
    next: () => ++seq,
    now: () => new Date().toISOString().replace("Z", "+0000"),
    authorised: (req: IncomingMessage) => req.headers.authorization === `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
    /** A bridge as ARI shows it (GET /bridges, bridge events). */
    bridgeView(id: string) {
      return {
        id,
        technology: "simple_bridge",
        bridge_type: "mixing",
        bridge_class: "stasis",
        creator: "Stasis",
        name: id,
        channels: [...(bridges.get(id) ?? [])],
        creationtime: world.bridgeTimes.get(id) ?? world.now(),
      };
    },
    /** A channel as ARI shows it (without the fake's own bookkeeping). */
    view(c: FakeChannel) {
      const { appArgs: _args, moh: _moh, answered: _answered, ...rest } = c;
      return rest;
    },
    /** An event on every events socket, unless it is about a dialplan leg the app has not subscribed to. */
    send(event: Record<string, unknown>) {
      const about = (event.channel ?? event.caller ?? event.peer) as { id?: string } | undefined;
      if (about?.id && dialplanLegs.has(about.id) && !subscribed.has(about.id)) return;
      const body = JSON.stringify({ ...event, application: app, timestamp: world.now(), asterisk_id: ASTERISK_ID });
      world.eventsSent += 1;
      for (const socket of sockets) socket.send(body);
    },
    newChannel(id: string, number: string, exten: string, state: string): FakeChannel {
      const channel: FakeChannel = {
        id,
        name: `PJSIP/${exten}-${world.next().toString(16).padStart(8, "0")}`,
        state,
        protocol_id: "",
        caller: { name: "", number },
        connected: { name: "", number: "" },
        accountcode: "",
        dialplan: { context: "from-trunk", exten, priority: 1, app_name: "Stasis", app_data: app },
        creationtime: world.now(),
        language: "en",
        moh: false,
        answered: false,
      };
      channels.set(id, channel);
      return channel;
    },
    destroy(id: string, cause = 16, causeTxt = "Normal Clearing", hangupRequest = false) {
      const channel = channels.get(id);
      if (!channel) return;
      if (hangupRequest) world.send({ type: "ChannelHangupRequest", cause, channel: world.view(channel) });
      channels.delete(id);
      gone.add(id);
      for (const members of bridges.values()) members.delete(id);
      if (!dialplanLegs.has(id) && (channel.answered || !channel.appArgs)) world.send({ type: "StasisEnd", channel: world.view(channel) });
      world.send({ type: "ChannelDestroyed", cause, cause_txt: causeTxt, channel: world.view({ ...channel, state: "Down" }) });
    },
  };
  return world;
}

export type AriWorld = ReturnType<typeof createAriWorld>;
