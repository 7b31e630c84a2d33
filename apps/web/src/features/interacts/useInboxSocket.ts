import type { ContactPresenceSignal, InteractionEventView, TypingSignal } from "@holboo/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { billingKeys } from "../billing/billing.queries.ts";

type Listener = (event: InteractionEventView) => void;
/** Live signals that are not stored events, by their socket event name. */
interface Signals {
  typing: TypingSignal;
  "contact.presence": ContactPresenceSignal;
}
type SignalListener = { [K in keyof Signals]: { name: K; listener: (signal: Signals[K]) => void } }[keyof Signals];

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
  const signalListeners = useRef(new Set<SignalListener>());

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
    // The company's access closed (company_suspended): the billing status reloads and the closed screen shows.
    live.on("session.ended", () => void client.invalidateQueries({ queryKey: billingKeys.all }));
    live.on("presence", () => void client.invalidateQueries({ queryKey: ["users"] }));
    live.on("typing", (signal: TypingSignal) => {
      for (const entry of signalListeners.current) if (entry.name === "typing") entry.listener(signal);
    });
    live.on("contact.presence", (signal: ContactPresenceSignal) => {
      for (const entry of signalListeners.current) if (entry.name === "contact.presence") entry.listener(signal);
    });
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
    onSignal<K extends keyof Signals>(name: K, listener: (signal: Signals[K]) => void) {
      const entry = { name, listener } as SignalListener;
      signalListeners.current.add(entry);
      return () => void signalListeners.current.delete(entry);
    },
    onReconnect(listener: () => void) {
      reconnectListeners.current.add(listener);
      return () => void reconnectListeners.current.delete(listener);
    },
  };
}

export type InboxSocket = ReturnType<typeof useInboxSocket>;
