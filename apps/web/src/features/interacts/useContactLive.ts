import { useEffect, useRef, useState } from "react";
import { useContactPresence } from "./inbox.queries.ts";
import type { InboxSocket } from "./useInboxSocket.ts";

/** How long a typing signal shows; the widget repeats it at most every 2 s while the customer types. */
const TYPING_SHOWS_MS = 4000;

/**
 * Who is live in one conversation: whether the customer has the chat open, and who is typing now
 * (the customer, or a colleague by name). Nothing of it is stored; a reconnect asks again.
 */
export function useContactLive(interactionId: number, live: InboxSocket) {
  const presence = useContactPresence(interactionId);
  const refetch = useRef(presence.refetch);
  refetch.current = presence.refetch;
  const [online, setOnline] = useState<boolean | null>(null);
  const [typing, setTyping] = useState<{ who: "contact" | "user"; name: string } | null>(null);

  useEffect(() => {
    setOnline(null);
    setTyping(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offPresence = live.onSignal("contact.presence", (signal) => {
      if (signal.interaction_id === interactionId) setOnline(signal.online);
    });
    const offTyping = live.onSignal("typing", (signal) => {
      if (signal.interaction_id !== interactionId) return;
      setTyping({ who: signal.who, name: signal.name ?? "" });
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(null), TYPING_SHOWS_MS);
    });
    const offReconnect = live.onReconnect(() => {
      setOnline(null);
      void refetch.current();
    });
    return () => {
      clearTimeout(timer);
      offPresence();
      offTyping();
      offReconnect();
    };
  }, [interactionId, live]);

  return { online: online ?? presence.data?.contact_online ?? false, typing };
}
