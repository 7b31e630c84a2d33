import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { useStaffEvent } from "../../lib/staff-socket.ts";
import { api } from "../../lib/api.ts";
import { callKeys } from "./calls.keys.ts";

/**
 * Refreshes every call query when the server says a call changed (the company's staff room). A busy call center
 * sends many changes a second: one refresh runs at a time and the changes during it make one more, so the
 * screen ends on the latest state without a request per change (each of which would cancel the one before).
 */
export function useCallUpdates(enabled = true) {
  const client = useQueryClient();
  const refreshing = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const refresh = useCallback(async () => {
    const state = refreshing.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await client.invalidateQueries({ queryKey: callKeys.all });
      } while (state.again);
    } finally {
      state.running = false;
    }
  }, [client]);
  useStaffEvent("call.updated", () => void refresh(), enabled);
}

export const useInteractionCalls = (interactionId: number, enabled: boolean) =>
  useQuery({
    queryKey: callKeys.interaction(interactionId),
    queryFn: () => api.get("/api/interactions/:id/calls", { params: { id: interactionId } }),
    enabled,
  });

export const useContactCalls = (contactId: number) =>
  useQuery({ queryKey: callKeys.contact(contactId), queryFn: () => api.get("/api/contacts/:id/calls", { params: { id: contactId } }) });

/** 75 → "1:15", 3700 → "1:01:40". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}
