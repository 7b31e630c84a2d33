import type { IncomingMessage, ServerResponse } from "node:http";
import { refusal, reply } from "./replies.ts";
import { fakeWav } from "./wav.ts";
import type { AriWorld, FakeChannel, FakePlayback, StoredRecording } from "./world.ts";

const AUDIO_TYPES: Record<string, string> = { wav: "audio/wav", gsm: "audio/gsm", ulaw: "audio/basic", mp3: "audio/mpeg", ogg: "audio/ogg" };

/** Playing prompts, recording callers and serving stored recordings, as Asterisk's media side does. */
export function ariMedia(world: AriWorld) {
  const wrong = refusal(world.violations);

  /**
   * GET /recordings/stored/{name}/file: the file, typed by its format (docs: 200, 403 no permission to read,
   * 404 not found). A single `Range` is answered 206 with Content-Range, as an HTTP server in front of the
   * recordings does, so Holboo's pass-through of the browser's Range is exercised.
   */
  function recordingFile(req: IncomingMessage, res: ServerResponse, recording: StoredRecording) {
    if (world.media.fileFailures > 0) {
      world.media.fileFailures -= 1;
      req.socket.destroy();
      return;
    }
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

  const playbackView = (p: FakePlayback) => ({ id: p.id, media_uri: p.media, target_uri: `channel:${p.channel}`, language: "en", state: p.state });
  function finishPlayback(playback: FakePlayback, state: "done" | "failed") {
    if (playback.state !== "playing") return;
    playback.state = state;
    world.send({ type: "PlaybackFinished", playback: playbackView(playback) });
  }

  /** POST /channels/{id}/play: `media` required (media URIs), `playbackId` optional; Asterisk answers 201 with the Playback. */
  function play(res: ServerResponse, channel: FakeChannel, query: Record<string, string>) {
    if (!query.media) return wrong(res, 400, "media parameter is required", "play without media");
    const uris = query.media.split(",");
    if (uris.some((uri) => !/^(sound|recording|number|digits|characters|tone):./.test(uri)))
      return wrong(res, 400, "Invalid media URI", `play media ${query.media}`);
    if (!channel.answered) return wrong(res, 412, "Channel in invalid state", "play on a channel not answered");
    const id = query.playbackId || `playback-${world.next()}`;
    if (world.playbacks.get(id)?.state === "playing") return wrong(res, 409, "Playback with given unique ID already exists", `duplicate playbackId ${id}`);
    const playback: FakePlayback = { id, channel: channel.id, media: query.media, state: "playing" };
    world.playbacks.set(id, playback);
    reply(res, 201, { ...playbackView(playback), state: "queued" });
    world.send({ type: "PlaybackStarted", playback: playbackView(playback) });
    void (async () => {
      for (const uri of uris) {
        const http = uri.match(/^sound:(https?:\/\/.+)$/)?.[1];
        if (!http) continue;
        const url = new URL(http);
        const target = world.media.origin ? `${world.media.origin}${url.pathname}${url.search}` : http;
        const fetched = await fetch(target).catch(() => null);
        const type = fetched?.headers.get("content-type") ?? "";
        if (!fetched?.ok || !type.startsWith("audio/")) {
          world.violations.push(`media ${http} gave ${fetched?.status ?? "no answer"} ${type}`);
          return finishPlayback(playback, "failed");
        }
      }
      if (!world.media.hold) finishPlayback(playback, "done");
    })();
  }

  /** The checks Asterisk makes of a record request's parameters (channel or bridge); false when it was refused. */
  function validRecording(res: ServerResponse, query: Record<string, string>): boolean {
    const refuse = (status: number, message: string, violation: string) => {
      wrong(res, status, message, violation);
      return false;
    };
    if (!query.name || !query.format) return refuse(400, "name and format are required", "record without name or format");
    const numbers = ["maxDurationSeconds", "maxSilenceSeconds"].filter((key) => query[key] !== undefined);
    if (numbers.some((key) => !/^\d+$/.test(query[key]!))) return refuse(400, "Invalid duration", "record duration not a whole number");
    if (query.ifExists && !["fail", "overwrite", "append"].includes(query.ifExists))
      return refuse(400, "Invalid ifExists", `record ifExists ${query.ifExists}`);
    if (query.terminateOn && !["none", "any", "*", "#"].includes(query.terminateOn))
      return refuse(400, "Invalid terminateOn", `record terminateOn ${query.terminateOn}`);
    if (query.beep && !["true", "false"].includes(query.beep)) return refuse(400, "Invalid beep", `record beep ${query.beep}`);
    if (world.recordings.has(query.name) && query.ifExists === "fail") return refuse(422, "Recording already exists", `record over ${query.name}`);
    return true;
  }

  /**
   * POST /bridges/{id}/record: the bridge's mix recorded as `name` (201 with the LiveRecording, target `bridge:{id}`);
   * it stops when the bridge is destroyed (`stopBridgeRecordings`).
   */
  function recordBridge(res: ServerResponse, bridgeId: string, query: Record<string, string>) {
    if (!validRecording(res, query)) return;
    world.liveRecordings.set(query.name!, { bridge: bridgeId, format: query.format!, maxDurationSeconds: Number(query.maxDurationSeconds ?? 0) });
    const live = { name: query.name, format: query.format, state: "queued", target_uri: `bridge:${bridgeId}` };
    reply(res, 201, live);
    world.send({ type: "RecordingStarted", recording: { ...live, state: "recording" } });
  }

  /** A destroyed bridge's recordings are stored, each reported with RecordingFinished, as Asterisk does. */
  function stopBridgeRecordings(bridgeId: string) {
    for (const [name, live] of [...world.liveRecordings.entries()].filter(([, r]) => r.bridge === bridgeId)) {
      world.liveRecordings.delete(name);
      world.recordings.set(name, { format: live.format, bytes: fakeWav(1) });
      world.send({ type: "RecordingFinished", recording: { name, format: live.format, state: "done", target_uri: `bridge:${bridgeId}`, duration: 1 } });
    }
  }

  /** POST /channels/{id}/record: `name` and `format` required; Asterisk answers 201 with the LiveRecording. */
  function record(res: ServerResponse, channel: FakeChannel, query: Record<string, string>) {
    if (!validRecording(res, query)) return;
    if (!channel.answered) return wrong(res, 412, "Channel in invalid state", "record on a channel not answered");
    const name = query.name!;
    const format = query.format!;
    world.liveRecordings.set(name, { channel: channel.id, format, maxDurationSeconds: Number(query.maxDurationSeconds ?? 0) });
    const live = { name, format, state: "queued", target_uri: `channel:${channel.id}` };
    reply(res, 201, live);
    world.send({ type: "RecordingStarted", recording: { ...live, state: "recording" } });
  }

  return { recordingFile, finishPlayback, play, record, recordBridge, stopBridgeRecordings };
}

export type AriMedia = ReturnType<typeof ariMedia>;
