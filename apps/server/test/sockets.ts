import { SESSION_COOKIE, type StaffClientEvents, type StaffServerEvents, type VisitorClientEvents, type VisitorServerEvents } from "@holboo/core";
import { io, type Socket } from "socket.io-client";
import type { Client, Served } from "./harness.ts";

/** A staff socket authenticated by the client's session cookie, like the web app's. */
export function staffSocket(t: Served, client: Client): Socket<StaffServerEvents, StaffClientEvents> {
  return io(t.url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
  });
}

export function visitorSocket(t: Served, token: string): Socket<VisitorServerEvents, VisitorClientEvents> {
  return io(`${t.url}/webchat`, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { token } });
}

/** The same socket as a client that ignores the event map holds it: any name, any payload (malformed or hostile sends). */
export function unmapped(socket: Socket<StaffServerEvents, StaffClientEvents> | Socket<VisitorServerEvents, VisitorClientEvents>): Socket {
  return socket;
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

/** Collects everything the socket receives under one event name. */
export function collect<T>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
