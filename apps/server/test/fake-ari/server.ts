import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { ariMedia } from "./media.ts";
import { ariRestHandler } from "./rest.ts";
import { scriptedCalls } from "./script.ts";
import { createAriWorld } from "./world.ts";

/**
 * Asterisk's ARI on localhost, as docs.asterisk.org documents it: REST under /ari with HTTP Basic (the
 * ari.conf user), parameters in the query string, the events WebSocket at /ari/events?app=…, and event
 * JSON with `type`, `application`, `timestamp`, `asterisk_id` and the Channel object. Every request is
 * checked (rest.ts); a wrong one is answered as Asterisk does (400/404/422) and listed in `violations`,
 * which tests expect empty. What callers and people do is scripted (script.ts).
 * Media (media.ts): `play` fetches each `sound:http…` prompt as Asterisk's media cache does (a link that does
 * not give audio is a violation) and reports PlaybackStarted/Finished; `record` makes a live recording that
 * `leaveVoicemail` finishes and stores, readable at /recordings/stored/{name}/file.
 * Click-to-call: a channel originated into the dialplan (`extension` + `context`) is not in the Stasis app,
 * so its events reach the app only after POST /applications/{app}/subscription?eventSource=channel:{id}.
 */
export async function startFakeAri(options: { username?: string; password?: string; app?: string } = {}) {
  const world = createAriWorld(options);
  const { app, sockets } = world;
  const server = createServer(ariRestHandler(world, ariMedia(world)));
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://ari.local");
    if (url.pathname !== "/ari/events" || world.refuseSockets || !world.authorised(req) || url.searchParams.get("app") !== app) {
      if (url.pathname !== "/ari/events" || url.searchParams.get("app") !== app) world.violations.push(`events socket ${req.url}`);
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

  return {
    url,
    username: world.username,
    password: world.password,
    app,
    channels: world.channels,
    bridges: world.bridges,
    requests: world.requests,
    violations: world.violations,
    doubleRings: world.doubleRings,
    recordings: world.recordings,
    unreachable: world.unreachable,
    playbacks: world.playbacks,
    liveRecordings: world.liveRecordings,
    media: world.media,
    ...scriptedCalls(world),
    get connected() {
      return sockets.size;
    },
    /** Events sent on the events socket so far. */
    get eventsSent() {
      return world.eventsSent;
    },
    /** A message on every events socket exactly as given (the conformance tests' documented examples). */
    sendRaw(body: string) {
      world.eventsSent += 1;
      for (const socket of sockets) socket.send(body);
    },
    /** The events socket drops (Asterisk restarted, the network failed); new ones are refused until `allowSockets`. */
    dropSockets(refuse = false) {
      world.refuseSockets = refuse;
      for (const socket of sockets) socket.terminate();
    },
    allowSockets() {
      world.refuseSockets = false;
    },
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
