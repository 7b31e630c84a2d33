import type { IncomingMessage, ServerResponse } from "node:http";
import type { AriMedia } from "./media.ts";
import { refusal, reply } from "./replies.ts";
import { ASTERISK_ID, type AriWorld } from "./world.ts";

const HANGUP_REASONS = ["normal", "busy", "congestion", "no_answer", "timeout", "rejected", "unallocated", "answered_elsewhere"];
const BRIDGE_TYPES = ["mixing", "holding", "dtmf_events", "proxy_media", "video_sfu", "video_single"];

/**
 * ARI's REST routes under /ari with HTTP Basic. Every request is checked (method, path, required parameters,
 * a known channel); a wrong one is answered as Asterisk does (400/404/422) and listed in `violations`.
 */
export function ariRestHandler(world: AriWorld, media: AriMedia) {
  const wrong = refusal(world.violations);
  const { recordingFile, finishPlayback, play, record, recordBridge, stopBridgeRecordings } = media;

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://ari.local");
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    world.requests.push({ method: req.method ?? "", path, query, at: Date.now() });
    if (!path.startsWith("/ari/")) return wrong(res, 404, "Not found", `${req.method} ${path}`);
    // A wrong password is what the settings' test must report; it is not the caller's protocol mistake.
    if (!world.authorised(req)) return res.writeHead(401, { "www-authenticate": 'Basic realm="Asterisk REST Interface"' }).end();
    const route = `${req.method} ${path.replace(/^\/ari/, "")}`;
    let m: RegExpMatchArray | null;
    if (route === "GET /asterisk/info")
      return reply(res, 200, { system: { version: "20.9.3", entity_id: ASTERISK_ID }, config: { name: "fake" }, status: { startup_time: world.now() } });
    if ((m = route.match(/^GET \/recordings\/stored\/([^/]+)(\/file)?$/))) {
      const name = decodeURIComponent(m[1]!);
      const recording = world.recordings.get(name);
      if (!recording) return reply(res, 404, { message: "Recording not found" });
      if (m[2]) return recordingFile(req, res, recording);
      return reply(res, 200, { name, format: recording.format });
    }
    if (route === "GET /channels") return reply(res, 200, [...world.channels.values()].map(world.view));
    if (route === "GET /bridges") return reply(res, 200, [...world.bridges.keys()].map(world.bridgeView));
    if (route === "POST /channels") {
      if (!query.endpoint) return wrong(res, 400, "Endpoint parameter is required", "originate without endpoint");
      const toApp = query.app !== undefined;
      if (toApp === (query.extension !== undefined)) return wrong(res, 400, "Exactly one of app or extension", "originate needs app xor extension");
      if (query.extension !== undefined && !query.context) return wrong(res, 400, "context", "originate to an extension without context");
      if (toApp && query.app !== world.app) return wrong(res, 400, "Unknown app", `originate to app ${query.app}`);
      const id = query.channelId || `${Date.now()}.${world.next()}`;
      if (world.channels.has(id)) return wrong(res, 409, "Channel with given unique ID already exists", `duplicate channelId ${id}`);
      const ext = query.endpoint.replace(/^PJSIP\//, "");
      if (world.unreachable.has(ext)) return reply(res, 500, { message: "Allocation failed" });
      const legs = [...world.channels.values()].filter((c) => c.name.startsWith(`${query.endpoint}-`) && (c.appArgs || world.dialplanLegs.has(c.id)));
      if (legs.length)
        world.doubleRings.push(`${query.endpoint} rung for ${query.appArgs ?? query.extension} while ${legs.map((c) => c.id).join(", ")} was up`);
      const channel = world.newChannel(id, query.callerId ?? "", ext, "Down");
      channel.dialplan = { context: query.context ?? "default", exten: query.extension ?? ext, priority: 1, app_name: "", app_data: "" };
      channel.appArgs = toApp ? (query.appArgs ?? "").split(",") : undefined;
      if (!toApp) world.dialplanLegs.add(id);
      return reply(res, 200, world.view(channel));
    }
    if ((m = route.match(/^(POST|DELETE) \/channels\/([^/]+)(?:\/(answer|moh|ring|play|record))?$/))) {
      const id = decodeURIComponent(m[2]!);
      const channel = world.channels.get(id);
      if (!channel && world.gone.has(id)) return reply(res, 404, { message: "Channel not found" });
      if (!channel) return wrong(res, 404, "Channel not found", `${route}: unknown channel`);
      const action = m[3];
      if (m[1] === "DELETE" && !action) {
        if (query.reason && !HANGUP_REASONS.includes(query.reason)) return wrong(res, 400, "Invalid reason", `hangup reason ${query.reason}`);
        reply(res, 204);
        world.destroy(id, query.reason === "no_answer" ? 19 : 16, query.reason === "no_answer" ? "No answer" : "Normal Clearing");
        return;
      }
      if (action === "answer" && m[1] === "POST") {
        channel.answered = true;
        channel.state = "Up";
        reply(res, 204);
        world.send({ type: "ChannelStateChange", channel: world.view(channel) });
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
      const playback = world.playbacks.get(decodeURIComponent(m[1]!));
      if (!playback) return wrong(res, 404, "Playback not found", `${route}: unknown playback`);
      if (playback.state !== "playing") return reply(res, 404, { message: "Playback not found" });
      reply(res, 204);
      finishPlayback(playback, "done");
      return;
    }
    if ((m = route.match(/^POST \/applications\/([^/]+)\/subscription$/))) {
      if (decodeURIComponent(m[1]!) !== world.app) return wrong(res, 404, "Application does not exist", `${route}: unknown application`);
      const source = query.eventSource ?? "";
      if (!source) return wrong(res, 400, "eventSource parameter is required", "subscription without eventSource");
      const channelId = source.match(/^channel:(.+)$/)?.[1];
      if (!channelId) return wrong(res, 400, "Invalid event source", `subscription to ${source}`);
      if (!world.channels.has(channelId) && world.gone.has(channelId)) return reply(res, 422, { message: "Event source does not exist" });
      if (!world.channels.has(channelId)) return wrong(res, 422, "Event source does not exist", `subscription to unknown ${source}`);
      world.subscribed.add(channelId);
      return reply(res, 200, {
        name: world.app,
        channel_ids: [...world.subscribed],
        bridge_ids: [],
        endpoint_ids: [],
        device_names: [],
        events_allowed: [],
        events_disallowed: [],
      });
    }
    if (route === "POST /bridges") {
      if (query.type && !query.type.split(",").every((t) => BRIDGE_TYPES.includes(t)))
        return wrong(res, 400, "Invalid bridge type", `bridge type ${query.type}`);
      const id = query.bridgeId || `bridge-${world.next()}`;
      world.bridges.set(id, new Set());
      world.bridgeTimes.set(id, world.now());
      return reply(res, 200, { ...world.bridgeView(id), name: query.name ?? "" });
    }
    if ((m = route.match(/^POST \/bridges\/([^/]+)\/addChannel$/))) {
      const bridge = world.bridges.get(decodeURIComponent(m[1]!));
      if (!bridge) return wrong(res, 404, "Bridge not found", `${route}: unknown bridge`);
      const ids = (query.channel ?? "").split(",").filter(Boolean);
      if (!ids.length) return wrong(res, 400, "channel parameter is required", "addChannel without channel");
      // A caller who hung up between the answer and the bridge is the race any app meets (as for other requests on a gone channel).
      if (ids.some((id) => !world.channels.has(id)) && ids.every((id) => world.channels.has(id) || world.gone.has(id)))
        return reply(res, 422, { message: "Channel not in Stasis application" });
      if (ids.some((id) => !world.channels.has(id))) return wrong(res, 422, "Channel not in Stasis application", `${route}: channel not in Stasis`);
      for (const id of ids) bridge.add(id);
      return reply(res, 204);
    }
    if ((m = route.match(/^POST \/bridges\/([^/]+)\/record$/))) {
      const id = decodeURIComponent(m[1]!);
      if (!world.bridges.has(id)) return wrong(res, 404, "Bridge not found", `${route}: unknown bridge`);
      return recordBridge(res, id, query);
    }
    if ((m = route.match(/^DELETE \/bridges\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      if (!world.bridges.delete(id)) return wrong(res, 404, "Bridge not found", `${route}: unknown bridge`);
      world.bridgeTimes.delete(id);
      reply(res, 204);
      stopBridgeRecordings(id);
      return;
    }
    return wrong(res, 404, "Not found", route);
  }

  return handle;
}
