import { useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";

/**
 * The one staff socket of a browser tab. Only signed-in screens subscribe, so it opens with its first subscriber,
 * reconnects on its own (socket.io), and closes once its last subscriber has gone (after the current render, so
 * a screen that unmounts and mounts again keeps it). Features subscribe by event name and get an unsubscribe back.
 */
let socket: Socket | null = null;
let subscribers = 0;
let closing: ReturnType<typeof setTimeout> | undefined;
const connectListeners = new Set<() => void>();
const connectionListeners = new Set<(connected: boolean) => void>();

function acquire(): Socket {
  clearTimeout(closing);
  subscribers += 1;
  if (socket) return socket;
  const live = io({ transports: ["websocket", "polling"], withCredentials: true });
  live.on("connect", () => {
    for (const listener of connectionListeners) listener(true);
    for (const listener of connectListeners) listener();
  });
  live.on("disconnect", () => {
    for (const listener of connectionListeners) listener(false);
  });
  socket = live;
  return live;
}

function release() {
  subscribers -= 1;
  if (subscribers > 0) return;
  closing = setTimeout(() => {
    if (subscribers > 0) return;
    socket?.close();
    socket = null;
  }, 0);
}

/** Listens to one server event on the shared socket until the returned function is called. */
export function onStaffEvent<T>(name: string, handler: (payload: T) => void): () => void {
  const live = acquire();
  live.on(name, handler);
  return () => {
    live.off(name, handler);
    release();
  };
}

/**
 * Called on every (re)connection after subscribing: pushes sent while the socket was away are lost, so whoever
 * holds pushed state asks the server again (a thread for the events after its last sequence number).
 */
export function onStaffConnect(listener: () => void): () => void {
  acquire();
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
    release();
  };
}

/** Sends a signal (typing) when connected; signals are never queued for later. */
export function emitStaff(name: string, payload: unknown) {
  if (socket?.connected) socket.emit(name, payload);
}

/** Subscribes a component to one event; the latest handler is called, so it may read fresh props and state. */
export function useStaffEvent<T>(name: string, handler: (payload: T) => void, enabled = true) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return onStaffEvent<T>(name, (payload) => latest.current(payload));
  }, [name, enabled]);
}

/** Whether the shared socket is connected now (the inbox shows "reconnecting" while it is not). */
export function useStaffConnected(): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    connectionListeners.add(setConnected);
    setConnected(socket?.connected ?? false);
    return () => void connectionListeners.delete(setConnected);
  }, []);
  return connected;
}
