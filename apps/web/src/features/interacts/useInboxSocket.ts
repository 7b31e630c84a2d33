import type { InteractionEventView } from "@holboo/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";

type Listener = (event: InteractionEventView) => void;

/**
 * One staff socket for the inbox. Every event refreshes the lists; the open thread also listens and,
 * on each (re)connect, asks for what it missed after its last sequence.
 */
export function useInboxSocket() {
  const client = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const reconnectListeners = useRef(new Set<() => void>());

  useEffect(() => {
    const live = io({ transports: ["websocket", "polling"], withCredentials: true });
    live.on("connect", () => {
      setConnected(true);
      for (const listener of reconnectListeners.current) listener();
    });
    live.on("disconnect", () => setConnected(false));
    live.on("interaction.event", (event: InteractionEventView) => {
      for (const listener of listeners.current) listener(event);
      void client.invalidateQueries({ queryKey: ["interactions"] });
    });
    live.on("presence", () => void client.invalidateQueries({ queryKey: ["users"] }));
    setSocket(live);
    return () => {
      live.close();
    };
  }, [client]);

  return {
    socket,
    connected,
    onEvent(listener: Listener) {
      listeners.current.add(listener);
      return () => void listeners.current.delete(listener);
    },
    onReconnect(listener: () => void) {
      reconnectListeners.current.add(listener);
      return () => void reconnectListeners.current.delete(listener);
    },
  };
}

export type InboxSocket = ReturnType<typeof useInboxSocket>;
