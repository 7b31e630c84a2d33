import { useEffect, useRef } from "react";
import { threadCalls } from "./inbox.queries.ts";
import type { ThreadItem } from "./thread-state.ts";

/**
 * Read by this person (their own unread counts) and seen by staff (the customer's receipts), once it is on a visible
 * screen. Read up to the newest message: later events (its receipts) change nothing this person has to read.
 */
export function useReadReceipt(interactionId: number, items: ThreadItem[]) {
  const readUpTo = useRef(0);
  const newestSeq = items.findLast((item) => item.kind === "message")?.seq ?? 0;
  useEffect(() => {
    const read = () => {
      if (newestSeq <= readUpTo.current || document.visibilityState !== "visible") return;
      readUpTo.current = newestSeq;
      void threadCalls.seen(interactionId, newestSeq).catch(() => undefined);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [newestSeq, interactionId]);
}
