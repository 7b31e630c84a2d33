import { STAFF_SOCKET_REFUSALS, type SocketPayload, type StaffClientEvents, type StaffServerEvents } from "@holboo/core";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { io as connect, Manager, Socket } from "socket.io-client";

/**
 * Why live updates are down: the server refused this page's address or its sign-in at the handshake, ended the
 * connection itself (sign-out, the company's access closed), or cannot be reached (socket.io keeps trying then).
 */
export type LiveDownReason = "origin" | "session" | "ended" | "unreachable";

/**
 * connecting: the first attempt is under way (nothing missed yet); connected; down, with its reason. `settled` turns
 * true with the first connection or the first failure (at the latest after 5 s) and stays true: data that pushes keep
 * fresh is fetched from then.
 */
export interface LiveState {
  status: "connecting" | "connected" | "down";
  reason: LiveDownReason | null;
  settled: boolean;
}

/**
 * The one staff socket of a browser tab. Only signed-in screens subscribe, so it opens with its first subscriber,
 * reconnects on its own (socket.io), and closes once its last subscriber has gone (after the current render, so
 * a screen that unmounts and mounts again keeps it). Features subscribe by event name and get an unsubscribe back.
 */
type StaffSocket = Socket<StaffServerEvents, StaffClientEvents>;
/** A server push's payload, by its name in core's event map. */
export type StaffPush<Name extends keyof StaffServerEvents> = SocketPayload<StaffServerEvents, Name>;
type AnyHandler = (payload: unknown) => void;

let socket: StaffSocket | null = null;
/** The socket library loads while the first screen renders, not before it: the connection needs it only after /api/me. */
const socketLibrary = import("socket.io-client");
let opening = false;
let subscribers = 0;
let closing: ReturnType<typeof setTimeout> | undefined;
let state: LiveState = { status: "connecting", reason: null, settled: false };
/** Listeners called on every (re)connection, told whether nothing could have been fetched before it (`settled` was false). */
const connectListeners = new Set<(first: boolean) => void>();
const stateListeners = new Set<() => void>();
/** Server-event handlers by event name, kept here so those subscribed while the library loads join the socket once it exists. */
const eventHandlers = new Map<string, Set<AnyHandler>>();

function setState(next: Omit<LiveState, "settled">) {
  state = { ...next, settled: true };
  for (const listener of stateListeners) listener();
}

const refusal = (message: string): LiveDownReason =>
  message === STAFF_SOCKET_REFUSALS.origin ? "origin" : message === STAFF_SOCKET_REFUSALS.session ? "session" : "unreachable";

function open(io: typeof connect): StaffSocket {
  // An attempt that neither opens nor fails (an upgrade a proxy swallows, a handshake left unanswered) must not hold the
  // screens back: after 5 s they fetch anyway, and the banner says live updates are down.
  const live: StaffSocket = io({ transports: ["websocket", "polling"], withCredentials: true, timeout: 5000 });
  setTimeout(() => state.status === "connecting" && socket === live && setState({ status: "down", reason: "unreachable" }), 5000);
  live.on("connect", () => {
    const first = !state.settled;
    setState({ status: "connected", reason: null });
    for (const listener of connectListeners) listener(first);
  });
  // A refusal by the server's handshake is final (socket.io does not retry it); a transport failure is retried.
  live.on("connect_error", (error: Error) => setState({ status: "down", reason: refusal(error.message) }));
  // The manager tells of each attempt after a failed one, also when the transport closed without an error.
  (live.io as Manager | undefined)?.on("reconnect_attempt", () => {
    if (state.status !== "down") setState({ status: "down", reason: "unreachable" });
  });
  live.on("disconnect", (why) => {
    if (why === "io client disconnect") return;
    setState({ status: "down", reason: why === "io server disconnect" ? "ended" : "unreachable" });
  });
  // socket.io-client cannot match a listener to an event name that is still generic; onStaffEvent's signature checks both.
  const untyped: Socket = live;
  for (const [name, handlers] of eventHandlers) for (const handler of handlers) untyped.on(name, handler);
  return live;
}

function acquire() {
  clearTimeout(closing);
  subscribers += 1;
  if (socket || opening) return;
  opening = true;
  socketLibrary.then(
    ({ io }) => {
      opening = false;
      // Everyone may have left while it loaded.
      if (subscribers > 0 && !socket) socket = open(io);
    },
    () => {
      // The library's chunk did not load (a deploy replaced it, the network is gone): no live updates, screens fetch.
      opening = false;
      setState({ status: "down", reason: "unreachable" });
    },
  );
}

function release() {
  subscribers -= 1;
  if (subscribers > 0) return;
  closing = setTimeout(() => {
    if (subscribers > 0) return;
    socket?.close();
    socket = null;
    state = { status: "connecting", reason: null, settled: false };
    for (const listener of stateListeners) listener();
  }, 0);
}

/** Listens to one server event of core's map on the shared socket until the returned function is called. */
export function onStaffEvent<Name extends keyof StaffServerEvents>(name: Name, handler: (payload: StaffPush<Name>) => void): () => void {
  const event: string = name;
  const listener = handler as AnyHandler;
  const handlers = eventHandlers.get(event) ?? new Set();
  eventHandlers.set(event, handlers.add(listener));
  acquire();
  const untyped: Socket | null = socket;
  untyped?.on(event, listener);
  return () => {
    handlers.delete(listener);
    const current: Socket | null = socket;
    current?.off(event, listener);
    release();
  };
}

/**
 * Called on every reconnection after subscribing: pushes sent while the socket was away are lost, so whoever holds
 * pushed state asks the server again (a thread for the events after its last sequence number). The tab's first
 * connection is not one when nothing was fetched before it: what waits for `useLiveReady` is fetched after it. After
 * a failed first attempt (data fetched meanwhile) it is.
 */
export function onStaffConnect(listener: () => void): () => void {
  acquire();
  const call = (first: boolean) => {
    if (!first) listener();
  };
  connectListeners.add(call);
  return () => {
    connectListeners.delete(call);
    release();
  };
}

/** Sends a signal (typing) when connected; signals are never queued for later. */
export function emitStaff<Name extends keyof StaffClientEvents>(name: Name, ...payload: Parameters<StaffClientEvents[Name]>) {
  if (socket?.connected) socket.emit(name, ...payload);
}

/** Subscribes a component to one event; the latest handler is called, so it may read fresh props and state. */
export function useStaffEvent<Name extends keyof StaffServerEvents>(name: Name, handler: (payload: StaffPush<Name>) => void, enabled = true) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return onStaffEvent(name, (payload: StaffPush<Name>) => latest.current(payload));
  }, [name, enabled]);
}

const subscribeState = (listener: () => void) => {
  stateListeners.add(listener);
  return () => void stateListeners.delete(listener);
};

/** The shared socket's state (the layout's banner names the reason while it is down). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeState, () => state);
}

/**
 * Whether data kept fresh by pushes may be fetched now: once the tab's socket connected (pushes from then on reach
 * it, so one fetch is enough), or failed or timed out (the data is fetched anyway, and again when it connects).
 * Fetching before the connection would need a second fetch after it, for what changed in between.
 */
export function useLiveReady(): boolean {
  useEffect(() => {
    acquire();
    return release;
  }, []);
  return useLiveState().settled;
}
