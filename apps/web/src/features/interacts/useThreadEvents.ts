import { useCallback, useEffect, useMemo, useState } from "react";
import { notifyError } from "../../lib/api.ts";
import { useLiveReady } from "../../lib/staff-socket.ts";
import { threadCalls } from "./inbox.queries.ts";
import { ThreadState } from "./thread-state.ts";
import type { InboxSocket } from "./useInboxSocket.ts";

/** How many messages a page of history holds; a full page means there may be older ones. */
const PAGE = 30;

/**
 * One conversation's thread: the newest page of messages, every event after it (live, and caught up after a
 * reconnect or a gap), and older pages on demand. `keepPosition` is called just before older messages go in above.
 */
export function useThreadEvents(interactionId: number, live: InboxSocket, keepPosition: () => void) {
  const liveReady = useLiveReady();
  const state = useMemo(() => new ThreadState(), [interactionId]);
  const [, redraw] = useState(0);
  const [hasOlder, setHasOlder] = useState(false);

  const catchUp = useCallback(async () => {
    const { items } = await threadCalls.events(interactionId, state.lastSeq);
    if (state.apply(items)) redraw((n) => n + 1);
  }, [interactionId, state]);

  useEffect(() => {
    // After the socket is up, so what is pushed from then on reaches it and nothing falls between (useLiveReady).
    if (!liveReady) return;
    // The newest page of messages first, then every event after it; older pages load on demand.
    void (async () => {
      const { items } = await threadCalls.messages(interactionId, { limit: PAGE });
      state.prepend(items);
      setHasOlder(items.length === PAGE);
      // Events from just before the oldest loaded message: the notes between messages show too.
      state.lastSeq = items.length ? Math.min(...items.map((m) => m.seq)) - 1 : 0;
      await catchUp();
      redraw((n) => n + 1);
    })().catch(notifyError);
    const offEvent = live.onEvent((event) => {
      if (event.interaction_id !== interactionId) return;
      if (event.seq > state.lastSeq + 1) void catchUp();
      else if (state.apply([event])) redraw((n) => n + 1);
    });
    const offReconnect = live.onReconnect(() => void catchUp());
    return () => {
      offEvent();
      offReconnect();
    };
  }, [interactionId, live, state, catchUp, liveReady]);

  const loadOlder = async () => {
    const before = state.oldestMessageSeq;
    if (!before) return;
    const { items } = await threadCalls.messages(interactionId, { before, limit: PAGE });
    keepPosition();
    state.prepend(items);
    setHasOlder(items.length === PAGE);
    redraw((n) => n + 1);
  };

  return { items: state.ordered(), hasOlder, loadOlder, catchUp };
}

export type ThreadEvents = ReturnType<typeof useThreadEvents>;
